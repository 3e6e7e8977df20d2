import { Validator } from '@seriousme/openapi-schema-validator';
import pino from 'pino';
import type { Static } from 'typebox';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { buildOpenApiDocument } from '../../../src/shared/api/openapi.ts';
import { API_OPERATIONS, SORT_FIELDS } from '../../../src/shared/api/operations.ts';
import type { LocalReceiverState, ReceivedDelivery } from '../../../src/shared/api/local-receiver.ts';
import type {
  LocalReceiverStateSchema,
  ReceivedDeliverySchema,
  WebhookDeliverySchema,
} from '../../../src/shared/api/sandbox-schemas.ts';
import { CompanySchema, SendSchema } from '../../../src/shared/api/schemas.ts';
import type { WebhookDelivery } from '../../../src/shared/api/webhook-delivery.ts';
import type { Company, ProblemDetails, Send } from '../../../src/shared/api/types.ts';
import { createApp } from '../../../src/sandbox-server/http/app.ts';
import { appUiRoutes } from '../../../src/sandbox-server/http/routes/app-ui.ts';
import { translator } from '../../../src/sandbox-server/i18n/translator.ts';
import { JobWorker } from '../../../src/sandbox-server/jobs/worker.ts';
import { LocalReceiver } from '../../../src/sandbox-server/local-receiver/receiver.ts';
import { cryptoRandom } from '../../../src/sandbox-server/random.ts';
import { COMPANY_SORT_COLUMNS } from '../../../src/sandbox-server/store/companies.ts';
import { EVENT_SORT_COLUMNS } from '../../../src/sandbox-server/store/events.ts';
import { INVOICE_SORT_COLUMNS } from '../../../src/sandbox-server/store/invoices.ts';
import { UPDATE_SORT_COLUMNS } from '../../../src/sandbox-server/store/updates.ts';
import { HISTORY_SORT_COLUMNS, WEBHOOK_SORT_COLUMNS } from '../../../src/sandbox-server/store/webhooks.ts';
import { checkOwnConformance, prepareConformance } from '../../support/openapi-conformance.ts';
import { referenceAvailable, referenceDir } from '../../support/reference.ts';
import { parse } from 'yaml';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';

type OpenApiDocument = {
  openapi: string;
  servers: { url: string }[];
  tags: { name: string; 'x-sandbox-only'?: boolean }[];
  paths: Record<
    string,
    Record<string, { tags: string[]; 'x-sandbox-only'?: boolean; parameters?: Parameter[] }>
  >;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
};
type Parameter = {
  name: string;
  in: string;
  'x-sandbox-only'?: boolean;
  description?: string;
  schema?: { examples?: string[] };
};

/** Pages the server serves to browsers, not API operations: the app's UI and this reference page. */
const NOT_API = /^\/(app|docs)(\/|$)/;

interface RouterLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  /** A router's own layers, or the routers a dispatcher (http/route-table.ts) passes requests to, and which. */
  handle?: { stack?: RouterLayer[]; dispatches?: { under: string; router: { stack?: RouterLayer[] } }[] };
  rawPath?: string | string[];
}

/** `METHOD /path` for every route in an Express router stack, mount paths included. */
function routesOf(stack: RouterLayer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      return paths.flatMap((path) =>
        Object.keys(layer.route!.methods)
          .filter((m) => m !== '_all')
          .map((method) => `${method.toUpperCase()} ${prefix}${path}`),
      );
    }
    const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
    if (layer.handle?.dispatches) {
      // Only the routes a dispatcher can reach: those under the paths it sends to their router.
      return layer.handle.dispatches.flatMap(({ under, router }) =>
        routesOf(router.stack ?? [], prefix + mount).filter((route) => {
          const path = route.split(' ')[1]!;
          const base = prefix + mount + under;
          return path === base || path.startsWith(`${base}/`);
        }),
      );
    }
    if (!layer.handle?.stack) return [];
    return routesOf(layer.handle.stack, prefix + mount);
  });
}

/** `/send/:x/esito` and `/send/{id_or_identifier}/esito` both become `/send/{}/esito`. */
const shape = (route: string) => route.replace(/:[A-Za-z_]\w*|\{[^}]+\}/g, '{}');

describe('/v1/openapi.json: the description of this server', () => {
  let sandbox: TestSandbox;
  let served: OpenApiDocument;

  beforeAll(async () => {
    // Both descriptions load before any connection is open (see prepareConformance).
    await prepareConformance();
    sandbox = await startTestSandbox({ sdiDelayMs: 0, rateLimits: 'unlimited' });
    const res = await fetch(`${sandbox.origin}/v1/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    served = (await res.json()) as OpenApiDocument;
  });
  afterAll(() => sandbox?.close());

  it('is served without a key and is a valid OpenAPI 3.1 document that names this server', async () => {
    expect(served.openapi).toBe('3.1.0');
    const result = await new Validator().validate(served as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(served.servers[0]!.url).toBe(sandbox.origin);
  });

  it('is generated from the definitions in src/shared, which the API types are derived from', () => {
    const built = buildOpenApiDocument({ serverUrl: sandbox.origin }) as OpenApiDocument;
    expect(served).toEqual(built);
    // The published Company is CompanySchema: the same fields and the same required ones.
    const company = served.components.schemas.Company!;
    expect(Object.keys(company.properties!)).toEqual(Object.keys(CompanySchema.properties));
    expect(company.required).toEqual(CompanySchema.required);
    // A Send's optional payload is optional in the type and in the document alike.
    expect(served.components.schemas.Send!.required).not.toContain('payload');
    expect(Object.keys(served.components.schemas.Send!.properties!)).toEqual(
      Object.keys(SendSchema.properties),
    );
  });

  it('describes every route the server answers, and only routes it answers', () => {
    const { server, dataDir } = sandbox;
    const logger = pino({ level: 'silent' });
    // The same wiring as the running server, with every optional part present, to list its routes.
    const app = createApp({
      store: server.store,
      services: server.services,
      clocks: server.services.clocks,
      random: cryptoRandom,
      logger,
      maxInvoiceBytes: 5_000_000,
      rateLimits: 'unlimited',
      idempotencyStore: server.store.idempotency,
      authFailuresPerMinute: 30,
      workers: {
        sdi: new JobWorker({ queue: server.services.jobs, logger, stallMs: 30_000 }),
        webhooks: new JobWorker({ queue: server.services.deliveries, logger, stallMs: 30_000 }),
      },
      ui: appUiRoutes(dataDir, server.services.keys),
      localReceiver: new LocalReceiver({
        store: server.store,
        webhooks: server.services.webhooks,
        clocks: server.services.clocks,
      }),
    });
    const stack = (app as unknown as { router: { stack: RouterLayer[] } }).router.stack;
    const answered = new Set(
      routesOf(stack)
        .filter((route) => !NOT_API.test(route.split(' ')[1]!))
        .map(shape),
    );
    const described = new Set(
      Object.entries(served.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => shape(`${method.toUpperCase()} ${path}`)),
      ),
    );
    expect(answered.size).toBeGreaterThan(40);
    expect(
      [...answered].filter((r) => !described.has(r)),
      'answered but not in src/shared/api/operations.ts',
    ).toEqual([]);
    expect(
      [...described].filter((r) => !answered.has(r)),
      'described but not answered',
    ).toEqual([]);
  });

  it('publishes the console shapes the app reads as their TypeScript types say (checked by the compiler)', () => {
    expectTypeOf<Static<typeof WebhookDeliverySchema>>().toEqualTypeOf<WebhookDelivery>();
    expectTypeOf<Static<typeof ReceivedDeliverySchema>>().toEqualTypeOf<ReceivedDelivery>();
    expectTypeOf<Static<typeof LocalReceiverStateSchema>>().toEqualTypeOf<LocalReceiverState>();
  });

  it('marks what only the sandbox answers, and nothing else', () => {
    for (const [path, operations] of Object.entries(served.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const sandboxOnly = path.startsWith('/_sandbox/');
        expect(operation['x-sandbox-only'] === true, `${method} ${path}`).toBe(sandboxOnly);
        if (sandboxOnly) expect(operation.tags).toEqual(['sandbox']);
      }
    }
    expect(served.tags.find((t) => t.name === 'sandbox')?.['x-sandbox-only']).toBe(true);
    const scenario = served.paths['/v1/send/xml']!.post!.parameters!.find(
      (p) => p.name === 'Sandbox-Scenario',
    );
    expect(scenario).toMatchObject({ in: 'header', 'x-sandbox-only': true });
    expect(served.paths['/_sandbox/events']!.get!).toHaveProperty([
      'responses',
      '200',
      'content',
      'text/event-stream',
    ]);
  });

  it('documents only Sandbox-Scenario values the server accepts (OpenAPI examples and docs/sandbox.md alike)', async () => {
    const steps = /`([a-z]+=[^`\s]+)`/gi;
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(served.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const scenario = operation.parameters?.find((p) => p.name === 'Sandbox-Scenario');
        if (!scenario) continue;
        expect(method === 'post' && path.startsWith('/v1/send'), `${method} ${path}`).toBe(true);
        for (const example of scenario.schema?.examples ?? []) documented.add(example);
        for (const [, step] of scenario.description!.matchAll(steps)) documented.add(step!);
      }
    }
    const guide = readFileSync(new URL('../../../docs/sandbox.md', import.meta.url), 'utf8');
    const section = guide.slice(
      guide.indexOf('**The `Sandbox-Scenario` header**'),
      guide.indexOf('A malformed header'),
    );
    for (const [, step] of section.matchAll(steps)) documented.add(step!);
    expect(documented.size).toBeGreaterThan(8);
    const caller = sandbox.caller('openapi-scenarios');
    const vat = italianVat(741);
    let number = 0;
    for (const scenario of documented) {
      const res = await caller.post<ProblemDetails>('/v1/send/xml', {
        body: invoiceXml({ supplierVat: vat, number: `SC-${++number}` }),
        headers: { 'content-type': 'application/xml', 'sandbox-scenario': scenario },
      });
      expect(res.status, `Sandbox-Scenario: ${scenario} → ${res.body.detail}`).toBe(201);
    }
    // The check can fail: the value the description used to give is refused, naming the header.
    const refused = await caller.post<ProblemDetails>('/v1/send/xml', {
      body: invoiceXml({ supplierVat: vat, number: 'SC-0' }),
      headers: { 'content-type': 'application/xml', 'sandbox-scenario': 'discard=00404' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.parameter).toBe('Sandbox-Scenario');
  });

  it.skipIf(!referenceAvailable)(
    'keeps every int32 of the public openapi.yml, on fields and parameters, and its Send.company',
    () => {
      type PublicSchema = { format?: string; properties?: Record<string, PublicSchema> };
      type Own = { format?: string; anyOf?: Own[]; $ref?: string };
      const reference = parse(readFileSync(`${referenceDir}openapi.yml`, 'utf8')) as {
        components: { schemas: Record<string, PublicSchema> };
        paths: Record<string, Record<string, { parameters?: { name: string; schema: PublicSchema }[] }>>;
      };
      const formatOf = (own: Own | undefined): string | undefined =>
        own?.format ?? own?.anyOf?.map((branch) => branch.format).find(Boolean);
      const OWN_NAME: Record<string, string> = { Event: 'LogEvent', Status: 'AccountStatus' };
      const lost: string[] = [];
      let kept = 0;
      for (const [name, schema] of Object.entries(reference.components.schemas)) {
        const own = served.components.schemas[OWN_NAME[name] ?? name];
        if (!own) continue;
        for (const [field, definition] of Object.entries(schema.properties ?? {})) {
          if (definition.format !== 'int32') continue;
          if (formatOf(own.properties?.[field] as Own) === 'int32') kept++;
          else lost.push(`${name}.${field}`);
        }
      }
      for (const [path, operations] of Object.entries(reference.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          // Ours name one path `{id_or_vat}` (or `{id_or_identifier}`) where openapi.yml has two.
          const own = served.paths[`/v1${path}`]?.[method];
          for (const parameter of operation.parameters ?? []) {
            if (parameter.schema.format !== 'int32' || !own) continue;
            const mine = own.parameters?.find((p) => p.name === parameter.name) as
              (Parameter & { schema: Own }) | undefined;
            if (formatOf(mine?.schema) === 'int32') kept++;
            else lost.push(`${method} ${path} ${parameter.name}`);
          }
        }
      }
      expect(lost).toEqual([]);
      expect(kept).toBeGreaterThan(60);
      expect(served.components.schemas.Send!.properties!.company).toEqual({
        $ref: '#/components/schemas/Company',
      });
    },
  );

  it('lists exactly the fields each list sorts by', () => {
    expect(SORT_FIELDS).toEqual({
      company: COMPANY_SORT_COLUMNS,
      invoice: INVOICE_SORT_COLUMNS,
      log: EVENT_SORT_COLUMNS,
      update: UPDATE_SORT_COLUMNS,
      webhook: WEBHOOK_SORT_COLUMNS,
      webhookHistory: HISTORY_SORT_COLUMNS,
    });
  });

  it('refuses a malformed value of every documented query parameter with a 400 naming it, in the caller language', async () => {
    const caller = sandbox.caller('openapi-params').withLanguage('de');
    const badValue = (schema: { type?: string; format?: string; enum?: unknown[] }) =>
      schema.enum
        ? 'kein-wert'
        : schema.type === 'integer'
          ? '1.5'
          : schema.type === 'boolean'
            ? 'vielleicht'
            : schema.format === 'date-time'
              ? '2025-02-30'
              : null;
    let checked = 0;
    for (const operation of API_OPERATIONS) {
      for (const [name, schema] of Object.entries(operation.query ?? {})) {
        const value = badValue(schema as never);
        if (value === null) continue;
        const path = operation.path.replace(/\{[^}]+\}/g, '1');
        const res = await caller.call<ProblemDetails>(operation.method.toUpperCase(), path, {
          query: { [name]: value },
        });
        expect(res.status, `${operation.method} ${operation.path}?${name}=${value}`).toBe(400);
        expect(res.body.parameter).toBe(name);
        expect(res.body.detail).toContain(name);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(60);
    // Nothing was done on the way: the malformed calls were refused before any route ran.
    expect((await caller.get<Company[]>('/v1/company')).body).toEqual([]);
  });

  // The spec's status table: 422 for an invalid body on company POST/PUT or an invoice submission, which a body
  // that is not JSON at all is; the public OpenAPI declares the 422 there, so a generated client reads it.
  it('answers a body that is not JSON with the 422 every JSON operation documents, in the caller language', async () => {
    const caller = sandbox.caller('openapi-malformed').withLanguage('de');
    const de = translator('de');
    let checked = 0;
    for (const operation of API_OPERATIONS) {
      if (!operation.body?.content['application/json']) continue;
      const path = operation.path.replace(/\{[^}]+\}/g, '1');
      const where = `${operation.method} ${operation.path}`;
      const documented = served.paths[operation.path]![operation.method] as unknown as {
        responses: Record<string, { content?: Record<string, unknown> }>;
      };
      expect(documented.responses['422']?.content, where).toHaveProperty(['application/problem+json']);
      for (const body of ['{"name": ', "{'single': 'quotes'}", '"just a string"']) {
        const res = await caller.call<ProblemDetails>(operation.method.toUpperCase(), path, {
          body,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.status, `${where} ${body}`).toBe(422);
        expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(res.body).toMatchObject({
          type: '/problems/invalid',
          title: de('title.invalid'),
          status: 422,
          detail: de('body.malformedJson'),
          instance: path,
        });
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
    // Nothing was stored on the way.
    expect((await caller.get<Company[]>('/v1/company')).body).toEqual([]);
  });

  it('refuses a webhook whose `enabled` is not true or false, as its definition says', async () => {
    const caller = sandbox.caller('openapi-bodies');
    const res = await caller.post<ProblemDetails>('/v1/webhook', {
      json: { url: 'https://example.com/hook', enabled: 'yes', description: 7 },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors!.map((e) => [e.path, e.code])).toEqual([
      ['description', 'type'],
      ['enabled', 'type'],
    ]);
  });

  it('describes every answer of a realistic session, sandbox control included (each checked as it arrives)', async () => {
    const caller = sandbox.caller('openapi-journey');
    const vat = italianVat(731);
    const company = await caller.post<Company>('/v1/company', {
      json: { vat, fiscal_code: vat.slice(2), name: 'Descritta Srl' },
    });
    expect(company.status).toBe(201);
    const sent = await caller.post<Send>('/v1/send/xml', {
      body: invoiceXml({ supplierVat: vat, number: 'OA-1' }),
      headers: { 'content-type': 'application/xml' },
    });
    expect(sent.status).toBe(201);
    await caller.post('/_sandbox/clock', { json: { advance: '1m' } });
    const calls: [string, string, unknown?][] = [
      ['GET', '/v1/company'],
      ['GET', `/v1/company/${vat}`],
      ['GET', '/v1/send', { include_payload: true }],
      ['GET', `/v1/send/${sent.body.id}`],
      ['GET', '/v1/update', { send_id: sent.body.id }],
      ['GET', '/v1/status'],
      ['GET', '/v1/log', { page_size: 5 }],
      ['GET', '/v1/webhookhistory'],
      ['GET', '/v1/receive'],
      ['GET', '/v1/send/999999'],
      ['GET', '/_sandbox/clock'],
      ['GET', '/_sandbox/queue'],
      ['GET', '/_sandbox/held'],
    ];
    for (const [method, path, query] of calls) {
      const res = await caller.call(method, path, { query: query as Record<string, string> });
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
    const hook = await caller.post('/v1/webhook', {
      json: { url: 'http://127.0.0.1:9/hook', events: ['send.add'] },
    });
    expect(hook.status).toBe(201);
    const held = await caller.post('/_sandbox/inbound', { json: { generate: { to_vat: italianVat(732) } } });
    expect(held.status).toBe(202);
    const delivered = await caller.post('/_sandbox/inbound', {
      json: { generate: { to_vat: vat, format: 'FPA12' } },
    });
    expect(delivered.status).toBe(201);
    expect((await caller.post('/_sandbox/clock', { json: { advance: '1d', dry_run: true } })).status).toBe(
      200,
    );
    expect((await caller.post('/_sandbox/reset', { json: { dry_run: true } })).status).toBe(200);
    expect((await caller.post('/_sandbox/reset')).status).toBe(200);
  });

  it('tells a body that does not match its description (the check itself can fail)', () => {
    const wrong = {
      id: 1,
      created: 'yesterday',
      version: 0,
      user_id: 1,
      vat: 'IT1',
      fiscal_code: '1',
      name: 'x',
    };
    expect(checkOwnConformance('GET', '/v1/company/1', 200, wrong, 'application/json')).not.toBeNull();
    expect(
      checkOwnConformance(
        'GET',
        '/v1/company/1',
        200,
        { ...wrong, created: '2026-01-01T00:00:00.000Z' },
        'application/json',
      ),
    ).toBeNull();
    expect(checkOwnConformance('GET', '/v1/company/1', 200, wrong, 'text/html')).not.toBeNull();
  });
});
