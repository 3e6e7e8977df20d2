/**
 * One catalogue item: code, description, unit, unit price (typed the language's way, kept as a plain decimal),
 * VAT rate or Natura with its wording, and the withholding flag. Checked by the shared catalogue (checkItem) when
 * saved; nothing with a problem is saved.
 */
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NATURES } from '../../shared/fatturapa/code-labels/index.ts';
import {
  checkItem,
  itemKey,
  type CatalogueItem,
  type CatalogueProblem,
} from '../../shared/registry/index.ts';
import { codeOptions, Field, NATURE_CODES, VAT_RATES } from '../compose/form-parts.tsx';
import { AmountInput } from '../inputs/amount-input.tsx';

const PROBLEM_TEXT: Record<CatalogueProblem['code'], string> = {
  required: 'catalogue.problem.required',
  number: 'catalogue.problem.number',
  natureMissing: 'catalogue.problem.natureMissing',
  natureWithRate: 'catalogue.problem.natureWithRate',
};

export function ItemForm({
  initial,
  saving,
  justSaved = false,
  onSave,
}: {
  initial: CatalogueItem;
  saving: boolean;
  /** Shown as saved: a new item, once saved, opens again as itself (a form of its own). */
  justSaved?: boolean;
  /** Saved under its own key; `previousKey` is the one it was listed under (its code or description changed). */
  onSave: (item: CatalogueItem, previousKey: string | null) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const [item, setItem] = useState<CatalogueItem>(() => ({ ...initial }));
  const [tried, setTried] = useState(false);
  const [saved, setSaved] = useState(justSaved);
  const set = (edit: Partial<CatalogueItem>) => {
    setSaved(false);
    setItem((current) => ({ ...current, ...edit }));
  };
  const found = useMemo(() => checkItem(item), [item]);
  const errorOf = (field: CatalogueProblem['field']) => {
    const problem = tried ? found.find((p) => p.field === field) : undefined;
    return problem ? t(PROBLEM_TEXT[problem.code]) : undefined;
  };
  const exempt = item.nature !== '' || item.vatRate === '0.00';

  const save = async () => {
    setTried(true);
    if (found.length > 0) return;
    const key = itemKey(item);
    await onSave({ ...item, key }, initial.key === '' ? null : initial.key);
    setSaved(true);
  };

  return (
    <Stack
      component="form"
      gap="sm"
      data-testid="catalogue-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <SimpleGrid cols={2}>
        <Field
          label={t('catalogue.form.code')}
          value={item.code}
          onChange={(v) => set({ code: v.trim() })}
          error={undefined}
        />
        <Field
          label={t('catalogue.form.codeType')}
          value={item.codeType}
          placeholder="INTERNO"
          onChange={(v) => set({ codeType: v.trim().toUpperCase() })}
          error={undefined}
        />
      </SimpleGrid>
      <Textarea
        label={t('compose.description')}
        autosize
        minRows={1}
        value={item.description}
        onChange={(event) => set({ description: event.currentTarget.value })}
        error={errorOf('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Field
          label={t('compose.unit')}
          value={item.unit}
          onChange={(v) => set({ unit: v })}
          error={undefined}
        />
        <AmountInput
          label={t('compose.unitPrice')}
          value={item.unitPrice}
          onChange={(v) => set({ unitPrice: v })}
          error={errorOf('unitPrice')}
          field="catalogue.unitPrice"
        />
        <Select
          label={t('compose.vat')}
          allowDeselect={false}
          value={exempt ? '0.00' : item.vatRate}
          onChange={(v) => set(v === '0.00' ? { vatRate: '0.00' } : { vatRate: v ?? '22.00', nature: '' })}
          data={VAT_RATES.map((rate) => ({
            value: rate,
            label: rate === '0.00' ? t('compose.exempt') : `${Number(rate)} %`,
          }))}
          error={errorOf('vatRate')}
          data-testid="catalogue-vat"
        />
      </SimpleGrid>
      {exempt && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('compose.nature')}
            searchable
            value={item.nature || null}
            onChange={(v) => set({ nature: v ?? '', vatRate: '0.00' })}
            data={codeOptions(NATURES, i18n.language, NATURE_CODES)}
            error={errorOf('nature')}
          />
          <Field
            label={t('compose.legalReference')}
            value={item.legalReference}
            onChange={(v) => set({ legalReference: v })}
            error={undefined}
          />
        </SimpleGrid>
      )}
      <Checkbox
        label={t('compose.lineWithholding')}
        checked={item.withholding}
        onChange={(event) => set({ withholding: event.currentTarget.checked })}
      />
      <Group>
        <Button type="submit" loading={saving} data-testid="catalogue-save">
          {t('catalogue.form.save')}
        </Button>
        {saved && (
          <Text size="sm" c="teal.8" data-testid="catalogue-saved">
            {t('catalogue.form.saved')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
