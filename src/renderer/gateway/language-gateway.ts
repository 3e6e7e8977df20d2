import type { ApiRequest, DownloadRequest, Gateway } from '../../shared/gateway/channels.ts';

/**
 * The gateway with every API request asking for answers in the UI's language (`Accept-Language`), so problems
 * and their details read in the language the user chose rather than the browser's or the OS's.
 */
export function withLanguage(gateway: Gateway, language: () => string): Gateway {
  const localized = (request: ApiRequest): ApiRequest => ({
    ...request,
    headers: { 'accept-language': language(), ...request.headers },
  });
  return Object.freeze({
    ...gateway,
    api: Object.freeze({
      ...gateway.api,
      request: (request: ApiRequest) => gateway.api.request(localized(request)),
    }),
    dialog: Object.freeze({
      ...gateway.dialog,
      saveDownload: (download: DownloadRequest) =>
        gateway.dialog.saveDownload({ ...download, request: localized(download.request) }),
    }),
  }) satisfies Gateway;
}
