import { describe, expect, it } from 'vitest';
import type { Send } from '../../src/shared/api/types.ts';
import { entryOf } from '../../src/renderer/invoice-index/entry.ts';
import { totalsOf } from '../../src/renderer/invoice-list.tsx';
import { invoiceXml, italianVat } from '../support/invoices.ts';

const row = (id: number): Send =>
  ({
    id,
    created: `2026-03-0${id}T10:00:00Z`,
    file_name: `IT01234567890_0000${id}.xml`,
    document_number: String(id),
    document_date: '2026-03-01',
    nome_committente: 'Cliente',
    committente: null,
    encoding: 'Xml',
  }) as unknown as Send;

describe('the total of a list', () => {
  it('keeps each currency apart, as the files give it, and leaves out what SDI rejected', () => {
    const euro = entryOf('sent', row(1), invoiceXml({ supplierVat: italianVat(71) }), 'Xml').amount;
    const dollars = entryOf(
      'sent',
      row(2),
      invoiceXml({ supplierVat: italianVat(71) }).replace('<Divisa>EUR</Divisa>', '<Divisa>USD</Divisa>'),
      'Xml',
    ).amount;
    expect(euro).toMatchObject({ amount: '122.00', currency: 'EUR' });
    expect(dollars).toMatchObject({ amount: '122.00', currency: 'USD' });
    const totals = totalsOf(
      [
        { amount: euro },
        { amount: euro },
        { amount: dollars },
        { amount: euro, discarded: true },
        { amount: undefined },
        { amount: null, discarded: true },
      ],
      10,
    );
    expect(totals).toEqual({
      byCurrency: [
        ['EUR', 24_400],
        ['USD', 12_200],
      ],
      unknown: 1,
      rows: 6,
      partial: true,
      discarded: { count: 2, byCurrency: [['EUR', 12_200]] },
    });
  });
});
