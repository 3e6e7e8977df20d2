/**
 * A company's numbering series, on the Companies screen: one per document type, each written as its first number
 * (`FT/2026/0001` for invoices, `NC/2026/0001` for credit notes, `1/A` for a sezionale by suffix). The composer
 * proposes the next number of the document's series (numbering.ts); a type left blank uses the invoices' series,
 * except self-invoices (TD16–TD19), which keep a series of their own.
 * Kept on this machine per profile (draft-store.ts): the API's Company has no place for them.
 */
import { SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SERIES_TYPES, nextInSeries, seriesShape } from '../../shared/fatturapa/compose/index.ts';
import { codeLabel, DOCUMENT_TYPES } from '../../shared/fatturapa/code-labels/index.ts';

export function SeriesFields({
  series,
  onChange,
}: {
  series: Record<string, string>;
  onChange: (series: Record<string, string>) => void;
}) {
  const { t, i18n } = useTranslation();
  const year = String(new Date().getFullYear());
  return (
    <Stack gap={4} data-testid="company-series-fields">
      <Title order={4} fz="sm">
        {t('compose.seriesTitle')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('compose.seriesHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4}>
        {SERIES_TYPES.map((type) => {
          const value = series[type] ?? '';
          const shape = value.trim() === '' ? null : seriesShape(value);
          return (
            <TextInput
              key={type}
              size="xs"
              label={
                type === 'TD16'
                  ? t('compose.seriesIntegrations')
                  : codeLabel(DOCUMENT_TYPES, type, i18n.language)
              }
              placeholder={
                type === 'TD01'
                  ? `FT/${year}/0001`
                  : type === 'TD16'
                    ? t('compose.seriesIntegrationsSame')
                    : t('compose.seriesSame')
              }
              value={value}
              onChange={(e) => onChange({ ...series, [type]: e.currentTarget.value })}
              error={value.trim() !== '' && shape === null ? t('compose.seriesNoDigits') : undefined}
              // The year written follows the document's: said with the next year's first number.
              description={
                shape?.year
                  ? t('compose.seriesNextYear', {
                      year: Number(shape.year) + 1,
                      number: nextInSeries([], value, String(Number(shape.year) + 1)),
                    })
                  : undefined
              }
              data-testid="company-series"
              data-type={type}
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
