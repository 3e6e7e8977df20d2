import type {
  AccountStatus,
  Company,
  CompanyInput,
  HealthReport,
  LogEvent,
  Receive,
  Send,
  SendInput,
  SendState,
  SignatureMode,
  Update,
  WebHook,
  WebHookHistory,
} from '../api/types.ts';
import type { ApiRequest, ApiResponse, HttpMethod } from '../gateway/channels.ts';
import { everyItem, readAllPages, readPage, type Page, type Query } from './paging.ts';
import { ApiProblem } from './problem.ts';
import { SandboxControl } from './sandbox.ts';
import { submitIdempotently, type SubmitOptions, type Submitted } from './submit.ts';
import { fetchTransport, type FetchTransportOptions, type Transport } from './transport.ts';

/** A list's filters and sort, as the spec names them (`q`, `sort=-document_date`, `company_id`, …). */
export type ListQuery = Query & { page?: never; page_size?: never };

/** The calls of one kind of list: a page, or every item across pages. */
export interface Lister<T, Q extends Query = Query> {
  /** One page; `total` is the server's `Service-Total-Count`. */
  page(query?: Q & { page?: number; page_size?: number }): Promise<Page<T>>;
  /** Every matching item, page after page (`for await (const send of client.sent.all({...}))`). */
  all(query?: Q, pageSize?: number): AsyncGenerator<T, void, undefined>;
  /** Every matching item at once, with the total counted: no cap, as many pages as it takes. */
  readAll(query?: Q, pageSize?: number): Promise<{ items: T[]; total: number }>;
}

export interface SendListQuery extends Query {
  latest_state?: SendState;
  company_id?: number;
  sort?: string;
  q?: string;
}

/**
 * The typed client of the v1 API, the one the app and the tests use: plain TypeScript over any WHATWG fetch (no
 * Node or DOM-only API), answers typed with the shapes in `src/shared/api/types.ts`, lists paged through
 * `Service-Total-Count`, submissions made idempotent with an `Idempotency-Key` and retried safely, and every
 * problem+json answer thrown as an {@link ApiProblem}.
 *
 * ```ts
 * const client = ScambioClient.connect({ baseUrl: 'http://127.0.0.1:8780/v1', apiKey: process.env.KEY! });
 * const { send } = await client.sent.submitXml(xml);
 * for await (const invoice of client.received.all({ unread: true })) console.log(invoice.nome_prestatore);
 * ```
 */
export class ScambioClient {
  readonly companies: Lister<Company> & {
    get(idOrVat: number | string): Promise<Company>;
    create(input: CompanyInput): Promise<Company>;
    /** `PUT /company` with the `version` read: a conflict (`409`) means someone else changed it meanwhile. */
    update(input: CompanyInput & { id: number }): Promise<Company>;
    delete(idOrVat: number | string, options?: { force?: boolean }): Promise<Company>;
  };
  readonly sent: Lister<Send, SendListQuery> & {
    get(idOrIdentifier: number | string, options?: { payload?: boolean }): Promise<Send>;
    /** The file as sent: XML text, or Base64 of a `.p7m`. */
    payload(id: number): Promise<string>;
    /** `POST /send/xml`: the invoice as XML text. */
    submitXml(xml: string, options?: SubmitOptions): Promise<Submitted>;
    /** `POST /send`: XML text or Base64 of XML/P7M in `payload`, with an optional file name and metadata. */
    submit(input: SendInput, options?: SubmitOptions): Promise<Submitted>;
    /** `POST /send/validate/xml`: every problem SDI would find, nothing stored; an empty list when valid. */
    validateXml(xml: string, options?: { signature?: SignatureMode }): Promise<ApiProblem['errors']>;
  };
  readonly received: Lister<Receive, Query & { unread?: boolean }> & {
    /** Metadata only: does not mark the invoice read. */
    get(id: number): Promise<Receive>;
    /** The file: marks the invoice read (one operation if it was unread). */
    payload(id: number): Promise<string>;
    delete(id: number): Promise<Receive>;
  };
  readonly updates: Lister<Update, Query & { send_id?: number; unread?: boolean; state?: SendState }> & {
    get(id: number): Promise<Update>;
  };
  readonly webhooks: Lister<WebHook> & {
    get(id: number): Promise<WebHook>;
    /** The answer carries the signing `secret`, shown this once. */
    create(input: WebhookInput): Promise<WebHook>;
    update(input: WebhookInput & { id: number }): Promise<WebHook>;
    delete(id: number): Promise<WebHook>;
    history: Lister<WebHookHistory, Query & { webhook_id?: number }>;
  };
  readonly log: Lister<LogEvent>;
  /** The local sandbox's control API (`/_sandbox`): clock, arrivals, PA answers, reset. Test keys only. */
  readonly sandbox: SandboxControl;

  constructor(private readonly transport: Transport) {
    this.companies = {
      ...this.lister<Company>('/company'),
      get: (x) => this.json('GET', `/company/${encodeURIComponent(String(x))}`),
      create: (input) => this.json('POST', '/company', { body: input }, 201),
      update: (input) => this.json('PUT', '/company', { body: input }),
      delete: (x, options) =>
        this.json('DELETE', `/company/${encodeURIComponent(String(x))}`, {
          query: options?.force ? { force: true } : {},
        }),
    };
    this.sent = {
      ...this.lister<Send, SendListQuery>('/send'),
      get: (x, options) =>
        this.json('GET', `/send/${encodeURIComponent(String(x))}`, {
          query: options?.payload ? { include_payload: true } : {},
        }),
      payload: (id) => this.text(`/send/${id}/payload`),
      submitXml: (xml, options) =>
        submitIdempotently(
          this.transport,
          { method: 'POST', path: '/send/xml', body: xml, headers: { 'content-type': 'application/xml' } },
          options,
        ),
      submit: (input, options) =>
        submitIdempotently(this.transport, { method: 'POST', path: '/send', body: input }, options),
      validateXml: async (xml, options) => {
        const response = await this.transport.api({
          method: 'POST',
          path: '/send/validate/xml',
          body: xml,
          headers: { 'content-type': 'application/xml' },
          query: options?.signature ? { signature: options.signature } : {},
        });
        if (response.status === 204) return [];
        const problem = new ApiProblem(response);
        if (response.status === 422 && problem.errors.length > 0) return problem.errors;
        throw problem;
      },
    };
    this.received = {
      ...this.lister<Receive, Query & { unread?: boolean }>('/receive'),
      get: (id) => this.json('GET', `/receive/${id}`),
      payload: (id) => this.text(`/receive/${id}/payload`),
      delete: (id) => this.json('DELETE', `/receive/${id}`),
    };
    this.updates = {
      ...this.lister<Update, Query & { send_id?: number; unread?: boolean; state?: SendState }>('/update'),
      get: (id) => this.json('GET', `/update/${id}`),
    };
    this.webhooks = {
      ...this.lister<WebHook>('/webhook'),
      get: (id) => this.json('GET', `/webhook/${id}`),
      create: (input) => this.json('POST', '/webhook', { body: input }, 201),
      update: (input) => this.json('PUT', '/webhook', { body: input }),
      delete: (id) => this.json('DELETE', `/webhook/${id}`),
      history: this.lister<WebHookHistory, Query & { webhook_id?: number }>('/webhookhistory'),
    };
    this.log = this.lister<LogEvent>('/log');
    this.sandbox = new SandboxControl(transport);
  }

  /** A client over fetch holding a key: `ScambioClient.connect({ baseUrl, apiKey })`. */
  static connect(options: FetchTransportOptions): ScambioClient {
    return new ScambioClient(fetchTransport(options));
  }

  /** `GET /status`: operations and signatures left. */
  status(): Promise<AccountStatus> {
    return this.json('GET', '/status');
  }

  /** `GET /health` (no key needed): 200 or 503 with the checks that failed. */
  async health(): Promise<HealthReport> {
    const response = await this.transport.api({ method: 'GET', path: '/health' });
    if (response.status !== 200 && response.status !== 503) throw new ApiProblem(response);
    return response.body as HealthReport;
  }

  /** Any other call, answered raw: for what this client has no method for. */
  request(request: ApiRequest): Promise<ApiResponse> {
    return this.transport.api(request);
  }

  private async json<T>(
    method: HttpMethod,
    path: string,
    options: { query?: Query; body?: unknown } = {},
    expected = 200,
  ): Promise<T> {
    const response = await this.transport.api({ method, path, ...options });
    if (response.status !== expected) throw new ApiProblem(response);
    return response.body as T;
  }

  private async text(path: string): Promise<string> {
    const response = await this.transport.api({ method: 'GET', path });
    if (response.status !== 200 || typeof response.body !== 'string') throw new ApiProblem(response);
    return response.body;
  }

  private lister<T, Q extends Query = Query>(path: string): Lister<T, Q> {
    const page = async (query: Query = {}): Promise<Page<T>> => {
      const number = Number(query.page ?? 1);
      const size = Number(query.page_size ?? 100);
      const response = await this.transport.api({
        method: 'GET',
        path,
        query: { ...query, page: number, page_size: size },
      });
      return readPage<T>(response, number, size);
    };
    return {
      page,
      all: (query, pageSize) =>
        everyItem((n, size) => page({ ...query, page: n, page_size: size }), pageSize),
      readAll: (query, pageSize) =>
        readAllPages((n, size) => page({ ...query, page: n, page_size: size }), pageSize),
    };
  }
}

export interface WebhookInput {
  url: string;
  company_id?: number | null;
  enabled?: boolean;
  description?: string | null;
  /** Null or absent: every event; `['*']` the same. */
  events?: string[] | null;
}
