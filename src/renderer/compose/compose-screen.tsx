/**
 * The composer (`#/compose`): write an invoice field by field, see every problem SDI would find at its field
 * while typing, the computed totals and a preview of the document, then send it. Drafts are kept on this machine
 * (draft-store.ts) until sent or discarded. `#/compose?from=sent/42&mode=correct|creditNote|duplicate` opens a
 * sent invoice to correct and resend it, credit it, or copy it.
 */
import { Alert, Anchor, Badge, Button, Group, List, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import type { Company, Send } from '../../shared/api/types.ts';
import {
  checkDraft,
  composeInvoice,
  draftFieldOf,
  draftFromInvoice,
  emptyDraft,
  inSeries,
  nextDocumentNumber,
  nextInSeries,
  seriesFor,
  type DraftLanguage,
  type DraftProblem,
  type InvoiceDraft,
  type OpenMode,
} from '../../shared/fatturapa/compose/index.ts';
import { invoiceToXml } from '../../shared/fatturapa/model/to-xml.ts';
import { describeSdiProblem } from '../../shared/fatturapa/sdi-checks/messages.ts';
import type { SdiProblem } from '../../shared/fatturapa/sdi-checks/types.ts';
import type { ApiResponse } from '../../shared/gateway/channels.ts';
import { hasPlaceholder } from '../../shared/interpolate.ts';
import {
  ApiProblem,
  getSent,
  listUpdates,
  messageOf,
  problemOf,
  sendInvoiceXml,
  validateInvoiceXml,
} from '../api.ts';
import { useCompanies } from '../data/companies.ts';
import { useActiveProfileId } from '../data/profiles.ts';
import { formatDate } from '../format.ts';
import { useGateway } from '../gateway-context.ts';
import { InvoiceView } from '../invoice-view/invoice-view.tsx';
import { payloadBytes } from '../invoice-view/read-invoice.ts';
import { useReady } from '../ready.ts';
import { TypedProblemsContext, type TypedProblem, type TypedProblemsReport } from '../inputs/typed-input.tsx';
import { href, sentAddress } from '../routes.ts';
import {
  listDrafts,
  rememberCustomer,
  rememberResend,
  rememberSupplier,
  removeDraft,
  saveDraft,
  seriesOf,
  supplierOf,
  type SdiError,
  type StoredDraft,
} from './draft-store.ts';
import { CorrectionLink } from './correction-link.tsx';
import { DraftForm } from './draft-form.tsx';
import { isUnder, problemColor, type FieldProblems, type ShownProblem } from './field-problems.tsx';
import type { NumberUse } from './form-parts.tsx';
import { isPlaced } from './placement.ts';
import { findNumberUse, numbersOfYear } from './sent-numbers.ts';
import { TotalsBlock } from './totals-block.tsx';

type Signature = 'None' | 'Apply' | 'Auto';

/** Mantine's teal text is below 4.5:1 on white: the darkest shade in light, a pale one in dark. */
const STATUS_TEXT = {
  teal: { label: { color: 'light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-2))' } },
};

/** What is wrong, then what to do: two sentences, the first closed with a full stop when it has none. */
function withHint(description: string, hint: string | null | undefined): string {
  if (!hint) return description;
  return /[.!?:]$/.test(description) ? `${description} ${hint}` : `${description}. ${hint}`;
}

/** Takes the user to the first input marked in error, in the order of the form; else to the first problem listed. */
function focusFirstProblem() {
  const input = document.querySelector<HTMLElement>('[data-testid="compose-form"] [aria-invalid="true"]');
  if (input) {
    input.scrollIntoView({ block: 'center' });
    input.focus({ preventScroll: true });
    return;
  }
  document.querySelector('[data-testid="compose-field-problem"]')?.scrollIntoView({ block: 'center' });
}

/** The form controls whose leaving checks their field (buttons are not fields). */
const isField = (target: EventTarget) =>
  target instanceof HTMLElement && target.matches('input, textarea, select');

/**
 * The draft fields that differ between two drafts, in the draft's notation (`customer.address.postcode`,
 * `lines[1].unitPrice`): a row added or removed counts as all of its fields.
 */
function changedFields(before: unknown, after: unknown, path = ''): string[] {
  if (before === after) return [];
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';
  if (!isObject(before) || !isObject(after)) return path === '' ? [] : [path];
  if (Array.isArray(before) || Array.isArray(after)) {
    const a = Array.isArray(before) ? before : [];
    const b = Array.isArray(after) ? after : [];
    return Array.from({ length: Math.max(a.length, b.length) }, (_, i) =>
      changedFields(a[i], b[i], `${path}[${i}]`),
    ).flat();
  }
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].flatMap((key) => changedFields(before[key], after[key], path ? `${path}.${key}` : key));
}
const MODES: OpenMode[] = ['correct', 'creditNote', 'duplicate', 'open'];
/** Days SDI allows the same number and date after a discard (sdi-rules.md §(c) "Common start", point 2). */
const REUSE_DAYS = 5;
/** Until the companies are read: the same empty list each render. */
const NO_COMPANIES: Company[] = [];

const today = () => new Date().toISOString().slice(0, 10);
const newId = () => crypto.randomUUID();

/** A short hash of the XML: a new Idempotency-Key whenever what is sent changed since the last attempt. */
function hashOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${text.length}:${h.toString(16)}`;
}

/** ProgressivoInvio: up to 10 characters, different for each file sent from here. */
const progressive = () => Date.now().toString(36).slice(-7).toUpperCase();

function freshDraft(): StoredDraft {
  const draft = emptyDraft(today());
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

/** The value of a draft field (`lines[2].unitPrice`, `customer.vat`), as JSON to compare it. */
function valueAt(draft: InvoiceDraft, field: string): string {
  let node: unknown = draft;
  for (const part of field.split(/\.|\[|\]/).filter(Boolean)) {
    if (node === null || typeof node !== 'object') return '';
    node = (node as Record<string, unknown>)[part];
  }
  return JSON.stringify(node ?? '');
}

/** Where SDI's errors belong: the field the draft's own checks give the same code, else the known ones. */
const SDI_FIELDS: Record<string, string> = {
  '00404': 'document.number',
  '00409': 'document.number',
};

/**
 * SDI's error in the UI language: the draft's own check of the same code says it with the draft's values; else
 * the shared catalogue's text, filled with what the draft knows (00404: its number and date); else, for a code
 * or a sentence the catalogue cannot complete, SDI's own (Italian) text.
 */
function sdiText(
  error: SdiError,
  same: DraftProblem | undefined,
  draft: InvoiceDraft,
  lang: DraftLanguage,
): string {
  const own =
    same ??
    describeSdiProblem(
      {
        code: error.code as SdiProblem['code'],
        severity: 'error',
        path: '',
        params: { numero: draft.document.number, data: draft.document.date },
      },
      lang,
    );
  const known = own.description !== error.code && !hasPlaceholder(own.description + own.hint);
  const [description, hint] = known ? [own.description, own.hint] : [error.description, error.hint];
  return `SDI ${error.code}: ${description}${hint ? ` (${hint})` : ''}`;
}

function placeSdiErrors(draft: InvoiceDraft, errors: SdiError[], lang: DraftLanguage): ShownProblem[] {
  const own = checkDraft(draft, { lang });
  const { fieldMap } = composeInvoice(draft);
  return errors.map((error): ShownProblem => {
    const same = own.find((p) => p.code === error.code && p.field !== '');
    const field = same?.field ?? SDI_FIELDS[error.code] ?? '';
    let element = same?.element ?? '';
    if (!element && field) for (const [path, mapped] of fieldMap) if (mapped === field) element = path;
    return {
      field,
      element,
      code: error.code,
      text: sdiText(error, same, draft, lang),
      original: field ? valueAt(draft, field) : '',
    };
  });
}

export default function ComposeScreen() {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const lang = (['it', 'en', 'de'].includes(i18n.language) ? i18n.language : 'en') as DraftLanguage;
  const from = params.get('from') ?? '';
  const modeParam = params.get('mode') ?? '';
  const resumeId = params.get('draft') ?? '';

  const profile = useActiveProfileId();
  const companies = useCompanies() ?? NO_COMPANIES;
  const [stored, setStored] = useState<StoredDraft | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<StoredDraft[]>([]);
  const [dirty, setDirty] = useState(false);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [signature, setSignature] = useState<Signature>('Auto');
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const [serverProblems, setServerProblems] = useState<ShownProblem[]>([]);
  const [sendError, setSendError] = useState<string | null>(null);
  const [suggested, setSuggested] = useState<string | null>(null);
  // Inputs whose text is not understood yet (an amount to choose between two readings, a date that is none), by
  // draft field: shown at the field in place of the checks' problems there, and holding the draft back from SDI.
  const [typed, setTyped] = useState<Readonly<Record<string, TypedProblem>>>({});
  const typedRef = useRef(typed);
  typedRef.current = typed;
  const reportTyped = useCallback<TypedProblemsReport>((field, problem) => {
    setTyped((current) => {
      if ((current[field] ?? null) === problem) return current;
      const next = { ...current };
      if (problem) next[field] = problem;
      else delete next[field];
      return next;
    });
  }, []);
  const [suggestedFromSeries, setSuggestedFromSeries] = useState(false);
  const [numberUsed, setNumberUsed] = useState<NumberUse | null>(null);
  // A new form says nothing until a field is left (its problems) or Send is pressed (all of them).
  const [revealAll, setRevealAll] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [focusPending, setFocusPending] = useState(false);
  const draftRef = useRef<InvoiceDraft | null>(null);
  draftRef.current = stored?.draft ?? null;
  const focusedDraft = useRef<InvoiceDraft | null>(null);
  // A field left by pressing a button (Add a line) shows its problems once the click is done: a message appearing
  // above the button between mousedown and mouseup would move it away from the pointer and lose the click.
  const pointerDown = useRef(false);
  const leftWhileDown = useRef<string[]>([]);
  const touch = useCallback((fields: string[]) => {
    if (fields.length > 0) setTouched((current) => new Set([...current, ...fields]));
  }, []);
  useEffect(() => {
    const down = () => (pointerDown.current = true);
    const up = () => {
      pointerDown.current = false;
      const left = leftWhileDown.current;
      leftWhileDown.current = [];
      if (left.length > 0) setTimeout(() => touch(left), 0);
    };
    window.addEventListener('pointerdown', down, true);
    window.addEventListener('pointerup', up, true);
    return () => {
      window.removeEventListener('pointerdown', down, true);
      window.removeEventListener('pointerup', up, true);
    };
  }, [touch]);
  /** The last number proposed: replaced by the next proposal while the user has not typed another. */
  const proposedNumber = useRef('');

  useReady(stored !== null || openError !== null);

  // Which draft: one named in the address, the one already made from the same sent invoice, a new one.
  useEffect(() => {
    if (profile === null) return;
    let cancelled = false;
    setStored(null);
    setOpenError(null);
    setDirty(false);
    setServerProblems([]);
    setSendError(null);
    setTouched(new Set());
    proposedNumber.current = '';
    // A draft resumed or opened from an invoice was already worked on: its problems show at once.
    setRevealAll(resumeId !== '' || from !== '');
    const existing = listDrafts(profile);
    setDrafts(existing);
    const sendId = /^sent\/(\d+)$/.exec(from)?.[1];
    const mode = MODES.find((m) => m === modeParam);
    if (resumeId) {
      const found = existing.find((d) => d.id === resumeId);
      if (found) {
        setStored(found);
        return;
      }
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
            today: today(),
          });
          if (mode !== 'open') draft.transmission.progressive = progressive();
          const remembered = supplierOf(profile, send.company_id);
          if (remembered && mode !== 'open') {
            // The file may say less than the registry the user keeps (REA, address): the kept one fills gaps.
            if (!draft.supplier.rea) draft.supplier.rea = remembered.rea;
          }
          if (!cancelled)
            setStored({
              ...freshDraft(),
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
    setStored(freshDraft());
    return undefined;
  }, [gateway, profile, from, modeParam, resumeId]);

  const change = useCallback((edit: (draft: InvoiceDraft) => void) => {
    setStored((current) => {
      if (!current) return current;
      const draft = structuredClone(current.draft);
      edit(draft);
      return { ...current, draft, updated: new Date().toISOString() };
    });
    setDirty(true);
    setServerProblems([]);
    setSendError(null);
  }, []);

  const chooseCompany = useCallback(
    (id: number | null) => {
      const company = companies.find((c) => c.id === id) ?? null;
      setStored((current) => {
        if (!current) return current;
        const draft = structuredClone(current.draft);
        const remembered = company && profile ? supplierOf(profile, company.id) : null;
        if (remembered) draft.supplier = remembered;
        else if (company) {
          draft.supplier.name = company.name;
          draft.supplier.vat = { country: company.vat.slice(0, 2), code: company.vat.slice(2) };
          draft.supplier.fiscalCode = company.fiscal_code === company.vat.slice(2) ? '' : company.fiscal_code;
        }
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
    if (debounced.companyId !== null)
      rememberSupplier(profile, debounced.companyId, debounced.draft.supplier);
    setSavedAt(debounced.updated);
    setDrafts(listDrafts(profile));
  }, [debounced, profile, dirty]);

  // The next number for the document's year: of the type's series when the company has one (Companies), else
  // after the highest number of the year whatever its series. Written into the draft while the number is blank
  // or still the one proposed before (the type or the year changed).
  const companyId = stored?.companyId ?? null;
  const year = stored?.draft.document.date.slice(0, 4) ?? '';
  const documentType = stored?.draft.document.type ?? 'TD01';
  const autoNumber = stored?.source?.mode !== 'correct' && stored?.source?.mode !== 'open';
  useEffect(() => {
    // The previous suggestion stays until the next is known: the field's description does not blink.
    if (companyId === null || profile === null || !/^\d{4}$/.test(year)) {
      setSuggested(null);
      return;
    }
    let cancelled = false;
    const template = seriesFor(seriesOf(profile, companyId), documentType);
    const next = template
      ? numbersOfYear(gateway, companyId, year, (n) => inSeries(n, template, year)).then((numbers) =>
          nextInSeries(numbers, template, year),
        )
      : numbersOfYear(gateway, companyId, year).then((numbers) => nextDocumentNumber(numbers, { year }));
    void next
      .then((number) => {
        if (cancelled) return;
        setSuggested(number);
        setSuggestedFromSeries(template !== '');
        const before = proposedNumber.current;
        proposedNumber.current = number;
        if (autoNumber)
          setStored((current) =>
            current && (current.draft.document.number === '' || current.draft.document.number === before)
              ? {
                  ...current,
                  draft: { ...current.draft, document: { ...current.draft.document, number } },
                }
              : current,
          );
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [gateway, profile, companyId, year, documentType, autoNumber]);

  // The checks run on the debounced draft: typing stays fluid, problems follow within half a second.
  const checked = useMemo(() => {
    if (!debounced) return null;
    const composed = composeInvoice(debounced.draft);
    return {
      problems: checkDraft(debounced.draft, { lang }),
      xml: invoiceToXml(composed.json),
      fieldMap: composed.fieldMap,
    };
  }, [debounced, lang]);

  // The number already used by the same supplier, type and year (SDI's 00404), asked once the typing settles.
  const numberDraft = debounced?.draft ?? null;
  const numberKey = numberDraft
    ? [
        numberDraft.document.number,
        numberDraft.document.type,
        numberDraft.document.date.slice(0, 4),
        numberDraft.supplier.vat.country,
        numberDraft.supplier.vat.code,
      ].join('|')
    : '';
  const numberDraftRef = useRef(numberDraft);
  numberDraftRef.current = numberDraft;
  useEffect(() => {
    setNumberUsed(null);
    const draft = numberDraftRef.current;
    if (!draft) return;
    let cancelled = false;
    void findNumberUse(gateway, draft)
      .then((use) => !cancelled && setNumberUsed(use))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [gateway, numberKey]);

  const sdiProblems = useMemo(
    () =>
      stored?.source?.mode === 'correct' && stored.source.sdiErrors.length > 0
        ? placeSdiErrors(stored.draft, stored.source.sdiErrors, lang)
        : [],
    // Placed once per opened invoice and language: each stays while its field keeps the value SDI refused.
    [stored?.id, stored?.source, lang],
  );

  // The draft's own problems show at the fields the user has left (or all of them once Send was pressed); SDI's
  // and the server's always.
  const { shown, hidden } = useMemo(() => {
    if (!stored) return { shown: [] as FieldProblems, hidden: 0 };
    const revealed = (field: string) =>
      revealAll || (field !== '' && [...touched].some((t) => isUnder(field, t) || isUnder(t, field)));
    // The checks lag the typing by the debounce: a field whose value changed since is not judged on its old one
    // (leaving a CAP just typed never flashes "Indica il CAP"); its problem shows once the checks catch up.
    const checkedDraft = debounced?.draft;
    const current = (field: string) =>
      field === '' || !checkedDraft || valueAt(checkedDraft, field) === valueAt(stored.draft, field);
    // A field whose text is not understood holds nothing: the checks' problems there are about that nothing.
    const all = (checked?.problems ?? []).filter((p) => !Object.hasOwn(typed, p.field));
    const own = all
      .filter((p) => revealed(p.field) && current(p.field))
      .map((p: DraftProblem): ShownProblem => ({
        field: p.field,
        element: p.element,
        code: p.code,
        text: withHint(p.description, p.hint),
        severity: p.severity,
      }));
    const elementOf = (field: string): string => {
      for (const [element, mapped] of checked?.fieldMap ?? []) if (mapped === field) return element;
      return '';
    };
    const unread = Object.entries(typed)
      .filter(([, p]) => !p.typing)
      .map(([field, p]): ShownProblem => ({
        field,
        element: elementOf(field),
        code: 'typed',
        text: p.text,
        choices: p.choices,
      }));
    const sdi = sdiProblems.filter((p) => !p.field || valueAt(stored.draft, p.field) === p.original);
    return {
      shown: [...unread, ...sdi, ...serverProblems, ...own] as FieldProblems,
      hidden: new Set(all.filter((p) => !(revealed(p.field) && current(p.field))).map((p) => p.field)).size,
    };
  }, [checked, debounced, sdiProblems, serverProblems, stored, revealAll, touched, typed]);

  // After a Send stopped by problems: once they are on the screen, the first one is focused.
  useEffect(() => {
    if (!focusPending || debounced !== stored) return;
    setFocusPending(false);
    requestAnimationFrame(focusFirstProblem);
  }, [focusPending, debounced, stored]);

  if (openError) return <Alert color="red">{t('compose.sourceFailed', { message: openError })}</Alert>;
  if (!stored || !profile) return <Text>{t('compose.loadingSource')}</Text>;

  const { draft } = stored;
  const mode = stored.source?.mode;
  const title =
    mode === 'correct'
      ? t('compose.titleCorrect')
      : mode === 'creditNote'
        ? t('compose.titleCreditNote')
        : mode === 'duplicate'
          ? t('compose.titleDuplicate')
          : t('compose.title');
  const saved = savedAt !== null && savedAt === stored.updated && debounced === stored;
  // Each problem once: at its field when the form shows it, else in the list below the totals.
  const unplaced = shown.filter((p) => !isPlaced(draft, p.field));
  const atFields = shown.length - unplaced.length;

  const send = async () => {
    if (sendingRef.current) return;
    // Never sent with a field the user has not been understood in: it holds nothing, or less than was typed.
    if (Object.keys(typedRef.current).length > 0) {
      setSendError(t('inputs.unanswered'));
      focusFirstProblem();
      return;
    }
    // Send checks every field: every problem shows, and an error stops the sending at the first one.
    setRevealAll(true);
    const errors = checkDraft(stored.draft, { lang }).filter((p) => p.severity === 'error');
    if (errors.length > 0) {
      setSendError(t('compose.sendBlocked', { count: errors.length }));
      setFocusPending(true);
      return;
    }
    sendingRef.current = true;
    setSending(true);
    setSendError(null);
    setServerProblems([]);
    try {
      // Asked again now, not trusted from a minute ago: SDI would discard a number already used (00404).
      const used = await findNumberUse(gateway, stored.draft).catch(() => null);
      if (used) {
        setNumberUsed(used);
        setSendError(t('compose.sendBlocked', { count: 1 }));
        setFocusPending(true);
        return;
      }
      const composed = composeInvoice(stored.draft);
      const xml = invoiceToXml(composed.json);
      const hash = hashOf(xml);
      // One key per draft and content: a second click or a retry of the same file never stores it twice.
      const key = stored.attempt?.hash === hash ? stored.idempotencyKey : newId();
      const withKey = { ...stored, idempotencyKey: key, attempt: { hash } };
      setStored(withKey);
      saveDraft(profile, withKey);
      const headers = { 'content-type': 'application/xml' };
      const refused = (response: ApiResponse) => {
        const problem = problemOf(response);
        const mapped = (problem?.errors ?? []).map((e): ShownProblem => ({
          field: e.path ? draftFieldOf(composed.fieldMap, e.path) : '',
          element: e.path ?? '',
          code: e.code ?? '',
          text: withHint(e.description, e.hint),
        }));
        setServerProblems(mapped);
        setSendError(mapped.length > 0 ? t('compose.sendRefused') : new ApiProblem(response).message);
      };
      // Checked as it will be sent: a PA invoice (FPA12) must be signed, which "sign when required" does.
      const check = await validateInvoiceXml(gateway, xml, { query: { signature }, headers });
      if (check.status !== 204) return refused(check);
      const response = await sendInvoiceXml(gateway, xml, {
        query: { signature },
        headers: { ...headers, 'Idempotency-Key': key },
      });
      if (response.cancelled === 'live-send') return setSendError(t('compose.declined'));
      if (response.status !== 201) return refused(response);
      const sent = response.body as Send;
      rememberCustomer(profile, stored.draft.customer);
      if (stored.source?.mode === 'correct') rememberResend(profile, sent.id, stored.source.sendId);
      if (stored.companyId !== null) rememberSupplier(profile, stored.companyId, stored.draft.supplier);
      removeDraft(profile, stored.id);
      navigate(sentAddress(sent.id));
    } catch (e) {
      setSendError(t('compose.sendFailed', { message: messageOf(e) }));
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  const discard = () => {
    removeDraft(profile, stored.id);
    setConfirmDiscard(false);
    setDrafts(listDrafts(profile));
    setDirty(false);
    setSavedAt(null);
    if (from || resumeId) navigate('/compose');
    else {
      setStored(freshDraft());
      setTouched(new Set());
      setRevealAll(false);
      proposedNumber.current = '';
    }
  };

  const reuseUntil = stored.source?.discardedAt
    ? new Date(Date.parse(stored.source.discardedAt) + REUSE_DAYS * 86_400_000).toISOString()
    : null;
  const otherDrafts = drafts.filter((d) => d.id !== stored.id);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        <Group gap="xs">
          {saved ? (
            <Badge color="teal.9" variant="filled" data-testid="compose-draft-saved">
              {t('compose.draftSaved')}
            </Badge>
          ) : (
            dirty && (
              <Badge color="gray.7" variant="filled">
                {t('compose.draftSaving')}
              </Badge>
            )
          )}
          {(otherDrafts.length > 0 || from || resumeId) && (
            <Button component="a" href={href('/compose')} variant="subtle" size="xs">
              {t('compose.draftNew')}
            </Button>
          )}
        </Group>
      </Group>
      <Text c="dimmed">{t('compose.intro')}</Text>

      {otherDrafts.length > 0 && (
        <Paper withBorder p="sm">
          <Title order={3} fz="md" mb="xs">
            {t('compose.drafts')}
          </Title>
          <List size="sm" data-testid="compose-drafts">
            {otherDrafts.map((d) => (
              <List.Item key={d.id}>
                <Anchor href={href(`/compose?draft=${d.id}`)}>
                  {t('compose.draftResume')}:{' '}
                  {[
                    d.draft.document.number || t('compose.draftUntitled'),
                    d.draft.customer.name ||
                      `${d.draft.customer.firstName} ${d.draft.customer.lastName}`.trim(),
                    formatDate(d.draft.document.date, i18n.language),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Paper>
      )}

      {mode === 'correct' && stored.source && (
        <Alert color="orange" title={t('compose.sdiErrors')} data-testid="compose-sdi-errors">
          <Text size="sm">{t('compose.sdiErrorsHint')}</Text>
          {reuseUntil && (
            <Text size="sm" fw={600} data-testid="compose-reuse-until">
              {t('compose.reuseUntil', { date: formatDate(reuseUntil, i18n.language) })}
            </Text>
          )}
          <Text size="sm" mt="xs">
            {t('compose.sdiErrorsCount', { count: stored.source.sdiErrors.length })}
          </Text>
          {/* Resent already from here: said before it is sent twice. */}
          <CorrectionLink sendId={stored.source.sendId} />
        </Alert>
      )}
      {mode === 'creditNote' && (
        <Alert color="blue">
          {t('compose.creditNoteOf', {
            number: draft.references.find((r) => r.kind === 'linkedInvoice')?.id ?? '',
            date: formatDate(
              draft.references.find((r) => r.kind === 'linkedInvoice')?.date ?? '',
              i18n.language,
            ),
          })}
        </Alert>
      )}

      <TypedProblemsContext.Provider value={reportTyped}>
        {/* Leaving a field checks what it changed since it was entered (changedFields): its problems show. */}
        <div
          onFocus={(event) => {
            if (isField(event.target)) focusedDraft.current = draftRef.current;
          }}
          onBlur={(event) => {
            const before = focusedDraft.current;
            if (!isField(event.target) || !before || !draftRef.current) return;
            const left = changedFields(before, draftRef.current);
            focusedDraft.current = null;
            if (pointerDown.current) leftWhileDown.current.push(...left);
            else touch(left);
          }}
        >
          <DraftForm
            draft={draft}
            change={change}
            problems={shown}
            companies={companies}
            companyId={stored.companyId}
            onCompany={chooseCompany}
            profile={profile}
            suggestedNumber={suggested}
            suggestedFromSeries={suggestedFromSeries}
            numberUsed={numberUsed && numberUsed.number === draft.document.number.trim() ? numberUsed : null}
          />
        </div>
      </TypedProblemsContext.Provider>

      <TotalsBlock draft={debounced?.draft ?? draft} />

      <Paper withBorder p="sm">
        <Title order={3} fz="md" mb="xs">
          {t('compose.problems')}
        </Title>
        {shown.length === 0 && hidden > 0 ? (
          <Text size="sm" c="dimmed" data-testid="compose-problems-hidden" data-count={hidden}>
            {t('compose.problemsHidden')}
          </Text>
        ) : shown.length === 0 ? (
          <Text size="sm" style={STATUS_TEXT.teal.label} data-testid="compose-problems-none">
            {t('compose.problemsNone')}
          </Text>
        ) : (
          <>
            {atFields > 0 && (
              <Group gap="xs">
                <Text size="sm" data-testid="compose-problems-at-fields" data-count={atFields}>
                  {t('compose.problemsAtFields', { count: atFields })}
                </Text>
                <Button variant="subtle" size="compact-sm" onClick={focusFirstProblem}>
                  {t('compose.problemsGoTo')}
                </Button>
              </Group>
            )}
            {hidden > 0 && (
              <Text size="sm" c="dimmed" data-testid="compose-problems-hidden" data-count={hidden}>
                {t('compose.problemsHidden')}
              </Text>
            )}
            {unplaced.length > 0 && (
              <List size="sm" mt={atFields > 0 ? 'xs' : 0}>
                {unplaced.map((p, i) => (
                  <List.Item
                    key={`${p.field}-${p.code}-${i}`}
                    data-testid="compose-field-problem"
                    data-field={p.element}
                    style={{ color: problemColor(p.severity) }}
                  >
                    {p.text}
                  </List.Item>
                ))}
              </List>
            )}
          </>
        )}
      </Paper>

      <Group align="flex-end">
        <Select
          label={t('compose.signature')}
          w={240}
          allowDeselect={false}
          value={signature}
          onChange={(v) => setSignature((v as Signature | null) ?? 'Auto')}
          data={[
            { value: 'Auto', label: t('compose.signatureAuto') },
            { value: 'Apply', label: t('compose.signatureApply') },
            { value: 'None', label: t('compose.signatureNone') },
          ]}
        />
        <Button onClick={() => void send()} disabled={sending} loading={sending} data-testid="compose-send">
          {sending ? t('compose.sending') : t('compose.send')}
        </Button>
        {confirmDiscard ? (
          <Group gap="xs">
            <Text size="sm">{t('compose.discardConfirm')}</Text>
            <Button color="red" size="xs" onClick={discard} data-testid="compose-discard-confirm">
              {t('compose.discardYes')}
            </Button>
            <Button variant="default" size="xs" onClick={() => setConfirmDiscard(false)}>
              {t('compose.discardNo')}
            </Button>
          </Group>
        ) : (
          <Button variant="subtle" color="red" onClick={() => setConfirmDiscard(true)} disabled={sending}>
            {t('compose.discard')}
          </Button>
        )}
      </Group>
      {sendError && (
        <Alert color="red" data-testid="compose-send-error">
          {sendError}
        </Alert>
      )}

      <Paper withBorder p="sm">
        <Title order={3} fz="md" mb="xs">
          {t('compose.preview')}
        </Title>
        {checked && <InvoiceView payload={checked.xml} encoding="Xml" />}
      </Paper>
    </Stack>
  );
}
