import type { TFunction } from 'i18next';
import type { ProblemDetails } from '../../shared/api/types.ts';

/** A form's fields: the API's name for each (`errors[].path`) and its label in the UI. */
export type FormFields<F extends string> = Record<F, string>;

/** A refused form, as the form shows it: a message under each field concerned, and the rest said once. */
export interface FormProblem<F extends string> {
  fields: Partial<Record<F, string>>;
  /** What belongs to no field, in plain words; empty when every error found its field. */
  rest: string[];
}

/**
 * Maps an API problem onto a form through `errors[].path`. The server already answers in the UI language (the
 * gateway sends `Accept-Language`); what it says about a field by its API name (`'name' is required`) is said
 * here with the field's label instead, and the problem's own summary ("…; see errors") is never shown.
 */
export function formProblem<F extends string>(
  problem: ProblemDetails | null,
  message: string,
  labels: FormFields<F>,
  t: TFunction,
): FormProblem<F> {
  if (!problem) return { fields: {}, rest: [t('form.failed', { message })] };
  const fields: Partial<Record<F, string>> = {};
  const rest: string[] = [];
  for (const error of problem.errors ?? []) {
    const field = (Object.keys(labels) as F[]).find((f) => f === error.path);
    const text = described(error, field ? labels[field] : null, t);
    if (field) fields[field] = fields[field] ? `${fields[field]} ${text}` : text;
    else rest.push(text);
  }
  if ((problem.errors ?? []).length === 0) rest.push(problem.detail || problem.title);
  return { fields, rest };
}

function described(
  error: NonNullable<ProblemDetails['errors']>[number],
  label: string | null,
  t: TFunction,
): string {
  if (label && error.code === 'required') return t('form.required');
  let text = error.description;
  // The API names fields as the API spells them: in the UI, the label the user sees.
  if (label && error.path) text = text.split(`'${error.path}'`).join(label);
  return error.hint ? `${text} ${error.hint}` : text;
}
