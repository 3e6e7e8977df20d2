/**
 * The renderer's calls to the service, all through the one typed client of `src/shared/client` (the one the QA kit
 * and the benches use) over the gateway: paging, `Service-Total-Count`, problem+json and idempotent submission are
 * the client's; what stays here is the app's own choice of order and the few answers a screen reads raw.
 */
import type { Company, Receive, Send } from '../../shared/api/types.ts';
import {
  ApiProblem,
  ScambioClient,
  gatewayTransport,
  type Page as ClientPage,
} from '../../shared/client/index.ts';
import type { ApiRequest, ApiResponse, Gateway, SandboxClockState } from '../../shared/gateway/channels.ts';

export { ApiProblem, isProblem, problemOf } from '../../shared/client/index.ts';

/** A page of rows and the total the server counted: what a table needs of the client's Page. */
export type Page<T> = Pick<ClientPage<T>, 'items' | 'total'>;

/** One client per gateway, so every screen shares it (and a test's gateway gets its own). */
const clients = new WeakMap<Gateway, ScambioClient>();

/** The typed client over this gateway: the key stays with the host. */
export function clientOf(gateway: Gateway): ScambioClient {
  let client = clients.get(gateway);
  if (!client) clients.set(gateway, (client = new ScambioClient(gatewayTransport(gateway))));
  return client;
}

/** The message a failed call shows: the problem's own words where there are some. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Newest first unless the caller sorts otherwise: the order every sent list starts in. */
export const listSent = (gateway: Gateway, query: ApiRequest['query']): Promise<Page<Send>> =>
  clientOf(gateway).sent.page({ sort: '-created', ...query });

export const listReceived = (gateway: Gateway, query: ApiRequest['query']): Promise<Page<Receive>> =>
  clientOf(gateway).received.page(query);

export const listCompanies = (gateway: Gateway, query: ApiRequest['query']): Promise<Page<Company>> =>
  clientOf(gateway).companies.page(query);

/** The file name of a `Content-Disposition: attachment; filename="…"` header, if any. */
export function attachmentName(response: ApiResponse): string | null {
  return /filename="([^"]+)"/.exec(response.headers['content-disposition'] ?? '')?.[1] ?? null;
}

/** A sent invoice, with its file when asked. */
export const getSent = (gateway: Gateway, id: number, includePayload = false) =>
  clientOf(gateway).sent.get(id, { payload: includePayload });

/**
 * A received invoice with its file. Reading the file marks an unread invoice read (one billed operation): only
 * for invoices the user opened or chose to read.
 */
export const getReceived = (gateway: Gateway, id: number) =>
  clientOf(gateway)
    .request({ method: 'GET', path: `/receive/${id}`, query: { include_payload: true } })
    .then((response) => {
      if (response.status !== 200) throw new ApiProblem(response);
      return response.body as Receive;
    });

/** One SDI notification file of an Update, as the API answers it (the XML as text, with its file name). */
export const getNotificationFile = (gateway: Gateway, updateId: number) =>
  clientOf(gateway).request({ method: 'GET', path: `/update/${updateId}/notification` });

/** Submission options and headers of the composer's calls (signature mode, language, Idempotency-Key). */
type XmlCall = { query: ApiRequest['query']; headers: Record<string, string> };

/** `POST /send/validate/xml`: 204, or the problems SDI would find (422). Nothing is stored. */
export const validateInvoiceXml = (gateway: Gateway, xml: string, call: XmlCall) =>
  clientOf(gateway).request({ method: 'POST', path: '/send/validate/xml', body: xml, ...call });

/** `POST /send/xml`: 201 with the new Send, or a refusal; the answer as it came (a live send may be declined). */
export const sendInvoiceXml = (gateway: Gateway, xml: string, call: XmlCall) =>
  clientOf(gateway).request({ method: 'POST', path: '/send/xml', body: xml, ...call });

/** An invoice's SDI history, oldest first. */
export const listUpdates = (gateway: Gateway, sendId: number) =>
  clientOf(gateway).updates.page({ send_id: sendId, sort: 'last_update', page_size: 200 });

export const getCompany = (gateway: Gateway, id: number) => clientOf(gateway).companies.get(id);

/** `DELETE /company/{id}`; the raw answer, since a 409 carries what the company still owns. */
export const deleteCompany = (gateway: Gateway, id: number, force: boolean) =>
  clientOf(gateway).request({
    method: 'DELETE',
    path: `/company/${id}`,
    query: force ? { force: true } : undefined,
  });

/** What the header search finds: a few of each kind, by the server's free-text `q`. */
export interface SearchResults {
  sent: Send[];
  received: Receive[];
  companies: Company[];
}

export async function searchEverything(gateway: Gateway, q: string, limit = 5): Promise<SearchResults> {
  const [sent, received, companies] = await Promise.all([
    listSent(gateway, { q, page_size: limit }),
    listReceived(gateway, { q, page_size: limit, sort: '-created' }),
    listCompanies(gateway, { q, page_size: limit, sort: 'name' }),
  ]);
  return { sent: sent.items, received: received.items, companies: companies.items };
}

/** The local sandbox's clock, or null where there is none (a remote profile, a fixed clock). */
export async function sandboxClock(gateway: Gateway): Promise<SandboxClockState | null> {
  try {
    const response = await gateway.sandbox.clock();
    return response.status === 200 ? (response.body as SandboxClockState) : null;
  } catch {
    return null;
  }
}
