/**
 * Problems shown at their field: a single input gets, as its Mantine `error`, the problems of its draft field; a
 * row of small inputs (a line, a withholding, an instalment) marks its inputs in error and lists the row's
 * problems under it, each named by its column. Every message is marked `compose-field-problem` with
 * `data-field` = the FatturaPA element (docs/qa.md). Where a problem is shown is decided by placement.ts.
 */
import type { ReactNode } from 'react';
import { TypedChoices, type TypedProblem } from '../inputs/typed-input.tsx';

export interface ShownProblem {
  /** Draft field (`customer.vat`, `lines[1].unitPrice`); '' for the document as a whole. */
  field: string;
  /** FatturaPA element path. */
  element: string;
  code: string;
  text: string;
  severity?: 'error' | 'warning';
  /** SDI errors only: the field's value SDI refused; the error shows while the field keeps it. */
  original?: string;
  /** A typed input's question (`1,000`: 1,000 or 1.000,00?): the readings to pick, as buttons after the text. */
  choices?: TypedProblem['choices'];
}

export type FieldProblems = readonly ShownProblem[];

/** Mantine's error red is below 4.5:1 on white at this size: a darker red, a lighter one in the dark. */
const PROBLEM_COLOR = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))';
const WARNING_COLOR = 'light-dark(var(--mantine-color-orange-9), var(--mantine-color-orange-3))';

/** The field itself or one below it: `lines[2]` covers `lines[2].unitPrice` and `lines[2].adjustments[0].amount`. */
export function isUnder(field: string, prefix: string): boolean {
  return field === prefix || field.startsWith(`${prefix}.`) || field.startsWith(`${prefix}[`);
}

export function problemsUnder(problems: FieldProblems, prefix: string): ShownProblem[] {
  return problems.filter((p) => isUnder(p.field, prefix));
}

/** True when the field (or a part of it) has a problem: the input is marked invalid. */
export function hasProblem(problems: FieldProblems, field: string): boolean {
  return problems.some((p) => isUnder(p.field, field));
}

export const problemColor = (severity: ShownProblem['severity']) =>
  severity === 'warning' ? WARNING_COLOR : PROBLEM_COLOR;

/** What is wrong, then what to do: two sentences, the first closed with a full stop when it has none. */
export function withHint(description: string, hint: string | null | undefined): string {
  if (!hint) return description;
  return /[.!?:]$/.test(description) ? `${description} ${hint}` : `${description}. ${hint}`;
}

/** Takes the user to the first input marked in error, in the order of the form; else to the first problem listed. */
export function focusFirstProblem() {
  const input = document.querySelector<HTMLElement>('[data-testid="compose-form"] [aria-invalid="true"]');
  if (input) {
    input.scrollIntoView({ block: 'center' });
    input.focus({ preventScroll: true });
    return;
  }
  document.querySelector('[data-testid="compose-field-problem"]')?.scrollIntoView({ block: 'center' });
}

function Message({ problem, label }: { problem: ShownProblem; label?: string }) {
  return (
    <span
      data-testid="compose-field-problem"
      data-field={problem.element}
      style={{ display: 'block', color: problemColor(problem.severity) }}
    >
      {label ? `${label}: ${problem.text}` : problem.text}
      {problem.choices && <TypedChoices choices={problem.choices} />}
    </span>
  );
}

/** The problems of exactly `field`, as an input's error; undefined when there are none. */
export function errorAt(problems: FieldProblems, field: string): ReactNode {
  const here = problems.filter((p) => p.field === field);
  if (here.length === 0) return undefined;
  return (
    <>
      {here.map((p, i) => (
        <Message key={i} problem={p} />
      ))}
    </>
  );
}

/**
 * The problems of a row, under it: each named by the column it belongs to (`labels` by the part of the field
 * after the prefix, `unitPrice` or `adjustments`), the row's own without a name.
 */
export function RowProblems({
  problems,
  prefix,
  labels,
}: {
  problems: FieldProblems;
  prefix: string;
  labels: Record<string, string>;
}) {
  const here = problemsUnder(problems, prefix);
  if (here.length === 0) return null;
  const labelOf = (field: string): string | undefined => {
    const rest = field.slice(prefix.length).replace(/^\./, '');
    const first = /^[A-Za-z]+/.exec(rest)?.[0] ?? '';
    return labels[first];
  };
  // A sentence that names its field already ("Indica la descrizione.") needs no column name before it.
  const named = (text: string, label: string | undefined) =>
    label !== undefined &&
    text.toLowerCase().includes(
      label
        .replace(/\s*[%(].*$/, '')
        .trim()
        .toLowerCase(),
    );
  return (
    <div style={{ fontSize: 'var(--mantine-font-size-sm)', marginTop: 4 }}>
      {here.map((p, i) => {
        const label = labelOf(p.field);
        return <Message key={i} problem={p} label={named(p.text, label) ? undefined : label} />;
      })}
    </div>
  );
}
