import { Alert, List, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CompanyInput } from '../../shared/api/types.ts';
import type { FormProblem } from '../ui/form-problem.ts';

export type CompanyField = 'name' | 'vat' | 'fiscal_code';
export type CompanyValues = Record<CompanyField, string>;
export const EMPTY_COMPANY: CompanyValues = { name: '', vat: '', fiscal_code: '' };

/** The API's field names (`errors[].path`) and their labels in the UI. */
export const companyLabels = (t: TFunction): Record<CompanyField, string> => ({
  name: t('companies.name'),
  vat: t('companies.vat'),
  fiscal_code: t('companies.fiscalCode'),
});

/** What the API is sent: identifiers upper-case and trimmed, as the server stores them. */
export const companyInput = (values: CompanyValues): CompanyInput => ({
  name: values.name.trim(),
  vat: values.vat.trim().toUpperCase(),
  fiscal_code: values.fiscal_code.trim().toUpperCase(),
});

/** The three inputs of a company, each with the error the server gave for it. */
export function CompanyInputs({
  values,
  onChange,
  problem,
}: {
  values: CompanyValues;
  onChange: (values: CompanyValues) => void;
  problem: FormProblem<CompanyField> | null;
}) {
  const { t } = useTranslation();
  const labels = companyLabels(t);
  const input = (field: CompanyField, placeholder?: string) => (
    <TextInput
      label={labels[field]}
      placeholder={placeholder}
      value={values[field]}
      error={problem?.fields[field]}
      onChange={(e) => onChange({ ...values, [field]: e.currentTarget.value })}
    />
  );
  return (
    <>
      {input('name')}
      {input('vat', 'IT01234567897')}
      {input('fiscal_code')}
    </>
  );
}

/**
 * Said once for the whole form: that fields need fixing (the messages are under them), and whatever belongs to no
 * field, in plain words.
 */
export function FormProblemAlert({
  problem,
  testId,
}: {
  problem: FormProblem<string> | null;
  testId: string;
}) {
  const { t } = useTranslation();
  if (!problem) return null;
  const fieldCount = Object.keys(problem.fields).length;
  if (fieldCount === 0 && problem.rest.length === 0) return null;
  if (problem.rest.length === 0)
    return (
      <Alert color="red" data-testid={testId}>
        {t('form.checkFields')}
      </Alert>
    );
  return (
    <Alert color="red" data-testid={testId} title={fieldCount > 0 ? t('form.checkFields') : undefined}>
      {problem.rest.length === 1 ? (
        problem.rest[0]
      ) : (
        <List size="sm">
          {problem.rest.map((text, i) => (
            <List.Item key={i}>{text}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
