/**
 * Which API calls check and send a picked invoice file. The gateway sends JSON or a string, never multipart, so:
 * an XML file that is UTF-8 goes as the XML text itself (`/send/validate/xml`, `/send/xml`: the server stores the
 * very bytes); anything else (a signed `.p7m`, an XML in another encoding) goes as Base64 in a JSON Send
 * (`/send/validate`, `/send`), which is byte-exact too. A file already named as SDI names files keeps its name:
 * it goes as Base64 in JSON with `file_name` (the XML routes carry no name, and the server would make one up).
 * The sending is the client's idempotent submission (src/shared/client/submit.ts): one Idempotency-Key per pick,
 * retried safely after a lost answer, a 5xx or a 429.
 */
import { checkSdiFileName } from '../../shared/fatturapa/file-name.ts';
import type { ScambioClient, Submitted } from '../../shared/client/index.ts';
import type { ApiRequest, PickedFile } from '../../shared/gateway/channels.ts';
import { fromBase64, utf8Text } from '../data/payload.ts';

export interface SubmissionRequests {
  validate: ApiRequest;
  /**
   * Sends the file under the pick's Idempotency-Key: sending the same pick twice (a retry after a lost answer)
   * stores one invoice. Anything but a stored invoice is thrown as an ApiProblem (a declined live send too).
   */
  send: (client: ScambioClient) => Promise<Submitted>;
}

/**
 * The check asks about the file as it will be sent: with the service's default signature mode (Auto), which
 * signs an unsigned PA invoice, so such a file is not refused as unsigned before it is sent.
 */
const AS_SENT = { signature: 'Auto' };

export function submissionRequests(file: PickedFile, idempotencyKey: string): SubmissionRequests {
  const named = checkSdiFileName(file.name) === 'ok';
  const text = !named && /\.xml$/i.test(file.name) ? utf8Text(fromBase64(file.contentBase64)) : null;
  if (text !== null) {
    const xml = { 'content-type': 'application/xml' };
    return {
      validate: { method: 'POST', path: '/send/validate/xml', query: AS_SENT, body: text, headers: xml },
      send: (client) => client.sent.submitXml(text, { idempotencyKey }),
    };
  }
  const body = named
    ? { payload: file.contentBase64, file_name: file.name }
    : { payload: file.contentBase64 };
  return {
    validate: { method: 'POST', path: '/send/validate', query: AS_SENT, body },
    send: (client) => client.sent.submit(body, { idempotencyKey }),
  };
}
