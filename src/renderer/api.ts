import type { Company, CompanyInput, ProblemDetails, Receive, Send, Update } from '../shared/api/types.ts';
import type { ApiRequest, ApiResponse, Gateway, SandboxClockState } from '../shared/gateway/channels.ts';

export interface Page<T> {
  items: T[];
  total: number;
}

/** An API answer that was not the one asked for, with the problem it carried (if it was one). */
export class ApiError extends Error {
  constructor(
    readonly response: ApiResponse,
    readonly problem: ProblemDetails | null = problemOf(response),
  ) {
    super(problem?.detail || problem?.title || `HTTP ${response.status}`);
  }
}

/** The RFC 9457 problem in an answer, or null when the body is something else. */
export function problemOf(response: ApiResponse): ProblemDetails | null {
  const body = response.body;
  if (response.encoding !== 'json' || typeof body !== 'object' || body === null || Array.isArray(body))
    return null;
  return typeof (body as Partial<ProblemDetails>).title === 'string' ? (body as ProblemDetails) : null;
}

/** The message a failed call shows: the problem's own words where there are some. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A GET answering JSON 200, as `T`. */
export async function getJson<T>(gateway: Gateway, path: string, query?: ApiRequest['query']): Promise<T> {
  const response = await gateway.api.request({ method: 'GET', path, query });
  if (response.status !== 200 || response.encoding !== 'json') throw new ApiError(response);
  return response.body as T;
}

/** One page of a v1 list, with the total from `Service-Total-Count`. */
export async function listPage<T>(
  gateway: Gateway,
  path: string,
  query: ApiRequest['query'],
): Promise<Page<T>> {
  const response = await gateway.api.request({ method: 'GET', path, query });
  if (response.status !== 200 || !Array.isArray(response.body)) throw new ApiError(response);
  const total = Number(response.headers['service-total-count'] ?? response.body.length);
  return { items: response.body as T[], total };
}

export const listSent = (gateway: Gateway, query: ApiRequest['query']) =>
  listPage<Send>(gateway, '/send', { sort: '-created', ...query });

export const listReceived = (gateway: Gateway, query: ApiRequest['query']) =>
  listPage<Receive>(gateway, '/receive', query);

/** The file name of a `Content-Disposition: attachment; filename="…"` header, if any. */
export function attachmentName(response: ApiResponse): string | null {
  return /filename="([^"]+)"/.exec(response.headers['content-disposition'] ?? '')?.[1] ?? null;
}

/** The answer of a call expected to succeed with `status`, as `T`; anything else is an ApiError. */
async function expect<T>(gateway: Gateway, request: ApiRequest, status: number): Promise<T> {
  const response = await gateway.api.request(request);
  if (response.status !== status) throw new ApiError(response);
  return response.body as T;
}

export const getSent = (gateway: Gateway, id: number, includePayload = false) =>
  getJson<Send>(gateway, `/send/${id}`, includePayload ? { include_payload: true } : undefined);

export const getReceived = (gateway: Gateway, id: number) =>
  getJson<Receive>(gateway, `/receive/${id}`, { include_payload: true });

/** One SDI notification file of an Update, as the API answers it (the XML as text, with its file name). */
export const getNotificationFile = (gateway: Gateway, updateId: number) =>
  gateway.api.request({ method: 'GET', path: `/update/${updateId}/notification` });

/** Submission options and headers of the composer's calls (signature mode, language, Idempotency-Key). */
type XmlCall = { query: ApiRequest['query']; headers: Record<string, string> };

/** `POST /send/validate/xml`: 204, or the problems SDI would find (422). Nothing is stored. */
export const validateInvoiceXml = (gateway: Gateway, xml: string, call: XmlCall) =>
  gateway.api.request({ method: 'POST', path: '/send/validate/xml', body: xml, ...call });

/** `POST /send/xml`: 201 with the new Send, or a refusal; the answer as it came (a live send may be declined). */
export const sendInvoiceXml = (gateway: Gateway, xml: string, call: XmlCall) =>
  gateway.api.request({ method: 'POST', path: '/send/xml', body: xml, ...call });

export const listUpdates = (gateway: Gateway, sendId: number) =>
  listPage<Update>(gateway, '/update', { send_id: sendId, sort: 'last_update', page_size: 200 });

export const listCompanies = (gateway: Gateway, query: ApiRequest['query']) =>
  listPage<Company>(gateway, '/company', query);

export const getCompany = (gateway: Gateway, id: number) => getJson<Company>(gateway, `/company/${id}`);

export const createCompany = (gateway: Gateway, input: CompanyInput) =>
  expect<Company>(gateway, { method: 'POST', path: '/company', body: input }, 201);

/** `PUT /company` with the `version` read: a 409 says someone else changed the company since. */
export const updateCompany = (gateway: Gateway, input: CompanyInput & { id: number; version: number }) =>
  expect<Company>(gateway, { method: 'PUT', path: '/company', body: input }, 200);

/** `DELETE /company/{id}`; the raw answer, since a 409 carries what the company still owns. */
export const deleteCompany = (gateway: Gateway, id: number, force: boolean) =>
  gateway.api.request({
    method: 'DELETE',
    path: `/company/${id}`,
    query: force ? { force: true } : undefined,
  });

/** Every company id of the account, all pages (an account has tens of companies, not thousands). */
export async function companyIds(gateway: Gateway): Promise<Set<number>> {
  const ids = new Set<number>();
  for (let page = 1; ; page++) {
    const { items, total } = await listCompanies(gateway, { page, page_size: 200, sort: 'id' });
    items.forEach((c) => ids.add(c.id));
    if (items.length === 0 || page * 200 >= total) return ids;
  }
}

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
