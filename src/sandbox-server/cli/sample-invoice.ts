import { createHash } from 'node:crypto';
import { generateSdiFileName, partitaIvaCheckDigit } from '../../shared/fatturapa/index.ts';
import { sandboxNowOf } from '../clock.ts';
import type { RandomSource } from '../random.ts';
import { generateInvoiceXml } from '../sdi/generate-invoice.ts';
import type { Store } from '../store/store.ts';

export interface SampleOptions {
  /** The account whose sample supplier it is (its VAT number is derived from the name). */
  account: string;
  /** Supplier VAT number with its country code; default: the account's own sample supplier. */
  from?: string;
  /** Customer VAT number with its country code; default: a sample customer. */
  to?: string;
  /** A public administration's invoice (FPA12), sent to a 6-character office code. */
  pa: boolean;
}

export interface SampleInvoice {
  xml: string;
  /** A name SDI accepts for the file (`IT…_xxxxx.xml`). */
  fileName: string;
}

/**
 * An Italian VAT number with a valid check digit, the same for the same text: seven digits of taxpayer number,
 * a provincial office code (001–100) and the check digit, as real numbers are made.
 */
export function sampleVat(seed: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 15)}`)
    .toString()
    .padStart(10, '0');
  const office = String(1 + (Number(digits.slice(-3)) % 100)).padStart(3, '0');
  const first10 = `${digits.slice(0, 7)}${office}`;
  return `IT${first10}${partitaIvaCheckDigit(first10)}`;
}

/**
 * A valid invoice for `npm run sandbox -- sample`, ready to send: valid check digits, dated today on the account's
 * sandbox clock in the data folder, a ProgressivoInvio and number that differ at every call, and a file name SDI accepts.
 * Why the supplier is the account's own: a VAT number belongs to one account, and sending registers it.
 */
export function sampleInvoice(store: Store, random: RandomSource, options: SampleOptions): SampleInvoice {
  const at = sandboxNowOf(store.sandboxClocks, store.accounts.idOf(options.account));
  const fromVat = options.from ?? sampleVat(`scambio-sample-supplier:${options.account}`);
  const toVat = options.to ?? sampleVat('scambio-sample-customer');
  const progressive = Buffer.from(random(8)).toString('hex').slice(0, 10).toUpperCase();
  // Decimal, not the progressive's hex: SDI discards a number without a digit (00425), and six hex characters
  // are all letters about once in 360 draws.
  const serial = String(Buffer.from(random(4)).readUInt32BE() % 1_000_000).padStart(6, '0');
  const xml = generateInvoiceXml({
    from: { vat: fromVat, name: `Azienda di prova ${options.account}` },
    toVat,
    format: options.pa ? 'FPA12' : 'FPR12',
    number: `SMP-${serial}`,
    progressive,
    at,
  });
  const fileName = generateSdiFileName(fromVat.slice(0, 2), fromVat.slice(2), false, random);
  return { xml, fileName };
}
