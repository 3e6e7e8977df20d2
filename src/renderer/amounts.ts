import { useEffect, useState } from 'react';
import type { Gateway } from '../shared/gateway/channels.ts';
import type { InvoiceReading } from '../shared/fatturapa/reading/types.ts';

/**
 * An invoice's amount as the app read it from the file (the API carries none): the document total in the
 * invoice's currency, with where it came from: `declared` (ImportoTotaleDocumento) or `computed` (the reading's
 * own total, when the file declares none). A file of several documents adds them up.
 */
export interface KnownAmount {
  /** Plain decimal, e.g. `1220.00`. */
  amount: string;
  currency: string;
  source: 'declared' | 'computed';
  /** TipoDocumento of the first document (TD01…), or null. */
  type: string | null;
}

/** The amount of a read invoice; null when its documents give none, or give them in different currencies. */
export function amountOfReading(reading: InvoiceReading): KnownAmount | null {
  let cents = 0;
  let source: KnownAmount['source'] = 'declared';
  let currency: string | null = null;
  for (const doc of reading.documents) {
    let value = doc.declaredTotal;
    if (value === null) {
      source = 'computed';
      value = doc.reconciliation?.documentTotal ?? doc.simplifiedTotal ?? null;
    }
    if (value === null) return null;
    const docCurrency = doc.currency || 'EUR';
    if (currency !== null && docCurrency !== currency) return null;
    currency = docCurrency;
    cents += Math.round(Number(value) * 100);
  }
  if (currency === null) return null;
  return { amount: (cents / 100).toFixed(2), currency, source, type: reading.documents[0]?.type ?? null };
}

/**
 * The amounts cache before the encrypted index (plaintext in localStorage, `scambio.amounts.<profile>`): removed,
 * not imported. Everything in it can be read again at no cost (sent files, received invoices already read).
 */
export function dropLegacyAmountCache(storage: Storage | undefined = globalThis.localStorage): void {
  try {
    if (!storage) return;
    const legacy: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith('scambio.amounts.')) legacy.push(key);
    }
    legacy.forEach((key) => storage.removeItem(key));
  } catch {
    // Storage unavailable: there is nothing to drop either.
  }
}

/** The active profile's id, for the per-profile index; null until known. */
export function useProfileId(gateway: Gateway): string | null {
  const [id, setId] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void gateway.profiles.list().then(
      (view) => live && setId(view.activeId),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [gateway]);
  return id;
}
