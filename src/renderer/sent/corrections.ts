/**
 * Which invoices SDI rejected were corrected and resent, and by which invoice. The app knows it two ways:
 * - the composer kept the link when it sent the correction (`draft-store.ts`, `rememberResend`);
 * - a later invoice of the same company carries the same number in the same year. An invoice SDI rejected was
 *   never issued, and the only invoice that may take its number is its correction (resent with the same number
 *   and date, sdi-rules §(c)): from the composer, from "Send invoices", or from another program.
 * A link found the second way is kept like the first, so it is asked once. A rejected invoice that was corrected
 * asks nothing more of the accountant: the dashboard does not count it, and the lists say where it went.
 */
import { useQuery } from '@tanstack/react-query';
import { SEND_IDS_MAX, type Send } from '../../shared/api/types.ts';
import type { Gateway } from '../../shared/gateway/channels.ts';
import { clientOf, listSent } from '../data/api.ts';
import { keptCorrections, rememberResend, resendLinks } from '../compose/draft-store.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { queryKeys } from '../data/keys.ts';
import { useActiveProfileId } from '../data/profiles.ts';

/** The invoice a correction link points at, as the lists name it. */
export interface InvoiceRef {
  id: number;
  /** Its document number; null when the invoice is no longer there to read. */
  number: string | null;
}

/** The first document's number and date: from the sandbox's fields, or from `documents` as any service gives them. */
function documentOf(send: Send): { number: string | null; date: string | null } {
  const first = send.documents?.[0];
  return {
    number: send.document_number ?? first?.number ?? null,
    date: send.document_date ?? first?.date ?? null,
  };
}

const createdBefore = (a: Send, b: Send) => a.created < b.created || (a.created === b.created && a.id < b.id);

/**
 * The invoice that corrected `rejected` among `candidates`: the first one sent after it, by the same company,
 * with the same document number in the same year. Null when none.
 */
export function correctionAmong(rejected: Send, candidates: readonly Send[]): Send | null {
  const own = documentOf(rejected);
  if (!own.number) return null;
  const year = own.date?.slice(0, 4) ?? null;
  const later = candidates.filter((c) => {
    if (c.id === rejected.id || c.company_id !== rejected.company_id || !createdBefore(rejected, c))
      return false;
    const other = documentOf(c);
    return other.number === own.number && (year === null || other.date?.slice(0, 4) === year);
  });
  return later.reduce<Send | null>(
    (first, c) => (first === null || createdBefore(c, first) ? c : first),
    null,
  );
}

/** The invoices of the same company with the same document number (usually one or two). */
async function sameNumber(gateway: Gateway, send: Send): Promise<Send[]> {
  const { number } = documentOf(send);
  if (!number) return [];
  const page = await listSent(gateway, {
    company_id: send.company_id,
    document_number: number,
    page_size: 50,
  });
  return page.items;
}

/** Runs `task` over `items`, at most `limit` at a time (a remote service counts requests). */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(limit, queue.length) }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
    }),
  );
}

/**
 * Rejections already asked about and found uncorrected, per profile, with the sent list's state they were
 * asked in (`generation`): asked again only once something new was sent.
 */
const uncorrected = new Map<string, string>();

export interface FindOptions {
  /** Also read each correction's number (one request per 100), for a link that names it. */
  numbers?: boolean;
  /** Changes whenever a new invoice is sent (e.g. the count and the latest id): uncorrected ones are asked once per value. */
  generation?: string;
}

/** For each rejected invoice (others are ignored) that was corrected, the invoice that corrected it. */
export async function findCorrections(
  gateway: Gateway,
  profile: string,
  invoices: readonly Send[],
  options: FindOptions = {},
): Promise<Map<number, InvoiceRef>> {
  const kept = keptCorrections(profile);
  const found = new Map<number, InvoiceRef>();
  const toAsk: Send[] = [];
  for (const send of invoices) {
    if (send.latest_state !== 'Scartato') continue;
    const known = kept.get(send.id);
    if (known !== undefined) found.set(send.id, { id: known, number: null });
    else if (
      options.generation === undefined ||
      uncorrected.get(`${profile}:${send.id}`) !== options.generation
    )
      toAsk.push(send);
  }
  const named = new Map<number, string | null>();
  await eachLimited(toAsk, 4, async (send) => {
    const correction = correctionAmong(send, await sameNumber(gateway, send));
    if (correction) {
      rememberResend(profile, correction.id, send.id);
      found.set(send.id, { id: correction.id, number: documentOf(correction).number });
      named.set(correction.id, documentOf(correction).number);
    } else if (options.generation !== undefined) uncorrected.set(`${profile}:${send.id}`, options.generation);
  });
  if (options.numbers) {
    const unnamed = [...new Set([...found.values()].map((r) => r.id).filter((id) => !named.has(id)))];
    for (let i = 0; i < unnamed.length; i += SEND_IDS_MAX) {
      const ids = unnamed.slice(i, i + SEND_IDS_MAX);
      const page = await listSent(gateway, { ids: ids.join(','), page_size: ids.length });
      for (const send of page.items) named.set(send.id, documentOf(send).number);
    }
    for (const [rejected, ref] of found)
      found.set(rejected, { id: ref.id, number: named.get(ref.id) ?? null });
  }
  return found;
}

/**
 * How many rejected invoices still ask something of the accountant: those SDI rejected (`latest_state`
 * Scartato), less those corrected and resent. `generation` as in `findCorrections`.
 */
export async function rejectionsToHandle(
  gateway: Gateway,
  profile: string,
  generation: string,
): Promise<number> {
  const rejected = await clientOf(gateway).sent.readAll({ latest_state: 'Scartato', sort: '-created' });
  if (rejected.total === 0) return 0;
  const corrected = await findCorrections(gateway, profile, rejected.items, { generation });
  return rejected.total - corrected.size;
}

/** Both ways for one invoice: the rejected one it corrects, and the one that corrected it. */
export async function correctionLinks(
  gateway: Gateway,
  profile: string,
  send: Send,
): Promise<{ corrects: InvoiceRef | null; correctedBy: InvoiceRef | null }> {
  const kept = resendLinks(profile, send.id);
  const others = await sameNumber(gateway, send);
  const byId = new Map(others.map((s) => [s.id, s]));
  const ref = (id: number | null): InvoiceRef | null => {
    if (id === null) return null;
    const found = byId.get(id);
    return { id, number: found ? documentOf(found).number : null };
  };
  let correctedBy = ref(kept.correctedBy);
  if (correctedBy === null && send.latest_state === 'Scartato') {
    const correction = correctionAmong(send, others);
    if (correction) {
      rememberResend(profile, correction.id, send.id);
      correctedBy = ref(correction.id);
    }
  }
  let corrects = ref(kept.corrects);
  if (corrects === null) {
    const rejected = others
      .filter((s) => s.latest_state === 'Scartato' && correctionAmong(s, others)?.id === send.id)
      .at(-1);
    if (rejected) corrects = ref(rejected.id);
  }
  // A link kept by the composer may name an invoice of another number: read it to name it.
  const unnamed = [corrects, correctedBy].filter((r): r is InvoiceRef => r !== null && !byId.has(r.id));
  if (unnamed.length > 0) {
    const page = await listSent(gateway, {
      ids: unnamed.map((r) => r.id).join(','),
      page_size: unnamed.length,
    });
    for (const r of unnamed) {
      const found = page.items.find((s) => s.id === r.id);
      r.number = found ? documentOf(found).number : null;
    }
  }
  return { corrects, correctedBy };
}

/**
 * The corrections of the rejected invoices among `invoices` (a list's page), with their numbers; an empty map
 * until known, and again whenever `invoices` changes.
 */
export function useCorrections(invoices: readonly Send[] | null): Map<number, InvoiceRef> {
  const gateway = useGateway();
  const profile = useActiveProfileId();
  const rejected = invoices?.filter((s) => s.latest_state === 'Scartato') ?? [];
  const found = useQuery({
    queryKey: queryKeys.sentList(
      'corrections',
      profile,
      rejected.map((s) => `${s.id}:${s.last_update}`),
    ),
    queryFn: () =>
      findCorrections(gateway, profile!, invoices!, { numbers: true }).catch(
        () => new Map<number, InvoiceRef>(),
      ),
    enabled: profile !== null && rejected.length > 0,
  });
  return (rejected.length > 0 && found.data) || NONE;
}

/** No corrections: the same empty map each render. */
const NONE = new Map<number, InvoiceRef>();
