/**
 * The draft being written and its life on this machine: which draft the address opens (one named in it, the one
 * already made from the same sent invoice, or a new one), its edits, its saving as you type (debounced) and its
 * discarding. The drafts are kept per profile by draft-store.ts until sent or discarded.
 */
import { useDebouncedValue } from '@mantine/hooks';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type Dispatch,
  type SetStateAction,
} from 'react';
import { useLocation } from 'wouter';
import type { Company, Send } from '../../shared/api/types.ts';
import {
  draftFromInvoice,
  emptyDraft,
  selfInvoiceDraft,
  type DraftSupplier,
  type InvoiceDraft,
  type OpenMode,
  type SelfInvoiceKind,
} from '../../shared/fatturapa/compose/index.ts';
import { documentTypeRule } from '../../shared/fatturapa/document-type-rules.ts';
import type { Gateway } from '../../shared/gateway/channels.ts';
import { getCompany, getReceived, getSent, listUpdates, messageOf } from '../data/api.ts';
import { payloadBytes, readInvoice } from '../data/read-invoice.ts';
import {
  listDrafts,
  rememberSupplier,
  removeDraft,
  saveDraft,
  supplierOf,
  type StoredDraft,
} from './draft-store.ts';

/**
 * What the composer's address asks for: `?draft=<id>`, `?from=sent/42&mode=<OpenMode>`, or the self-invoice that
 * integrates a received invoice, `?from=inbox/7&mode=TD16` (TD16–TD19).
 */
export interface DraftAddress {
  from: string;
  mode: string;
  draftId: string;
}

/**
 * What the rest of the composer resets when the session moves on: called from effects and event handlers, never
 * while rendering.
 */
export interface SessionEvents {
  /** Another draft is being opened; `revealAll`: it was worked on before (resumed, or made from an invoice). */
  opened(revealAll: boolean): void;
  /** The user changed the draft. */
  edited(): void;
  /** The draft was discarded and a new one begun in its place (the address named none). */
  restarted(): void;
}

export interface DraftSession {
  /** The draft open, null while it is being found or read. */
  stored: StoredDraft | null;
  /** Replaces the draft without counting as an edit (the number proposed, the key of a submission). */
  setStored: Dispatch<SetStateAction<StoredDraft | null>>;
  /** The draft as it was half a second after the last keystroke: what is saved and checked. */
  debounced: StoredDraft | null;
  /** Why the sent invoice named in the address could not be opened. */
  openError: string | null;
  /** The profile's other drafts, to resume. */
  otherDrafts: StoredDraft[];
  /** Changed since it was opened (one made from a sent invoice is new, so changed): it is saved as you type. */
  dirty: boolean;
  /** What is on the screen is what is saved. */
  saved: boolean;
  change: (edit: (draft: InvoiceDraft) => void) => void;
  chooseCompany: (id: number | null) => void;
  discard: () => void;
}

const MODES: OpenMode[] = ['correct', 'creditNote', 'duplicate', 'open'];
const SELF_INVOICES: SelfInvoiceKind[] = ['TD16', 'TD17', 'TD18', 'TD19'];

/**
 * The own company as the composer knows it: what the user keeps for it (draft-store.ts), else its name and tax
 * ids from the service.
 */
function ownCompany(profile: string, company: Company | undefined, id: number): DraftSupplier {
  const remembered = supplierOf(profile, id);
  if (remembered) return remembered;
  const supplier = emptyDraft('').supplier;
  if (company) {
    supplier.name = company.name;
    supplier.vat = { country: company.vat.slice(0, 2), code: company.vat.slice(2) };
    supplier.fiscalCode = company.fiscal_code === company.vat.slice(2) ? '' : company.fiscal_code;
  }
  return supplier;
}

/**
 * Whether the draft's supplier is the company's own (kept as its registry data): not in a document the customer
 * issues, such as a self-invoice, whose supplier is the other party.
 */
const suppliesItself = (draft: InvoiceDraft) =>
  (documentTypeRule(draft.document.type)?.issuedBy ?? 'supplier') === 'supplier';

const newId = () => crypto.randomUUID();

/** ProgressivoInvio: up to 10 characters, different for each file sent from here. */
const progressive = () => Date.now().toString(36).slice(-7).toUpperCase();

function freshDraft(today: string): StoredDraft {
  const draft = emptyDraft(today);
  draft.transmission.progressive = progressive();
  return {
    id: newId(),
    companyId: null,
    source: null,
    idempotencyKey: '',
    attempt: null,
    updated: new Date().toISOString(),
    draft,
  };
}

export function useDraftSession(
  gateway: Gateway,
  profile: string | null,
  companies: Company[],
  address: DraftAddress,
  events: SessionEvents,
  /** The day it is ('YYYY-MM-DD'): the sandbox clock's on the local sandbox, a new draft's date. */
  today: string,
): DraftSession {
  const { from, mode: modeParam, draftId: resumeId } = address;
  const [, navigate] = useLocation();
  const [stored, setStored] = useState<StoredDraft | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<StoredDraft[]>([]);
  const [dirty, setDirty] = useState(false);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  // The events of the latest render, kept before any effect of it runs: the effect below calls them without
  // running again when they change.
  const eventsRef = useRef(events);
  // The day as it is when a draft is made, without choosing the draft again when it changes.
  const todayRef = useRef(today);
  useLayoutEffect(() => {
    eventsRef.current = events;
    todayRef.current = today;
  });

  // Which draft: one named in the address, the one already made from the same sent invoice, a new one.
  useEffect(() => {
    if (profile === null) return;
    let cancelled = false;
    setStored(null);
    setOpenError(null);
    setDirty(false);
    // A draft resumed or opened from an invoice was already worked on: its problems show at once.
    eventsRef.current.opened(resumeId !== '' || from !== '');
    const existing = listDrafts(profile);
    setDrafts(existing);
    const sendId = /^sent\/(\d+)$/.exec(from)?.[1];
    const receivedId = /^inbox\/(\d+)$/.exec(from)?.[1];
    const mode = MODES.find((m) => m === modeParam);
    const selfKind = SELF_INVOICES.find((k) => k === modeParam);
    if (resumeId) {
      const found = existing.find((d) => d.id === resumeId);
      if (found) {
        setStored(found);
        return;
      }
    }
    if (receivedId && selfKind) {
      const again = existing.find(
        (d) => d.integrates?.receivedId === Number(receivedId) && d.integrates.kind === selfKind,
      );
      if (again) {
        setStored(again);
        return;
      }
      void (async () => {
        try {
          // Opened from the received invoice's view, so already read (reading it again costs nothing).
          const receive = await getReceived(gateway, Number(receivedId));
          const reading = readInvoice(payloadBytes(receive.payload ?? '', receive.encoding));
          const companyId = receive.company_id;
          const company = companyId === null ? undefined : await getCompany(gateway, companyId);
          const own = ownCompany(profile, company, companyId ?? 0);
          const draft = selfInvoiceDraft(reading, 1, selfKind, own, { date: todayRef.current });
          draft.transmission.progressive = progressive();
          const original = reading.documents[0]!;
          if (!cancelled) {
            setStored({
              ...freshDraft(todayRef.current),
              companyId,
              integrates: {
                receivedId: receive.id,
                kind: selfKind,
                number: original.number,
                date: original.date.slice(0, 10),
              },
              draft,
            });
            setDirty(true);
          }
        } catch (e) {
          if (!cancelled) setOpenError(messageOf(e));
        }
      })();
      return () => {
        cancelled = true;
      };
    }
    if (sendId && mode) {
      const again = existing.find((d) => d.source?.sendId === Number(sendId) && d.source.mode === mode);
      if (again) {
        setStored(again);
        return;
      }
      void (async () => {
        try {
          const send: Send = await getSent(gateway, Number(sendId), true);
          const updates = mode === 'correct' ? (await listUpdates(gateway, send.id)).items : [];
          const discard = updates.filter((u) => u.state === 'Scartato').at(-1);
          const draft = draftFromInvoice(payloadBytes(send.payload ?? '', send.encoding), {
            mode,
            today: todayRef.current,
          });
          if (mode !== 'open') draft.transmission.progressive = progressive();
          const remembered = supplierOf(profile, send.company_id);
          if (remembered && mode !== 'open') {
            // The file may say less than the registry the user keeps (REA, address): the kept one fills gaps.
            if (!draft.supplier.rea) draft.supplier.rea = remembered.rea;
          }
          if (!cancelled)
            setStored({
              ...freshDraft(todayRef.current),
              companyId: send.company_id,
              source: {
                sendId: send.id,
                mode,
                sdiErrors: (discard?.errors ?? []).map((e) => ({
                  code: e.code,
                  description: e.description ?? '',
                  hint: e.hint ?? '',
                })),
                discardedAt: discard?.last_update ?? null,
              },
              draft,
            });
          if (!cancelled) setDirty(true);
        } catch (e) {
          if (!cancelled) setOpenError(messageOf(e));
        }
      })();
      return () => {
        cancelled = true;
      };
    }
    setStored(freshDraft(todayRef.current));
    return undefined;
  }, [gateway, profile, from, modeParam, resumeId]);

  // The sandbox clock is read after the composer opens: a new draft nobody touched yet takes its day.
  useEffect(() => {
    if (dirty || from || resumeId) return;
    setStored((current) =>
      current && current.draft.document.date !== today && current.attempt === null
        ? { ...current, draft: { ...current.draft, document: { ...current.draft.document, date: today } } }
        : current,
    );
  }, [today, dirty, from, resumeId]);

  const change = useCallback((edit: (draft: InvoiceDraft) => void) => {
    setStored((current) => {
      if (!current) return current;
      const draft = structuredClone(current.draft);
      edit(draft);
      return { ...current, draft, updated: new Date().toISOString() };
    });
    setDirty(true);
    eventsRef.current.edited();
  }, []);

  const chooseCompany = useCallback(
    (id: number | null) => {
      const company = companies.find((c) => c.id === id) ?? null;
      setStored((current) => {
        if (!current) return current;
        const draft = structuredClone(current.draft);
        const own = company && profile ? ownCompany(profile, company, company.id) : null;
        if (own && current.integrates) {
          // A self-invoice: the own company is the customer; the supplier stays the received invoice's.
          Object.assign(draft.customer, {
            name: own.name,
            firstName: own.firstName,
            lastName: own.lastName,
            vat: own.vat,
            fiscalCode: own.fiscalCode,
            address: own.address,
          });
        } else if (own) draft.supplier = own;
        return { ...current, companyId: id, draft, updated: new Date().toISOString() };
      });
      setDirty(true);
    },
    [companies, profile],
  );

  // Saved as you type (debounced); the supplier's registry data is kept for its company.
  const [debounced] = useDebouncedValue(stored, 500);
  useEffect(() => {
    if (!debounced || !profile || !dirty) return;
    saveDraft(profile, debounced);
    if (debounced.companyId !== null && suppliesItself(debounced.draft))
      rememberSupplier(profile, debounced.companyId, debounced.draft.supplier);
    setSavedAt(debounced.updated);
    setDrafts(listDrafts(profile));
  }, [debounced, profile, dirty]);

  const discard = () => {
    if (!stored || !profile) return;
    removeDraft(profile, stored.id);
    setDrafts(listDrafts(profile));
    setDirty(false);
    setSavedAt(null);
    if (from || resumeId) navigate('/compose');
    else {
      setStored(freshDraft(todayRef.current));
      eventsRef.current.restarted();
    }
  };

  return {
    stored,
    setStored,
    debounced,
    openError,
    otherDrafts: drafts.filter((d) => d.id !== stored?.id),
    dirty,
    saved: stored !== null && savedAt !== null && savedAt === stored.updated && debounced === stored,
    change,
    chooseCompany,
    discard,
  };
}
