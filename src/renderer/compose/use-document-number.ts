/**
 * The draft's number: the next one for the document's year, proposed and written into the draft while the user
 * has not typed another, and the sent invoice that already has the number typed (SDI would discard the draft as
 * 00404), both asked of the sent invoices (sent-numbers.ts).
 */
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import {
  inSeries,
  nextDocumentNumber,
  nextInSeries,
  seriesFor,
} from '../../shared/fatturapa/compose/index.ts';
import type { Gateway } from '../../shared/gateway/channels.ts';
import { seriesOf, type StoredDraft } from './draft-store.ts';
import type { NumberUse } from './form-parts.tsx';
import { findNumberUse, numbersOfYear } from './sent-numbers.ts';

export interface DocumentNumber {
  /** The number proposed, described under the field; null until known. */
  suggested: string | null;
  /** The proposal is the next of the document type's numbering series (set in Companies). */
  fromSeries: boolean;
  /** The sent invoice that already has the draft's number, as the draft's number stands now. */
  used: NumberUse | null;
  /** Says a sent invoice has the number: found again just before sending. */
  setUsed: (use: NumberUse | null) => void;
  /** Forgets the number proposed: the next proposal is written into the draft only where its number is blank. */
  forget: () => void;
}

export function useDocumentNumber(
  gateway: Gateway,
  profile: string | null,
  session: {
    stored: StoredDraft | null;
    debounced: StoredDraft | null;
    setStored: Dispatch<SetStateAction<StoredDraft | null>>;
  },
): DocumentNumber {
  const { stored, debounced, setStored } = session;
  const [suggested, setSuggested] = useState<string | null>(null);
  const [suggestedFromSeries, setSuggestedFromSeries] = useState(false);
  const [numberUsed, setNumberUsed] = useState<NumberUse | null>(null);
  /** The last number proposed: replaced by the next proposal while the user has not typed another. */
  const proposedNumber = useRef('');

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
  }, [gateway, profile, companyId, year, documentType, autoNumber, setStored]);

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

  return {
    suggested,
    fromSeries: suggestedFromSeries,
    // Said while the draft keeps that number.
    used:
      numberUsed && stored && numberUsed.number === stored.draft.document.number.trim() ? numberUsed : null,
    setUsed: setNumberUsed,
    forget: () => {
      proposedNumber.current = '';
    },
  };
}
