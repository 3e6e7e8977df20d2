/**
 * SDI's errors of a discarded invoice, placed at the fields of the draft that corrects it and said in the UI
 * language. Each stays while its field keeps the value SDI refused (`original`).
 */
import {
  checkDraft,
  composeInvoice,
  type DraftLanguage,
  type DraftProblem,
  type InvoiceDraft,
} from '../../shared/fatturapa/compose/index.ts';
import { describeSdiProblem } from '../../shared/fatturapa/sdi-checks/messages.ts';
import type { SdiProblem } from '../../shared/fatturapa/sdi-checks/types.ts';
import { valueAt } from './draft-fields.ts';
import type { SdiError } from './draft-store.ts';
import type { ShownProblem } from './field-problems.tsx';

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
  const known = own.description !== error.code && !/\{\{\w+\}\}/.test(own.description + own.hint);
  const [description, hint] = known ? [own.description, own.hint] : [error.description, error.hint];
  return `SDI ${error.code}: ${description}${hint ? ` (${hint})` : ''}`;
}

export function placeSdiErrors(draft: InvoiceDraft, errors: SdiError[], lang: DraftLanguage): ShownProblem[] {
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
