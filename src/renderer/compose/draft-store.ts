/**
 * What the composer keeps on this machine, per profile, in localStorage: the open drafts (until sent or
 * discarded), the supplier's registry data per company (typed once, prefilled next time) and the customers of
 * the invoices sent from here (to find them again).
 */
import type { DraftCustomer, DraftSupplier, InvoiceDraft } from '../../shared/fatturapa/compose/index.ts';

import type { SelfInvoiceKind } from '../../shared/fatturapa/compose/index.ts';

export interface StoredDraft {
  id: string;
  /** The supplier company chosen (GET /company), null until chosen. */
  companyId: number | null;
  /** Where the draft came from, e.g. `sent/42` with its mode; SDI errors of a discarded invoice. */
  source: { sendId: number; mode: string; sdiErrors: SdiError[]; discardedAt: string | null } | null;
  /**
   * The received invoice a self-invoice (TD16–TD19) integrates, for reverse charge; absent otherwise. The own
   * company (`companyId`) is then the customer of the draft, and the supplier is the received invoice's.
   */
  integrates?: { receivedId: number; kind: SelfInvoiceKind; number: string; date: string } | null;
  /** The recurring invoice this draft is an occurrence of (recurring/), prepared on its day; absent otherwise. */
  recurring?: { templateId: string; occurrence: string } | null;
  /**
   * The number the app last proposed and wrote into the draft (the next of its year then). While the draft still
   * has it, the number is the app's, not the user's: proposed again when sent later, or sent in a batch after
   * another draft took it. A number the user typed is never changed.
   */
  proposedNumber?: string;
  /** Idempotency-Key of this draft's submission: made once, so a retry or a double click sends once. */
  idempotencyKey: string;
  /** The content the key was made for: another content gets another key. */
  attempt: { hash: string } | null;
  updated: string;
  draft: InvoiceDraft;
}

export interface SdiError {
  code: string;
  description: string;
  hint: string;
}

const prefix = (profile: string) => `scambio.compose.${profile}`;

function read<T>(key: string, fallback: T): T {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or unavailable storage only loses the convenience, never the invoice being typed.
  }
}

/** Said in this window when a draft is saved or removed (the `storage` event tells only the other windows). */
const DRAFTS_CHANGED = 'scambio:drafts-changed';

/** Calls `changed` whenever a profile's drafts may have changed, here or in another window; returns the unsubscribe. */
export function subscribeDrafts(changed: () => void): () => void {
  globalThis.addEventListener(DRAFTS_CHANGED, changed);
  globalThis.addEventListener('storage', changed);
  return () => {
    globalThis.removeEventListener(DRAFTS_CHANGED, changed);
    globalThis.removeEventListener('storage', changed);
  };
}

/** The drafts kept, as stored text: unchanged text is the same drafts (what useSyncExternalStore compares). */
export function draftsText(profile: string): string {
  try {
    return localStorage.getItem(`${prefix(profile)}.drafts`) ?? '[]';
  } catch {
    return '[]';
  }
}

function writeDrafts(profile: string, drafts: StoredDraft[]): void {
  write(`${prefix(profile)}.drafts`, drafts);
  globalThis.dispatchEvent?.(new Event(DRAFTS_CHANGED));
}

export function listDrafts(profile: string): StoredDraft[] {
  return read<StoredDraft[]>(`${prefix(profile)}.drafts`, []).sort((a, b) =>
    b.updated.localeCompare(a.updated),
  );
}

export function saveDraft(profile: string, stored: StoredDraft): void {
  const others = listDrafts(profile).filter((d) => d.id !== stored.id);
  writeDrafts(profile, [stored, ...others]);
}

/** Several drafts kept at once (the occurrences of the recurring invoices prepared on a day). */
export function saveDrafts(profile: string, drafts: StoredDraft[]): void {
  const ids = new Set(drafts.map((d) => d.id));
  writeDrafts(profile, [...drafts, ...listDrafts(profile).filter((d) => !ids.has(d.id))]);
}

export function removeDraft(profile: string, id: string): void {
  writeDrafts(
    profile,
    listDrafts(profile).filter((d) => d.id !== id),
  );
}

export function supplierOf(profile: string, companyId: number): DraftSupplier | null {
  return read<DraftSupplier | null>(`${prefix(profile)}.supplier.${companyId}`, null);
}

export function rememberSupplier(profile: string, companyId: number, supplier: DraftSupplier): void {
  write(`${prefix(profile)}.supplier.${companyId}`, supplier);
}

export function knownCustomers(profile: string): DraftCustomer[] {
  return read<DraftCustomer[]>(`${prefix(profile)}.customers`, []);
}

/** Kept by VAT number (or fiscal code, or name): the latest details win. */
export function rememberCustomer(profile: string, customer: DraftCustomer): void {
  const key = (c: DraftCustomer) => `${c.vat.country}${c.vat.code}|${c.fiscalCode}|${c.name}`;
  const others = knownCustomers(profile).filter((c) => key(c) !== key(customer));
  write(`${prefix(profile)}.customers`, [customer, ...others].slice(0, 200));
}

/**
 * Which sent invoice corrects which discarded one (`sent id → discarded id`): the API has nowhere to record it,
 * and the file must not (a discarded file was never issued), so this machine keeps it.
 */
export function rememberResend(profile: string, sentId: number, discardedId: number): void {
  const links = read<Record<string, number>>(`${prefix(profile)}.resends`, {});
  links[String(sentId)] = discardedId;
  write(`${prefix(profile)}.resends`, links);
}

/** The discarded invoice a sent one corrects, and the invoice that corrected a discarded one (null: none). */
export function resendLinks(
  profile: string,
  sendId: number,
): { corrects: number | null; correctedBy: number | null } {
  const links = read<Record<string, number>>(`${prefix(profile)}.resends`, {});
  const correctedBy = Object.entries(links).find(([, discarded]) => discarded === sendId)?.[0];
  return { corrects: links[String(sendId)] ?? null, correctedBy: correctedBy ? Number(correctedBy) : null };
}

/**
 * A company's numbering series, `document type → its first number` (`TD01 → FT/2026/0001`): kept on this machine
 * per profile, beside the supplier's data, since the API's Company has no place for them.
 */
export function seriesOf(profile: string, companyId: number): Record<string, string> {
  return read<Record<string, string>>(`${prefix(profile)}.series.${companyId}`, {});
}

export function rememberSeries(profile: string, companyId: number, series: Record<string, string>): void {
  const kept = Object.fromEntries(Object.entries(series).filter(([, template]) => template.trim() !== ''));
  write(`${prefix(profile)}.series.${companyId}`, kept);
}

/** Every kept link as `discarded id → the invoice that corrected it` (the first one, if corrected twice). */
export function keptCorrections(profile: string): Map<number, number> {
  const links = read<Record<string, number>>(`${prefix(profile)}.resends`, {});
  const corrections = new Map<number, number>();
  for (const [sent, discarded] of Object.entries(links).sort(([a], [b]) => Number(a) - Number(b)))
    if (!corrections.has(discarded)) corrections.set(discarded, Number(sent));
  return corrections;
}

/**
 * The values kept per company (`supplier.3`, `series.3`) of a profile, by company id: what a backup carries (the
 * composer itself reads one company's at a time).
 */
function perCompany<T>(profile: string, kind: 'supplier' | 'series'): Record<string, T> {
  const start = `${prefix(profile)}.${kind}.`;
  const found: Record<string, T> = {};
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      const id = key?.startsWith(start) ? key.slice(start.length) : '';
      const value = /^\d+$/.test(id) ? read<T | null>(key!, null) : null;
      if (value !== null) found[id] = value;
    }
  } catch {
    // Storage unavailable: nothing kept to carry.
  }
  return found;
}

export function keptSuppliers(profile: string): Record<string, DraftSupplier> {
  return perCompany<DraftSupplier>(profile, 'supplier');
}

export function keptSeries(profile: string): Record<string, Record<string, string>> {
  return perCompany<Record<string, string>>(profile, 'series');
}

/** Every correction link, `sent id → discarded id`, as kept. */
export function keptResends(profile: string): Record<string, number> {
  return read<Record<string, number>>(`${prefix(profile)}.resends`, {});
}

/** The customers list as a whole (a backup merged in), in its order; `rememberCustomer` adds one. */
export function keepCustomers(profile: string, customers: DraftCustomer[]): void {
  write(`${prefix(profile)}.customers`, customers);
}

export function keepResends(profile: string, links: Record<string, number>): void {
  write(`${prefix(profile)}.resends`, links);
}
