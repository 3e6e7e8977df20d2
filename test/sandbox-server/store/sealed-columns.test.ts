import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalReceiverState } from '../../../src/shared/api/local-receiver.ts';
import type {
  Company,
  LogEvent,
  Receive,
  ReceiveNotification,
  Send,
  Update,
  WebHook,
  WebHookHistory,
} from '../../../src/shared/api/types.ts';
import type { WebhookDelivery } from '../../../src/shared/api/webhook-delivery.ts';
import { SEALED_COLUMNS, type SealedLabel } from '../../../src/sandbox-server/store/sealed-columns.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import type { ApiCaller, TestSandbox } from '../../support/sandbox.ts';
import { readZip } from '../../support/zip.ts';
import { advance, startSdiSandbox } from '../sdi/sdi-sandbox.ts';

/**
 * Every value stored sealed, read back through every path that gives it to a client: each must answer with it
 * in clear. A reader that takes the sealed bytes for the value (GET /v1/update once did, with JSON.parse) fails
 * here, and a sealed column without a row in these tables fails the first two tests.
 */

const MARK = randomBytes(6).toString('hex');
const UA = `sealed-agent-${MARK}`;
const REPLY = `receiver-said-${MARK}`;
const META = { pratica: `P-${MARK}`, centro_di_costo: 'Magazzino' };

/** The clear columns of the setup's rows: read from the database, so that no reader under test is needed. */
type SentRow = Pick<
  Send,
  | 'id'
  | 'company_id'
  | 'identifier'
  | 'file_name'
  | 'prestatore'
  | 'committente'
  | 'date_sent'
  | 'latest_state'
>;
type LogRow = Pick<LogEvent, 'id' | 'status_code' | 'success'>;

/** What the setup stored (one of each sealed value), with what a client sent or saw when it was stored. */
interface Stored {
  caller: ApiCaller;
  origin: string;
  /** The invoice sent with META, its XML, the answer to its POST and its update with a notification. */
  send: SentRow;
  sentXml: string;
  posted: Send;
  sendBody: unknown;
  update: Pick<Update, 'id' | 'state' | 'last_update'>;
  /** An invoice received by the caller's company, and one held until that company existed. */
  buyer: Company;
  receive: Receive;
  receivedXml: string;
  released: Receive;
  heldXml: string;
  /** Log entries: a search by identifier (query), a 404 (error), a read of 1-4 KiB (deflated body). */
  events: { query: LogRow; error: LogRow; large: LogRow };
  /** The 404's answer and its detail, and the answer of 1-4 KiB. */
  errorBody: string;
  errorDetail: string;
  largeBody: string;
  /** The webhook answered with a 500 (error and response body), and the delivery its receiver got. */
  hook: { id: number; secret: string };
  delivery: { id: number };
  call: { headers: IncomingHttpHeaders; body: string };
  localReceiverSignature: string;
}

interface Reader {
  /** The endpoint, as the test names it. */
  path: string;
  /** The value found there. */
  read(s: Stored): Promise<unknown>;
}

interface SealedRead {
  /** The stored value as a client should read it back. */
  clear(s: Stored): unknown;
  /** Every path that gives it back. */
  readers: Reader[];
}

type Query = Record<string, string | number | boolean>;

async function ok<T>(caller: ApiCaller, path: string, query: Query = {}, headers = {}): Promise<T> {
  const res = await caller.get<T>(path, { query, headers });
  expect(res.status, `${path} ${JSON.stringify(query)}: ${res.text}`).toBe(200);
  return res.body;
}

/** The item with this id in a list page. */
async function listed<T extends { id: number }>(
  caller: ApiCaller,
  path: string,
  id: number,
  query: Query = {},
  headers = {},
): Promise<T> {
  const page = await ok<T[]>(caller, path, query, headers);
  const item = page.find((row) => row.id === id);
  expect(item, `${path} ${JSON.stringify(query)} lists ${id}`).toBeDefined();
  return item!;
}

function base64Text(value: string | undefined): string {
  return Buffer.from(value ?? '', 'base64').toString('utf8');
}

async function exported(s: Stored, type: 'send' | 'receive', name: string): Promise<string> {
  const res = await fetch(new URL(`/v1/export?type=${type}`, s.origin), {
    headers: { authorization: `Basic ${Buffer.from(`${s.caller.key}:`).toString('base64')}` },
  });
  expect(res.status).toBe(200);
  const files = await readZip(Buffer.from(await res.arrayBuffer()));
  expect([...files.keys()]).toContain(name);
  return files.get(name)!.toString('utf8');
}

/** POST /v1/send of an invoice with META, as the setup sends it. */
function sendWithMetaData(s: Pick<Stored, 'caller'>, xml: string, headers: Record<string, string> = {}) {
  return s.caller.post<Send>('/v1/send', {
    json: { payload: Buffer.from(xml).toString('base64'), meta_data: META },
    headers,
  });
}

// ------------------------------------------------------------------------------------------
// sends.meta_data: every read of a sent invoice, alone or in a list, and of its updates

const sendReaders: Reader[] = [
  { path: 'POST /v1/send (its answer)', read: async (s) => s.posted.meta_data },
  {
    path: 'GET /v1/send',
    read: async (s) => (await listed<Send>(s.caller, '/v1/send', s.send.id)).meta_data,
  },
  ...(
    [
      ['include_payload', () => ({ include_payload: true })],
      ['ids', (s) => ({ ids: String(s.send.id) })],
      ['company_id', (s) => ({ company_id: s.send.company_id })],
      ['prestatore', (s) => ({ prestatore: s.send.prestatore! })],
      ['identifier', (s) => ({ identifier: s.send.identifier! })],
      ['latest_state', (s) => ({ latest_state: s.send.latest_state! })],
      ['q', (s) => ({ q: s.send.file_name! })],
    ] satisfies [string, (s: Stored) => Query][]
  ).map(([name, query]): Reader => ({
    path: `GET /v1/send?${name}=`,
    read: async (s) => (await listed<Send>(s.caller, '/v1/send', s.send.id, query(s))).meta_data,
  })),
  {
    path: 'GET /v1/send/{id}',
    read: async (s) => (await ok<Send>(s.caller, `/v1/send/${s.send.id}`)).meta_data,
  },
  {
    path: 'GET /v1/send/{id}?include_payload=true',
    read: async (s) =>
      (await ok<Send>(s.caller, `/v1/send/${s.send.id}`, { include_payload: true })).meta_data,
  },
  {
    path: 'GET /v1/send/{identifier}',
    read: async (s) => (await ok<Send>(s.caller, `/v1/send/${s.send.identifier}`)).meta_data,
  },
];

const updateReaders: Reader[] = [
  {
    // Its own invoice: any read of an update marks it read, so the setup's may be read already.
    path: 'GET /v1/update?unread=true',
    read: async (s) => {
      const sent = await sendWithMetaData(s, invoiceXml({ supplierVat: italianVat(4103), number: 'U-1' }));
      expect(sent.status).toBe(201);
      await advance(s.caller);
      const unread = await ok<Update[]>(s.caller, '/v1/update', { unread: true });
      const update = unread.find((u) => u.send_id === sent.body.id);
      expect(update).toBeDefined();
      return update!.send.meta_data;
    },
  },
  {
    path: 'GET /v1/update',
    read: async (s) => (await listed<Update>(s.caller, '/v1/update', s.update.id)).send.meta_data,
  },
  ...(
    [
      ['company_id', (s) => ({ company_id: s.send.company_id })],
      ['prestatore', (s) => ({ prestatore: s.send.prestatore! })],
      ['committente', (s) => ({ committente: s.send.committente! })],
      ['identifier', (s) => ({ identifier: s.send.identifier! })],
      ['send_id', (s) => ({ send_id: s.send.id })],
      ['state', (s) => ({ state: s.update.state })],
      ['last_update_from', (s) => ({ last_update_from: s.update.last_update })],
      ['date_sent_from', (s) => ({ date_sent_from: s.send.date_sent! })],
    ] satisfies [string, (s: Stored) => Query][]
  ).map(([name, query]): Reader => ({
    path: `GET /v1/update?${name}=`,
    read: async (s) => (await listed<Update>(s.caller, '/v1/update', s.update.id, query(s))).send.meta_data,
  })),
  {
    path: 'GET /v1/update/{id}',
    read: async (s) => (await ok<Update>(s.caller, `/v1/update/${s.update.id}`)).send.meta_data,
  },
];

// ------------------------------------------------------------------------------------------
// events.*: the API's log and the app's log view (/_sandbox/log), listed, filtered, tailed and alone

type LoggedAs = keyof Stored['events'];

/** Every path that shows a log entry, each giving the entry. */
function logPaths(which: LoggedAs): { path: string; entry(s: Stored): Promise<LogEvent> }[] {
  const id = (s: Stored) => s.events[which].id;
  // Oldest first, so the setup's entries stay on the first page however many reads follow.
  const all = { sort: 'id', page_size: 200 };
  return [
    { path: 'GET /v1/log', entry: (s) => listed(s.caller, '/v1/log', id(s), all) },
    {
      path: 'GET /v1/log?user_agent=',
      entry: (s) => listed(s.caller, '/v1/log', id(s), { ...all, user_agent: UA.toUpperCase() }),
    },
    {
      path: 'GET /v1/log?status_code=&success=',
      entry: (s) =>
        listed(s.caller, '/v1/log', id(s), {
          ...all,
          status_code: s.events[which].status_code,
          success: s.events[which].success,
        }),
    },
    { path: 'GET /v1/log/{id}', entry: (s) => ok(s.caller, `/v1/log/${id(s)}`) },
    { path: 'GET /_sandbox/log', entry: (s) => listed(s.caller, '/_sandbox/log', id(s), all) },
    {
      path: 'GET /_sandbox/log?status_class=',
      entry: (s) =>
        listed(s.caller, '/_sandbox/log', id(s), {
          ...all,
          status_class: `${String(s.events[which].status_code)[0]}xx`,
        }),
    },
    {
      path: 'GET /_sandbox/log?own=only',
      entry: (s) => listed(s.caller, '/_sandbox/log', id(s), { ...all, own: 'only' }, { 'user-agent': UA }),
    },
    {
      path: 'GET /_sandbox/log?own=hide',
      entry: (s) => listed(s.caller, '/_sandbox/log', id(s), { ...all, own: 'hide' }),
    },
    {
      path: 'GET /_sandbox/log/tail?after_id=',
      entry: (s) => listed(s.caller, '/_sandbox/log/tail', id(s), { after_id: id(s) - 1, user_agent: UA }),
    },
  ];
}

function logReaders(which: LoggedAs, field: keyof LogEvent): Reader[] {
  return logPaths(which).map(({ path, entry }) => ({ path, read: async (s) => (await entry(s))[field] }));
}

// ------------------------------------------------------------------------------------------
// webhook_history.*: the API's history (error only) and the sandbox's, with bodies (the app's delivery view)

function historyReaders(field: keyof WebhookDelivery, withApi: boolean): Reader[] {
  const all = { sort: 'id', page_size: 200 };
  const id = (s: Stored) => s.delivery.id;
  const api: Reader[] = [
    {
      path: 'GET /v1/webhookhistory',
      read: async (s) =>
        (await listed<WebHookHistory>(s.caller, '/v1/webhookhistory', id(s), all))[field as 'error'],
    },
    {
      path: 'GET /v1/webhookhistory?webhook_id=',
      read: async (s) =>
        (
          await listed<WebHookHistory>(s.caller, '/v1/webhookhistory', id(s), {
            ...all,
            webhook_id: s.hook.id,
          })
        )[field as 'error'],
    },
    {
      path: 'GET /v1/webhookhistory/{id}',
      read: async (s) =>
        (await ok<WebHookHistory>(s.caller, `/v1/webhookhistory/${id(s)}`))[field as 'error'],
    },
  ];
  const sandbox = (
    [
      ['', () => ({})],
      ['?webhook_id=', (s) => ({ webhook_id: s.hook.id })],
      ['?success=false', () => ({ success: false })],
      ['?event=send.add', () => ({ event: 'send.add' })],
    ] satisfies [string, (s: Stored) => Query][]
  ).map(([name, query]): Reader => ({
    path: `GET /_sandbox/webhookhistory${name}`,
    read: async (s) =>
      (await listed<WebhookDelivery>(s.caller, '/_sandbox/webhookhistory', id(s), { ...all, ...query(s) }))[
        field
      ],
  }));
  return withApi ? [...api, ...sandbox] : sandbox;
}

// ------------------------------------------------------------------------------------------
// The tables

/** The columns of SEALED_COLUMNS (text sealed in place; older folders held them in clear). */
const SEALED_COLUMN_READS: Record<SealedLabel, SealedRead> = {
  'sends.meta_data': { clear: () => META, readers: [...sendReaders, ...updateReaders] },
  'events.query': {
    clear: () => `identifier=Q-${MARK}`,
    readers: [
      ...logReaders('query', 'query'),
      {
        path: 'GET /v1/log?query=',
        read: async (s) =>
          (await listed<LogEvent>(s.caller, '/v1/log', s.events.query.id, { query: `q-${MARK}` })).query,
      },
    ],
  },
  'events.error': { clear: (s) => s.errorDetail, readers: logReaders('error', 'error') },
  'events.user_agent': { clear: () => UA, readers: logReaders('query', 'user_agent') },
  'webhook_history.error': { clear: () => REPLY, readers: historyReaders('error', true) },
  'webhook_history.request_body': {
    clear: (s) => s.call.body,
    readers: historyReaders('request_body', false),
  },
  'webhook_history.response_body': { clear: () => REPLY, readers: historyReaders('response_body', false) },
};

/** The columns sealed since they were made, each by its own repository (`box.seal`/`box.open`). */
const OTHER_SEALED_READS: Record<string, SealedRead> = {
  'sends.payload': {
    clear: (s) => s.sentXml,
    readers: [
      {
        path: 'GET /v1/send/{id}/payload',
        read: async (s) => base64Text((await s.caller.get<string>(`/v1/send/${s.send.id}/payload`)).text),
      },
      {
        path: 'GET /v1/send/{id}?include_payload=true',
        read: async (s) =>
          base64Text((await ok<Send>(s.caller, `/v1/send/${s.send.id}`, { include_payload: true })).payload),
      },
      {
        path: 'GET /v1/send?include_payload=true',
        read: async (s) =>
          base64Text(
            (await listed<Send>(s.caller, '/v1/send', s.send.id, { include_payload: true })).payload,
          ),
      },
      {
        path: 'GET /v1/export?type=send',
        read: (s) => exported(s, 'send', `${s.send.prestatore}/send/${s.send.file_name}`),
      },
    ],
  },
  'receives.payload': {
    clear: (s) => s.receivedXml,
    readers: [
      {
        path: 'GET /v1/receive/{id}/payload',
        read: async (s) => (await s.caller.get<string>(`/v1/receive/${s.receive.id}/payload`)).text,
      },
      {
        path: 'GET /v1/receive/{id}?include_payload=true',
        read: async (s) =>
          (await ok<Receive>(s.caller, `/v1/receive/${s.receive.id}`, { include_payload: true })).payload,
      },
      {
        path: 'GET /v1/receive?include_payload=true',
        read: async (s) =>
          (await listed<Receive>(s.caller, '/v1/receive', s.receive.id, { include_payload: true })).payload,
      },
      {
        path: 'GET /v1/export?type=receive',
        read: (s) => exported(s, 'receive', `${s.buyer.vat}/receive/${s.receive.file_name}`),
      },
    ],
  },
  'held_invoices.payload': {
    clear: (s) => s.heldXml,
    readers: [
      {
        // Opened once, when the company is created (in the setup): what it became is the received invoice.
        path: 'POST /v1/company of its recipient, then GET /v1/receive/{id}/payload',
        read: async (s) => (await s.caller.get<string>(`/v1/receive/${s.released.id}/payload`)).text,
      },
    ],
  },
  'updates.notification': {
    clear: (s) => s.send.identifier,
    readers: [
      {
        path: 'GET /v1/update/{id}/notification',
        read: async (s) => {
          const res = await s.caller.get<string>(`/v1/update/${s.update.id}/notification`);
          expect(res.status).toBe(200);
          return /IdentificativoSdI>(\d+)</.exec(res.text)?.[1];
        },
      },
    ],
  },
  'recipient_notifications.notification': {
    clear: (s) => s.receive.identifier,
    readers: [
      {
        path: 'GET /v1/receive/{id}/metadata',
        read: async (s) => {
          const res = await s.caller.get<string>(`/v1/receive/${s.receive.id}/metadata`);
          expect(res.status).toBe(200);
          return /IdentificativoSdI>(\d+)</.exec(res.text)?.[1];
        },
      },
      {
        path: 'GET /v1/receive/{id}/notifications/{file_name}',
        read: async (s) => {
          const [file] = (
            await s.caller.get<ReceiveNotification[]>(`/v1/receive/${s.receive.id}/notifications`)
          ).body;
          const res = await s.caller.get<string>(
            `/v1/receive/${s.receive.id}/notifications/${file!.file_name}`,
          );
          expect(res.status).toBe(200);
          return /IdentificativoSdI>(\d+)</.exec(res.text)?.[1];
        },
      },
    ],
  },
  'idempotency_keys.body': {
    clear: (s) => s.posted,
    readers: [
      {
        path: 'POST /v1/send again with its Idempotency-Key',
        read: async (s) => {
          const res = await s.caller.post<Send>('/v1/send', {
            json: s.sendBody,
            headers: { 'idempotency-key': `sealed-${MARK}` },
          });
          expect(res.headers.get('idempotent-replayed')).toBe('true');
          return res.body;
        },
      },
    ],
  },
  'events.response_body': {
    // One answer below the size from which bodies are deflated before sealing, one above it.
    clear: (s) => [s.errorBody, s.largeBody],
    readers: logPaths('error').map(({ path, entry }, i) => ({
      path,
      read: async (s) => [
        (await entry(s)).response_body,
        (await logPaths('large')[i]!.entry(s)).response_body,
      ],
    })),
  },
  'webhooks.secret': {
    clear: () => 'valid',
    readers: [
      {
        path: "the webhook's call (Service-Signature, checked with node:crypto)",
        read: async (s) => {
          const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(s.call.headers['service-signature']))!;
          const expected = createHmac('sha256', s.hook.secret).update(`${t}.${s.call.body}`).digest('hex');
          return v1 === expected ? 'valid' : 'invalid';
        },
      },
      {
        path: "the built-in receiver's check (GET /_sandbox/receiver)",
        read: async (s) => s.localReceiverSignature,
      },
    ],
  },
};

/** Columns of bytes that hold nothing sealed a client reads back, and why. */
const NOT_READ_BACK: Record<string, string> = {
  'api_keys.key_hash': 'a hash of the key, never opened',
  'idempotency_keys.fingerprint': 'a hash of the request, never opened',
  'settings.value':
    'settings in clear, and data_key_check, opened only at start (encryption-at-rest.test.ts)',
};

// ------------------------------------------------------------------------------------------

let sandbox: TestSandbox;
let receiver: Server;
let stored: Stored;
const calls: { headers: IncomingHttpHeaders; body: string }[] = [];

/** One row of the server's database. */
function row<T>(sql: string, ...params: unknown[]): T | undefined {
  return sandbox.server.store.db.prepare(sql).get(...params) as T | undefined;
}

/** Polls `read` (bounded) until it gives something: deliveries arrive on their own. */
async function eventually<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  for (let waited = 0; ; waited += 50) {
    const value = await read();
    if (value !== undefined) return value;
    if (waited > 10_000) throw new Error(`${what} did not arrive`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function store(): Promise<Stored> {
  const caller = sandbox.caller('sealed');
  const headers = { 'user-agent': UA };

  // A webhook whose receiver answers 500 with REPLY, and the built-in receiver.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      calls.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = 500;
      res.end(REPLY);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const hook = await caller.post<WebHook>('/v1/webhook', { json: { url, events: ['send.add'] } });
  expect(hook.status).toBe(201);
  const local = await caller.post<LocalReceiverState>('/_sandbox/receiver', {
    json: { events: ['send.add'] },
    unchecked: true,
  });
  expect(local.status).toBe(201);

  // The invoice with meta_data, under an Idempotency-Key; SDI takes it and cannot deliver it.
  const sentXml = invoiceXml({ supplierVat: italianVat(4101), number: `S-${MARK}` });
  const sendBody = { payload: Buffer.from(sentXml).toString('base64'), meta_data: META };
  const posted = await caller.post<Send>('/v1/send', {
    json: sendBody,
    headers: { ...headers, 'idempotency-key': `sealed-${MARK}` },
  });
  expect(posted.status).toBe(201);
  await advance(caller);
  const send = row<SentRow>(
    `SELECT id, company_id, identifier, file_name, prestatore, committente, date_sent, latest_state
     FROM sends WHERE id = ?`,
    posted.body.id,
  )!;
  expect(send.latest_state).toBe('ImpossibilitaDiRecapito');
  const update = row<Stored['update']>(
    'SELECT id, state, last_update FROM updates WHERE send_id = ? AND notification IS NOT NULL',
    send.id,
  )!;
  expect(update).toBeDefined();

  // An invoice to the caller's company, and one held for a company the caller creates afterwards.
  const buyerVat = italianVat(4102);
  const buyer = await caller.post<Company>('/v1/company', {
    json: { vat: buyerVat, fiscal_code: buyerVat.slice(2), name: 'Sigillata Srl' },
  });
  expect(buyer.status).toBe(201);
  const receivedXml = invoiceXml({ supplierVat: italianVat(4111), customerVat: buyerVat, number: 'R-1' });
  const inbound = await caller.post<{ delivered: Receive }>('/_sandbox/inbound', {
    json: { payload: receivedXml },
    unchecked: true,
  });
  expect(inbound.status).toBe(201);
  const lateVat = italianVat(4104);
  const heldXml = invoiceXml({ supplierVat: italianVat(4112), customerVat: lateVat, number: 'H-1' });
  const held = await caller.post('/_sandbox/inbound', { json: { payload: heldXml }, unchecked: true });
  expect(held.status).toBe(202);
  const late = await caller.post<Company>('/v1/company', {
    json: { vat: lateVat, fiscal_code: lateVat.slice(2), name: 'Tardiva Srl' },
  });
  expect(late.status).toBe(201);
  const [released] = await ok<Receive[]>(caller, '/v1/receive', { company_id: late.body.id });

  // The log entries: a search (query), a 404 (error), a read of 1-4 KiB (deflated body); all with UA.
  expect((await caller.get('/v1/send', { query: { identifier: `Q-${MARK}` }, headers })).status).toBe(200);
  const missing = await caller.get<{ detail: string }>(`/v1/send/E-${MARK}`, { headers });
  expect(missing.status).toBe(404);
  const large = await caller.get(`/v1/send/${send.id}`, { query: { include_payload: true }, headers });
  expect(large.status).toBe(200);
  expect(Buffer.byteLength(large.text)).toBeGreaterThan(1024);
  expect(Buffer.byteLength(large.text)).toBeLessThan(4096);
  const logged = (endpoint: string): LogRow => {
    const entry = row<{ id: number; status_code: number; success: 0 | 1 }>(
      "SELECT id, status_code, success FROM events WHERE method = 'GET' AND endpoint = ?",
      endpoint,
    );
    expect(entry, endpoint).toBeDefined();
    return { id: entry!.id, status_code: entry!.status_code, success: entry!.success === 1 };
  };
  const events = {
    query: logged('/v1/send'),
    error: logged(`/v1/send/E-${MARK}`),
    large: logged(`/v1/send/${send.id}`),
  };

  // The deliveries of send.add: to the failing webhook, and to the built-in receiver.
  const delivery = await eventually('the delivery to the webhook', async () =>
    row<{ id: number }>('SELECT id FROM webhook_history WHERE webhook_id = ?', hook.body.id),
  );
  const localReceiverSignature = await eventually('the built-in receiver delivery', async () => {
    const state = await ok<LocalReceiverState>(caller, '/_sandbox/receiver', { after: 0, wait: 1 });
    return state.deliveries[0]?.signature;
  });
  expect(calls).toHaveLength(1);

  return {
    caller,
    origin: sandbox.origin,
    send,
    sentXml,
    posted: posted.body,
    sendBody,
    update,
    buyer: buyer.body,
    receive: inbound.body.delivered,
    receivedXml,
    released: released!,
    heldXml,
    events,
    errorBody: missing.text,
    errorDetail: missing.body.detail,
    largeBody: large.text,
    hook: { id: hook.body.id, secret: hook.body.secret! },
    delivery,
    call: calls[0]!,
    localReceiverSignature,
  };
}

beforeAll(async () => {
  ({ sandbox } = await startSdiSandbox({ rateLimits: 'unlimited' }));
  stored = await store();
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('sealed columns', () => {
  it('each have their readers here, keyed by their label', () => {
    expect(Object.keys(SEALED_COLUMN_READS).sort()).toEqual(SEALED_COLUMNS.map((c) => c.label).sort());
  });

  it('with the columns their own repositories seal, are every column of bytes in the schema but hashes and settings', () => {
    const blobs = (
      sandbox.server.store.db
        .prepare(
          `SELECT t.name || '.' || c.name AS name FROM pragma_table_list t, pragma_table_info(t.name) c
           WHERE t.schema = 'main' AND t.type = 'table' AND t.name NOT LIKE 'sqlite_%' AND upper(c.type) = 'BLOB'`,
        )
        .all() as { name: string }[]
    ).map((row) => row.name);
    const known = [
      ...Object.keys(SEALED_COLUMN_READS),
      ...Object.keys(OTHER_SEALED_READS),
      ...Object.keys(NOT_READ_BACK),
    ];
    expect(known.sort()).toEqual([...new Set([...blobs, ...SEALED_COLUMNS.map((c) => c.label)])].sort());
  });

  for (const [label, { clear, readers }] of Object.entries({
    ...SEALED_COLUMN_READS,
    ...OTHER_SEALED_READS,
  })) {
    for (const reader of readers) {
      it(`${reader.path} gives ${label} back in clear`, async () => {
        expect(await reader.read(stored)).toEqual(clear(stored));
      });
    }
  }
});
