import { beforeEach, describe, expect, it } from 'vitest';
import { useMemoryStorage } from '../../support/memory-storage.ts';
import type { Send, SendState } from '../../../src/shared/api/types.ts';
import type { ApiRequest, Gateway } from '../../../src/shared/gateway/channels.ts';
import { rememberResend, resendLinks } from '../../../src/renderer/compose/draft-store.ts';
import { correctionAmong, correctionLinks, findCorrections } from '../../../src/renderer/sent/corrections.ts';

const send = (id: number, number: string, state: SendState, extra: Partial<Send> = {}): Send =>
  ({
    id,
    created: `2026-03-${String(id).padStart(2, '0')}T10:00:00Z`,
    company_id: 1,
    document_number: number,
    document_date: '2026-03-01',
    documents: [{ number, date: '2026-03-01' }],
    latest_state: state,
    ...extra,
  }) as Send;

/** A gateway answering `GET /send` from `all`, as the server filters it; it counts the calls. */
function fakeGateway(all: Send[]) {
  const calls: ApiRequest['query'][] = [];
  const gateway = {
    api: {
      request: async (request: ApiRequest) => {
        calls.push(request.query);
        const q = request.query ?? {};
        const ids = typeof q.ids === 'string' ? q.ids.split(',').map(Number) : null;
        const items = all.filter(
          (s) =>
            (q.latest_state === undefined || s.latest_state === q.latest_state) &&
            (q.company_id === undefined || s.company_id === q.company_id) &&
            (q.document_number === undefined || s.document_number === q.document_number) &&
            (ids === null || ids.includes(s.id)),
        );
        return { status: 200, body: items, headers: { 'service-total-count': String(items.length) } };
      },
    },
  } as unknown as Gateway;
  return { gateway, calls };
}

beforeEach(useMemoryStorage);

describe('which rejected invoices were corrected and resent', () => {
  it('takes the first later invoice of the same company, number and year as the correction', () => {
    const rejected = send(5, '7', 'Scartato');
    expect(
      correctionAmong(rejected, [rejected, send(6, '7', 'Consegnato'), send(8, '7', 'Consegnato')])?.id,
    ).toBe(6);
    // Resent and rejected again: the first rejection was corrected; the second counts for itself.
    expect(correctionAmong(rejected, [send(6, '7', 'Scartato')])?.id).toBe(6);
  });

  it('never takes an earlier invoice (a duplicate SDI rejected), another company’s, another year’s or another number', () => {
    const duplicate = send(5, '7', 'Scartato');
    expect(correctionAmong(duplicate, [send(2, '7', 'Consegnato')])).toBeNull();
    expect(correctionAmong(duplicate, [send(6, '7', 'Consegnato', { company_id: 2 })])).toBeNull();
    expect(
      correctionAmong(duplicate, [
        send(6, '7', 'Consegnato', {
          document_date: '2027-01-10',
          documents: [{ number: '7', date: '2027-01-10' }],
        }),
      ]),
    ).toBeNull();
    expect(correctionAmong(duplicate, [send(6, '8', 'Consegnato')])).toBeNull();
    expect(
      correctionAmong(send(5, '', 'Scartato', { document_number: null, documents: [] }), [
        send(6, '', 'Consegnato'),
      ]),
    ).toBeNull();
  });

  it('reads the number from `documents` when the service gives no document_number', () => {
    const rejected = send(5, '7', 'Scartato', { document_number: null, document_date: null });
    expect(
      correctionAmong(rejected, [send(6, '7', 'Consegnato', { document_number: null, document_date: null })])
        ?.id,
    ).toBe(6);
  });

  it('knows the composer’s corrections without asking, finds the others once, and keeps what it found', async () => {
    const all = [
      send(1, 'A', 'Scartato'),
      send(2, 'B', 'Scartato'),
      send(3, 'C', 'Scartato'),
      // The composer resent A under another number.
      send(4, 'A-bis', 'Consegnato'),
      // B was resent with its own number from elsewhere.
      send(5, 'B', 'ImpossibilitaDiRecapito'),
    ];
    rememberResend('local', 4, 1);
    const { gateway, calls } = fakeGateway(all);
    const rejected = all.filter((s) => s.latest_state === 'Scartato');
    const found = await findCorrections(gateway, 'local', rejected, { numbers: true, generation: 'g1' });
    expect([...found]).toEqual([
      [1, { id: 4, number: 'A-bis' }],
      [2, { id: 5, number: 'B' }],
    ]);
    // Asked: B's and C's numbers, then the name of A's correction.
    expect(calls.map((q) => q?.document_number ?? q?.ids)).toEqual(['B', 'C', '4']);
    // What it found is kept like the composer's link; C, uncorrected, is not asked again in the same generation.
    expect(resendLinks('local', 2).correctedBy).toBe(5);
    calls.length = 0;
    expect((await findCorrections(gateway, 'local', rejected, { generation: 'g1' })).size).toBe(2);
    expect(calls).toEqual([]);
    // Something new was sent: C is asked again.
    await findCorrections(gateway, 'local', rejected, { generation: 'g2' });
    expect(calls.map((q) => q?.document_number)).toEqual(['C']);
  });

  it('links both ways in the drawer: the rejected invoice to its correction, and back', async () => {
    const all = [
      send(1, 'A', 'Scartato'),
      send(2, 'A', 'Consegnato'),
      send(3, 'Z', 'Scartato'),
      send(9, 'Z-2', 'Consegnato'),
    ];
    rememberResend('local', 9, 3);
    const { gateway } = fakeGateway(all);
    expect(await correctionLinks(gateway, 'local', all[0]!)).toEqual({
      corrects: null,
      correctedBy: { id: 2, number: 'A' },
    });
    expect(await correctionLinks(gateway, 'local', all[1]!)).toEqual({
      corrects: { id: 1, number: 'A' },
      correctedBy: null,
    });
    expect(await correctionLinks(gateway, 'local', all[2]!)).toEqual({
      corrects: null,
      correctedBy: { id: 9, number: 'Z-2' },
    });
    expect(await correctionLinks(gateway, 'local', all[3]!)).toEqual({
      corrects: { id: 3, number: 'Z' },
      correctedBy: null,
    });
  });
});
