/**
 * The draft's number: the next one for the document's year, proposed and written into the draft while the user
 * has not typed another, and the sent invoice that already has the number typed (SDI would discard the draft as
 * 00404), both asked of the sent invoices (sent-numbers.ts).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { Gateway } from '../../shared/gateway/channels.ts';
import { queryKeys } from '../data/keys.ts';
import type { StoredDraft } from './draft-store.ts';
import type { NumberUse } from './form-parts.tsx';
import { nextNumber, numberOwnerOf, seriesTemplateOf } from './next-number.ts';
import { findNumberUse } from './sent-numbers.ts';

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
  /** The last number proposed: replaced by the next proposal while the user has not typed another. */
  const proposedNumber = useRef('');

  // The next number for the document's year: of the type's series when the company has one (Companies), else
  // after the highest number of the year whatever its series. A sent list's query (data/keys.ts): an invoice sent
  // or discarded meanwhile (a live change) proposes again.
  const companyId = stored?.companyId ?? null;
  const year = stored?.draft.document.date.slice(0, 4) ?? '';
  const documentType = stored?.draft.document.type ?? 'TD01';
  const autoNumber = stored?.source?.mode !== 'correct' && stored?.source?.mode !== 'open';
  // The company's series live in this machine's storage: read when the company or the type changes, not per key.
  const template = useMemo(
    () => (profile !== null ? seriesTemplateOf(profile, companyId, documentType) : ''),
    [profile, companyId, documentType],
  );
  const owner = stored ? numberOwnerOf(stored.draft, companyId) : null;
  const proposal = useQuery({
    queryKey: queryKeys.sentList('next-number', owner, year, template),
    queryFn: () => nextNumber(gateway, owner!, year, template),
    enabled: owner !== null && profile !== null && /^\d{4}$/.test(year),
    // The previous suggestion stays until the next is known: the field's description does not blink.
    placeholderData: keepPreviousData,
  });
  const suggested = proposal.data ?? null;

  // Written into the draft while the number is blank or still the one proposed before (the type or the year
  // changed, or another draft or invoice took it since): kept with the draft, so a draft opened again knows.
  useEffect(() => {
    if (suggested === null || proposal.isPlaceholderData) return;
    const before = proposedNumber.current;
    proposedNumber.current = suggested;
    if (autoNumber)
      setStored((current) => {
        if (!current) return current;
        const number = current.draft.document.number;
        if (number !== '' && number !== before && number !== current.proposedNumber) return current;
        return {
          ...current,
          proposedNumber: suggested,
          draft: { ...current.draft, document: { ...current.draft.document, number: suggested } },
        };
      });
  }, [suggested, proposal.isPlaceholderData, autoNumber, setStored]);

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
  const numberUse = useQuery({
    queryKey: queryKeys.sentList('number-use', numberKey),
    queryFn: () => findNumberUse(gateway, numberDraftRef.current!),
    enabled: numberDraft !== null,
  });
  // Found again just before sending (the list may have changed since the last asking).
  const [foundAtSend, setFoundAtSend] = useState<NumberUse | null>(null);
  const current = stored?.draft.document.number.trim();
  const numberUsed =
    [foundAtSend, numberUse.data ?? null].find((use) => use && use.number === current) ?? null;

  return {
    suggested,
    fromSeries: suggested !== null && template !== '',
    // Said while the draft keeps that number.
    used: numberUsed,
    setUsed: setFoundAtSend,
    forget: () => {
      proposedNumber.current = '';
    },
  };
}
