import { basicAuthorization, performApiRequest, sandboxControlBase } from '../gateway/api-fetch.ts';
import type { ApiRequest, ApiResponse, Gateway } from '../gateway/channels.ts';

/**
 * How the client reaches the service: one request in, the whole answer out. The renderer's gateway
 * (`window.scambio.api.request`) is one; `fetchTransport` is the other, for scripts, tests and servers holding
 * their own key.
 */
export interface Transport {
  /** A call to the v1 API (`/v1/…`). */
  api(request: ApiRequest): Promise<ApiResponse>;
  /** A call to the local sandbox's control API (`/_sandbox/…`); absent where there is none. */
  sandbox?(request: ApiRequest): Promise<ApiResponse>;
}

export interface FetchTransportOptions {
  /** The API root, e.g. `http://127.0.0.1:8780/v1`. */
  baseUrl: string;
  /** An `ik_test_…` or `ik_live_…` key; null for the calls that need none (`/health`). */
  apiKey: string | null;
  /** Any WHATWG fetch (undici, a test double, a proxy-aware one); default: the global fetch. */
  fetch?: typeof fetch;
  /** `Accept-Language` of every call: problems come back in it, en or de (default: the server's, Italian). */
  language?: string;
}

/** A transport over fetch with Basic authentication: the same request code the desktop app and the page use. */
export function fetchTransport(options: FetchTransportOptions): Transport {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const authorization = options.apiKey === null ? null : basicAuthorization(options.apiKey);
  const withLanguage = (request: ApiRequest): ApiRequest =>
    options.language
      ? { ...request, headers: { 'accept-language': options.language, ...request.headers } }
      : request;
  return {
    api: (request) => performApiRequest(fetchImpl, options.baseUrl, authorization, withLanguage(request)),
    sandbox: (request) =>
      performApiRequest(fetchImpl, sandboxControlBase(options.baseUrl), authorization, withLanguage(request)),
  };
}

/**
 * The renderer's gateway as a transport: the key stays with the host, as everywhere in the app. The sandbox's
 * control API goes through the host's `sandbox.control` channel, which refuses it for a remote profile.
 */
export function gatewayTransport(
  gateway: Pick<Gateway, 'api'> & Partial<Pick<Gateway, 'sandbox'>>,
): Transport {
  const sandbox = gateway.sandbox;
  return {
    api: (request) => gateway.api.request(request),
    ...(sandbox ? { sandbox: (request: ApiRequest) => sandbox.control(request) } : {}),
  };
}
