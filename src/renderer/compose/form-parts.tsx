/** What every part of the composer's form shares: its props, a section frame, a bound text input, code options. */
import { ActionIcon, Paper, TextInput, Title } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import type { Company } from '../../shared/api/types.ts';
import type { InvoiceDraft } from '../../shared/fatturapa/compose/index.ts';
import { codeLabel, NATURES, type CodeLabels } from '../../shared/fatturapa/code-labels/index.ts';
import type { FieldProblems } from './field-problems.tsx';

export type Change = (edit: (draft: InvoiceDraft) => void) => void;

export interface FormProps {
  draft: InvoiceDraft;
  change: Change;
  problems: FieldProblems;
  companies: Company[];
  companyId: number | null;
  onCompany: (id: number | null) => void;
  profile: string;
  suggestedNumber: string | null;
  /** The suggestion is the next of the document type's numbering series (set in Companies). */
  suggestedFromSeries?: boolean;
  /** A sent invoice of the same supplier, type and year that already has the draft's number (SDI 00404). */
  numberUsed?: NumberUse | null;
}

export interface NumberUse {
  sendId: number;
  number: string;
  /** TipoDocumento of the invoice that has it. */
  type: string;
  date: string;
  customer: string;
}

/** The rates offered first; a file opened with another keeps it as an extra option. */
export const VAT_RATES = ['22.00', '10.00', '5.00', '4.00', '0.00'];
/** Natures with sub-codes in force since 2021 (N2, N3, N6 without sub-code are obsolete). */
export const NATURE_CODES = Object.keys(NATURES).filter((c) => !['N2', 'N3', 'N6'].includes(c));

/** Options of a code list, labelled "CODE · name" in the UI language. */
export function codeOptions(labels: CodeLabels, language: string, codes = Object.keys(labels)) {
  return codes.map((code) => ({ value: code, label: codeLabel(labels, code, language) }));
}

export function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={title} data-testid={testId}>
      <Title order={3} fz="md" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** A text input bound to a draft field, showing the field's problems. */
export function Field({
  label,
  value,
  onChange,
  error,
  ...rest
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: ReactNode;
  type?: string;
  maxLength?: number;
  description?: ReactNode;
  placeholder?: string;
  w?: number | string;
  style?: CSSProperties;
  readOnly?: boolean;
  inputWrapperOrder?: ('label' | 'input' | 'description' | 'error')[];
  classNames?: { label?: string };
  inputMode?: 'decimal' | 'numeric' | 'text';
  'data-testid'?: string;
}) {
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      size="sm"
      {...rest}
    />
  );
}

/** The ✕ that removes a row, named for what it removes. */
export function RemoveButton({
  label,
  onClick,
  disabled,
  size = 'lg',
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  size?: 'md' | 'lg';
}) {
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      size={size}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      ✕
    </ActionIcon>
  );
}
