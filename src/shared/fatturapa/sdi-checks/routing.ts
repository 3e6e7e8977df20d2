import type { InvoiceXml } from '../xml-document.ts';
import { buyerIds, header } from './invoice-view.ts';
import { problem } from './problem.ts';
import type { SdiCheck } from './types.ts';
import { descend, text } from './xml-access.ts';
import type { TextRef } from './xml-access.ts';

const NO_CHANNEL = '0000000';
const FOREIGN_BUYER = 'XXXXXXX';

function transmission(doc: InvoiceXml): { code: TextRef | undefined; formato: TextRef | undefined } {
  const data = descend(header(doc), 'DatiTrasmissione');
  return { code: text(data, 'CodiceDestinatario'), formato: text(data, 'FormatoTrasmissione') };
}

/** 00427's condition: a PA office code (6) with FPR12, or a channel code (7) with FPA12. */
function lengthIncoherent(formato: string | undefined, code: string): boolean {
  return (formato === 'FPA12' && code.length === 7) || (formato === 'FPR12' && code.length === 6);
}

function expectedLength(doc: InvoiceXml): number | null {
  if (doc.format === 'FPA12') return 6;
  if (doc.format === 'FPR12' || doc.format === 'FSM10') return 7;
  return null;
}

export const recipientCodeLength: SdiCheck = {
  name: 'recipientCodeLength',
  codes: ['00427'],
  run({ doc }) {
    const { code, formato } = transmission(doc);
    if (code === undefined || formato === undefined || !lengthIncoherent(formato.value, code.value))
      return [];
    return [
      problem('00427', code.path, { code: code.value, formato: formato.value, length: code.value.length }),
    ];
  },
};

/**
 * 00311 is mostly a registry check (IPA office, accredited channel), delegated to the hook; the file alone
 * shows a code that cannot exist for the invoice's format. A length that 00427 already reports is not repeated.
 */
export const recipientCode: SdiCheck = {
  name: 'recipientCode',
  codes: ['00311', '00312'],
  run({ doc, context }) {
    const { code, formato } = transmission(doc);
    const length = expectedLength(doc);
    if (code === undefined || length === null) return [];
    const params = { code: code.value, format: doc.format };
    if (!new RegExp(`^[A-Z0-9]{${length}}$`).test(code.value)) {
      if (lengthIncoherent(formato?.value, code.value)) return [];
      return [problem('00311', code.path, { ...params, reason: 'format', length })];
    }
    if (code.value === NO_CHANNEL || code.value === FOREIGN_BUYER) return [];
    const status = context.recipientCodeStatus?.(code.value, doc.format);
    if (status === 'unknown') return [problem('00311', code.path, { ...params, reason: 'register', length })];
    if (status === 'inactive') return [problem('00312', code.path, params)];
    return [];
  },
};

export const foreignRecipientCode: SdiCheck = {
  name: 'foreignRecipientCode',
  codes: ['00313'],
  run({ doc }) {
    const { code } = transmission(doc);
    if (doc.format !== 'FPR12' || code?.value !== FOREIGN_BUYER) return [];
    const vat = buyerIds(doc).vat;
    if (vat !== undefined && vat.country.value !== 'IT') return [];
    return [problem('00313', code.path, { code: code.value, buyerCountry: vat?.country.value ?? '-' })];
  },
};

export const transmissionFormat: SdiCheck = {
  name: 'transmissionFormat',
  codes: ['00428'],
  run({ doc }) {
    const { formato } = transmission(doc);
    if (formato === undefined || formato.value === doc.format) return [];
    const versione = doc.root['@_versione'];
    return [
      problem('00428', formato.path, {
        formato: formato.value,
        versione: typeof versione === 'string' ? versione : doc.format,
      }),
    ];
  },
};

export const routingChecks: readonly SdiCheck[] = [
  transmissionFormat,
  recipientCodeLength,
  recipientCode,
  foreignRecipientCode,
];
