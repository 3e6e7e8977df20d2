import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, ProblemDetails } from '../../../src/shared/api/types.ts';
import { italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';

let sandbox: TestSandbox;
let alpha: ApiCaller;
let beta: ApiCaller;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  alpha = sandbox.caller('alpha');
  beta = sandbox.caller('beta');
});
afterAll(() => sandbox.close());

function company(seed: number, name = `Azienda ${seed} Srl`) {
  const vat = italianVat(seed);
  return { vat, fiscal_code: vat.slice(2), name };
}

describe('POST /company', () => {
  it('creates a company and answers 201 with its Location', async () => {
    const res = await alpha.post<Company>('/v1/company', { json: company(100) });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`/v1/company/${res.body.id}`);
    expect(res.body).toMatchObject({ vat: italianVat(100), name: 'Azienda 100 Srl', version: 1 });
  });

  it('reports every problem of a bad body at once, with a hint for the VAT', async () => {
    const res = await alpha.post<ProblemDetails>('/v1/company', {
      json: { vat: 'IT01234567890', fiscal_code: 'XYZ', name: '' },
    });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const paths = res.body.errors!.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['vat', 'fiscal_code', 'name']));
    expect(res.body.errors!.find((e) => e.path === 'vat')!.hint).toContain('IT12345678903');
  });

  it('requires the country code in the VAT number', async () => {
    const res = await alpha.post<ProblemDetails>('/v1/company', {
      json: { vat: '12345678903', fiscal_code: '12345678903', name: 'No country' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors![0]!.description).toContain('IT12345678903');
  });

  it('accepts a foreign VAT and a personal fiscal code with omocodia', async () => {
    const foreign = await alpha.post('/v1/company', {
      json: { vat: 'DE123456789', fiscal_code: 'DE123456789', name: 'GmbH' },
    });
    expect(foreign.status).toBe(201);
    const person = await alpha.post('/v1/company', {
      json: { vat: italianVat(101), fiscal_code: 'RSSMRA80A01H501U', name: 'Mario Rossi' },
    });
    expect(person.status).toBe(201);
  });

  it('refuses a VAT already registered, in this account or another one of the environment', async () => {
    await alpha.post('/v1/company', { json: company(102) });
    expect((await alpha.post('/v1/company', { json: company(102) })).status).toBe(409);
    expect((await beta.post('/v1/company', { json: company(102) })).status).toBe(409);
  });

  it('answers malformed JSON with 422 problem+json', async () => {
    const res = await alpha.post<ProblemDetails>('/v1/company', {
      body: '{"vat": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(422);
    expect(res.body.type).toBe('/problems/invalid');
  });
});

describe('GET /company', () => {
  it('finds a company by id, by VAT and by bare 11-digit Italian VAT', async () => {
    const created = (await alpha.post<Company>('/v1/company', { json: company(110) })).body;
    expect((await alpha.get<Company>(`/v1/company/${created.id}`)).body.vat).toBe(created.vat);
    expect((await alpha.get<Company>(`/v1/company/${created.vat}`)).body.id).toBe(created.id);
    expect((await alpha.get<Company>(`/v1/company/${created.vat.slice(2)}`)).body.id).toBe(created.id);
  });

  it("answers 404 for another account's company, by id and by VAT", async () => {
    const created = (await alpha.post<Company>('/v1/company', { json: company(111) })).body;
    expect((await beta.get(`/v1/company/${created.id}`)).status).toBe(404);
    expect((await beta.get(`/v1/company/${created.vat}`)).status).toBe(404);
  });

  it('keeps the sandbox and live environments apart', async () => {
    const live = sandbox.caller('alpha', 'live');
    const created = (await alpha.post<Company>('/v1/company', { json: company(112) })).body;
    expect((await live.get(`/v1/company/${created.id}`)).status).toBe(404);
    // The same VAT may exist once per environment.
    expect((await live.post('/v1/company', { json: company(112) })).status).toBe(201);
  });

  it('searches name, VAT and fiscal code with q, case-insensitively', async () => {
    const caller = sandbox.caller('search-co');
    await caller.post('/v1/company', { json: company(120, 'Trattoria Da Gino') });
    await caller.post('/v1/company', { json: company(121, 'Officina Meccanica') });
    const byName = await caller.get<Company[]>('/v1/company', { query: { q: 'da gino' } });
    expect(byName.body.map((c) => c.name)).toEqual(['Trattoria Da Gino']);
    const byVat = await caller.get<Company[]>('/v1/company', { query: { q: italianVat(121).slice(9) } });
    expect(byVat.body.map((c) => c.name)).toEqual(['Officina Meccanica']);
    const short = await caller.get<Company[]>('/v1/company', { query: { q: 'Of' } });
    expect(short.body.map((c) => c.name)).toEqual(['Officina Meccanica']);
  });

  it('paginates with Service-Total-Count and sorts by any sortable field', async () => {
    const caller = sandbox.caller('paging-co');
    for (let i = 0; i < 5; i++)
      await caller.post('/v1/company', { json: company(130 + i, `Ditta ${'EDCBA'[i]}`) });
    const page = await caller.get<Company[]>('/v1/company', {
      query: { page: 2, page_size: 2, sort: 'name' },
    });
    expect(page.headers.get('service-total-count')).toBe('5');
    expect(page.body.map((c) => c.name)).toEqual(['Ditta C', 'Ditta D']);
    const desc = await caller.get<Company[]>('/v1/company', { query: { sort: '-name', page_size: 1 } });
    expect(desc.body[0]!.name).toBe('Ditta E');
    const beyond = await caller.get<Company[]>('/v1/company', { query: { page: 9 } });
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get('service-total-count')).toBe('5');
  });

  it.each([
    [{ page: 0 }, 'page'],
    [{ page_size: 201 }, 'page_size'],
    [{ page_size: 'ten' }, 'page_size'],
    [{ sort: 'password' }, 'sort'],
  ])('rejects %o with 400 naming the parameter', async (query, parameter) => {
    const res = await alpha.get<ProblemDetails>('/v1/company', { query });
    expect(res.status).toBe(400);
    expect(res.body.parameter).toBe(parameter);
  });
});

describe('PUT /company', () => {
  it('updates by id and bumps the version', async () => {
    const created = (await alpha.post<Company>('/v1/company', { json: company(140) })).body;
    const res = await alpha.put<Company>('/v1/company', { json: { ...created, name: 'Renamed Srl' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, name: 'Renamed Srl', version: 2 });
  });

  it('answers 409 when the version is stale and 404 for a company of another account', async () => {
    const created = (await alpha.post<Company>('/v1/company', { json: company(141) })).body;
    await alpha.put('/v1/company', { json: { ...created, name: 'First' } });
    expect((await alpha.put('/v1/company', { json: { ...created, name: 'Second' } })).status).toBe(409);
    expect((await beta.put('/v1/company', { json: { ...created, version: 2 } })).status).toBe(404);
  });

  it('requires the id in the body', async () => {
    const res = await alpha.put<ProblemDetails>('/v1/company', { json: company(142) });
    expect(res.status).toBe(422);
    expect(res.body.errors!.map((e) => e.path)).toContain('id');
  });
});

describe('DELETE /company/{id}', () => {
  it('deletes a company without invoices', async () => {
    const created = (await alpha.post<Company>('/v1/company', { json: company(150) })).body;
    expect((await alpha.delete<Company>(`/v1/company/${created.id}`)).body.id).toBe(created.id);
    expect((await alpha.get(`/v1/company/${created.id}`)).status).toBe(404);
  });

  it('answers 404 for an unknown id and for another account', async () => {
    const created = (await alpha.post<Company>('/v1/company', { json: company(151) })).body;
    expect((await beta.delete(`/v1/company/${created.id}`)).status).toBe(404);
    expect((await alpha.delete('/v1/company/2147483647')).status).toBe(404);
  });
});
