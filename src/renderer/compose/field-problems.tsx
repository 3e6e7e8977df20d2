/**
 * Problems shown at their field: each input gets, as its Mantine `error`, the problems of its draft field, each
 * marked `compose-field-problem` with `data-field` = the FatturaPA element (docs/qa.md).
 */
import type { ReactNode } from 'react';

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
}

export type FieldProblems = readonly ShownProblem[];

/** The fields the form shows an input for: their problems appear there, the others in the list below. */
const PLACED = [
  /^supplier\.(name|firstName|lastName|vat|fiscalCode|regime)$/,
  /^supplier\.address\.(street|number|postcode|town|province|country)$/,
  /^supplier\.rea\.(office|number)$/,
  /^customer\.(name|firstName|lastName|vat|fiscalCode)$/,
  /^customer\.address\.(street|number|postcode|town|province|country)$/,
  /^customer\.delivery\.(code|pec)$/,
  /^document\.(type|date|number|currency|reasons)$/,
  /^references\[\d+\]\.(id|date|cig|cup)$/,
  /^deliveryNotes\[0\]\.(number|date)$/,
  /^lines\[\d+\](\.(description|quantity|unit|unitPrice|vatRate|nature|legalReference|adjustments))?$/,
  /^withholdings\[0\]\.(type|rate|reason)$/,
  /^funds\[0\]\.(type|rate|vatRate|nature)$/,
  /^payments\[0\]\.conditions$/,
  /^payments\[0\]\.details\[0\]\.(method|iban|due|amount)$/,
];

export const placed = (field: string) => field !== '' && PLACED.some((re) => re.test(field));

/** The problems of exactly `field`, as an input's error; undefined when there are none. */
export function errorAt(problems: FieldProblems, field: string): ReactNode {
  const here = problems.filter((p) => p.field === field);
  if (here.length === 0) return undefined;
  return (
    <>
      {here.map((p, i) => (
        <span
          key={i}
          data-testid="compose-field-problem"
          data-field={p.element}
          style={{
            display: 'block',
            // Mantine's error red is below 4.5:1 on white at this size: a darker red, a lighter one in the dark.
            color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))',
          }}
        >
          {p.text}
        </span>
      ))}
    </>
  );
}
