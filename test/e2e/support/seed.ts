import type { Receive, Send } from '../../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import type { ApiCaller } from '../../support/sandbox.ts';
import { STEP_MS } from './app-page.ts';

export interface Seeded {
  company: { id: number; vat: string; name: string };
  /** Delivered as far as SDI goes without a recipient code: Inviato, then ImpossibilitaDiRecapito. */
  sent: Send;
  /** Discarded by SDI (a forced 00404). */
  rejected: Send;
  received: Receive;
}

/**
 * A small account an accountant would recognise: a registered company with a received invoice, a sent invoice
 * SDI could not deliver and one it rejected. `seed` keeps VAT numbers apart between test files.
 */
export async function seedAccount(api: ApiCaller, seed: number): Promise<Seeded> {
  const vat = italianVat(seed);
  const name = `Studio Contabile ${seed} Srl`;
  const created = await api.post<{ id: number }>('/v1/company', {
    json: { vat, fiscal_code: vat.slice(2), name },
  });
  if (created.status !== 201) throw new Error(`company: ${created.status}`);
  const inbound = await api.post('/_sandbox/inbound', {
    json: {
      payload: invoiceXml({
        supplierVat: italianVat(seed + 1),
        supplierName: 'Fornitore Carta Srl',
        customerVat: vat,
        number: `R-${seed}`,
        date: '2026-03-02',
      }),
    },
  });
  if (inbound.status !== 201) throw new Error(`inbound: ${inbound.status}`);
  const received = (await api.get<Receive[]>('/v1/receive', { query: { sort: '-id', page_size: 1 } }))
    .body[0]!;
  const sent = await api.post<Send>('/v1/send/xml', {
    body: invoiceXml({
      supplierVat: vat,
      supplierName: name,
      number: `S-${seed}`,
      date: '2026-03-15',
      customerName: 'Trattoria Da Mario',
    }),
  });
  const rejected = await api.post<Send>('/v1/send/xml', {
    body: invoiceXml({ supplierVat: vat, supplierName: name, number: `X-${seed}`, date: '2026-03-20' }),
    headers: { 'Sandbox-Scenario': 'scarto=00404' },
  });
  // SDI answers at once (`sdiDelayMs: 0`), but asynchronously: wait until each invoice is past Inviato.
  for (const id of [sent.body.id, rejected.body.id]) {
    const deadline = Date.now() + STEP_MS;
    while ((await api.get<Send>(`/v1/send/${id}`)).body.latest_state === 'Inviato') {
      if (Date.now() > deadline) throw new Error(`invoice ${id} stayed Inviato`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    company: { id: created.body.id, vat, name },
    sent: (await api.get<Send>(`/v1/send/${sent.body.id}`)).body,
    rejected: (await api.get<Send>(`/v1/send/${rejected.body.id}`)).body,
    received,
  };
}
