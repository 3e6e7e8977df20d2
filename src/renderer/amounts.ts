import { useEffect, useState } from 'react';
import type { PayloadEncoding } from '../shared/api/types.ts';
import type { Gateway } from '../shared/gateway/channels.ts';
import { payloadBytes } from './invoice-view/read-invoice.ts';
import { readInvoice } from '../shared/fatturapa/reading/read-document.ts';

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

export type AmountKind = 'sent' | 'received';

/** Reads the amount of a stored payload; null when the file cannot be read as an invoice. */
export function readAmount(payload: string, encoding: PayloadEncoding): KnownAmount | null {
  try {
    const reading = readInvoice(payloadBytes(payload, encoding));
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
      if (currency !== null && doc.currency !== currency) return null;
      currency = doc.currency || 'EUR';
      cents += Math.round(Number(value) * 100);
    }
    if (currency === null) return null;
    return { amount: (cents / 100).toFixed(2), currency, source, type: reading.documents[0]?.type ?? null };
  } catch {
    return null;
  }
}

const MAX_ENTRIES = 20_000;
const memory = new Map<string, Record<string, KnownAmount>>();
const listeners = new Set<() => void>();

function storageKey(profileId: string): string {
  return `scambio.amounts.${profileId}`;
}

function entries(profileId: string): Record<string, KnownAmount> {
  let map = memory.get(profileId);
  if (!map) {
    try {
      map = JSON.parse(globalThis.localStorage?.getItem(storageKey(profileId)) ?? '{}') as Record<
        string,
        KnownAmount
      >;
    } catch {
      map = {};
    }
    memory.set(profileId, map);
  }
  return map;
}

/**
 * Amounts the app has read, per profile, kept in localStorage so that lists need not read files again: an
 * invoice's file never changes once sent or received.
 */
export const amountCache = {
  get(profileId: string, kind: AmountKind, id: number): KnownAmount | undefined {
    return entries(profileId)[`${kind}:${id}`];
  },
  set(profileId: string, kind: AmountKind, id: number, value: KnownAmount): void {
    const map = entries(profileId);
    map[`${kind}:${id}`] = value;
    const keys = Object.keys(map);
    if (keys.length > MAX_ENTRIES)
      for (const key of keys.slice(0, keys.length - MAX_ENTRIES)) delete map[key];
    try {
      globalThis.localStorage?.setItem(storageKey(profileId), JSON.stringify(map));
    } catch {
      // A full storage only makes lists read files again.
    }
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** Remembers an amount read from a payload the app read anyway (a drawer). */
export function rememberAmount(
  profileId: string | null,
  kind: AmountKind,
  id: number,
  payload: string | null | undefined,
  encoding: PayloadEncoding,
): KnownAmount | null {
  if (!payload) return null;
  const amount = readAmount(payload, encoding);
  if (amount && profileId) amountCache.set(profileId, kind, id, amount);
  return amount;
}

/** The active profile's id, for the per-profile cache; null until known. */
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

/** A counter that moves whenever the cache learns an amount (to redraw cells). */
export function useAmountCacheVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => amountCache.subscribe(() => setVersion((v) => v + 1)), []);
  return version;
}
