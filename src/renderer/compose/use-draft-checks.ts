/**
 * The draft's problems, and which of them the screen shows. The checks run on the debounced draft: typing stays
 * fluid, problems follow within half a second. The draft's own problems show at the fields the user has left (or
 * all of them once Send was pressed, use-revealed-fields.ts); SDI's errors of the invoice being corrected and the
 * server's answer to the last attempt always; an input whose text is not understood (use-typed-problems.ts)
 * shows its question in place of the checks' problems at its field.
 */
import { useMemo, useState } from 'react';
import {
  checkDraft,
  composeInvoice,
  type ComposedInvoice,
  type DraftLanguage,
  type DraftProblem,
} from '../../shared/fatturapa/compose/index.ts';
import { invoiceToXml } from '../../shared/fatturapa/model/to-xml.ts';
import { valueAt } from './draft-fields.ts';
import type { StoredDraft } from './draft-store.ts';
import { isUnder, withHint, type FieldProblems, type ShownProblem } from './field-problems.tsx';
import { placeSdiErrors } from './sdi-errors.ts';
import { useRevealedFields, type RevealedFields } from './use-revealed-fields.ts';
import { useTypedProblems, type TypedProblems } from './use-typed-problems.ts';

export interface DraftChecks {
  /** The debounced draft composed and checked: its problems, its file (the preview) and the field map. */
  checked: { problems: DraftProblem[]; xml: string; fieldMap: ComposedInvoice['fieldMap'] } | null;
  /** The problems to show, at their field or in the list below the totals. */
  shown: FieldProblems;
  /** How many fields have problems not shown yet (their field not left, or changed since it was checked). */
  hidden: number;
  /** Given to the inputs (TypedProblemsContext): what they could not read, by field. */
  reportTyped: TypedProblems['reportTyped'];
  /** Whether an input's text is not understood, as of now. */
  typedPending: () => boolean;
  /** Which fields' problems show. */
  revealed: RevealedFields;
  /** The server's problems with the last attempt to send, at their fields; gone at the next edit. */
  setServerProblems: (problems: ShownProblem[]) => void;
}

export function useDraftChecks(
  stored: StoredDraft | null,
  debounced: StoredDraft | null,
  lang: DraftLanguage,
): DraftChecks {
  const { typed, reportTyped, typedPending } = useTypedProblems();
  const revealed = useRevealedFields(stored?.draft ?? null);
  const { revealAll, touched } = revealed;
  const [serverProblems, setServerProblems] = useState<ShownProblem[]>([]);

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

  return { checked, shown, hidden, reportTyped, typedPending, revealed, setServerProblems };
}
