/**
 * The document (DatiGeneraliDocumento): type, date, number (with the number proposed and the sent invoice that
 * already has it), currency, the invoice a note corrects, delivery notes and the causale.
 */
import { Anchor, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { addDeliveryNote, isSimplifiedDraft, referenceAt } from '../../shared/fatturapa/compose/index.ts';
import { documentTypeRule, documentTypesWhere } from '../../shared/fatturapa/document-type-rules.ts';
import { codeLabel, DOCUMENT_TYPES } from '../../shared/fatturapa/code-labels/index.ts';
import { formatDate } from '../format/format.ts';
import { DateField } from '../inputs/date-field.tsx';
import { href, sentAddress } from '../shell/routes.ts';
import { DeliveryNotes } from './delivery-notes-fields.tsx';
import { errorAt, problemColor } from './field-problems.tsx';
import { codeOptions, Field, type FormProps, type NumberUse } from './form-parts.tsx';
import { linkedIndex, showsDeliveryNotes, showsLinked, showsReasons } from './placement.ts';

/** Every type the composer writes: FatturaPA ordinary TD01–TD06, TD16–TD29 and simplified (FSM10) TD07–TD09. */
const DOCUMENT_TYPE_CODES = documentTypesWhere(() => true);

/** What a document type requires of the draft, said under the type (from documentTypeRules, as SDI checks it). */
function requirementKeys(type: string): string[] {
  const rule = documentTypeRule(type);
  if (!rule) return [];
  return [
    rule.advance && 'compose.typeNeedsAdvance',
    rule.issuedBy === 'customer' && 'compose.typeNeedsIssuedByCustomer',
    rule.parties === 'same' && 'compose.typeNeedsSameParties',
    rule.sellerCountry === 'foreign' && 'compose.typeNeedsForeignSeller',
    rule.sellerCountry === 'SM' && 'compose.typeNeedsSanMarinoSeller',
    rule.sellerCountry === 'IT' && 'compose.typeNeedsItalianSeller',
    rule.buyerVatRequired && 'compose.typeNeedsBuyerVat',
    rule.linkedInvoice !== 'none' &&
      (rule.note ? 'compose.typeNeedsLinked' : 'compose.typeNeedsLinkedIntegrated'),
    rule.deliveryNotes && 'compose.typeNeedsDeliveryNotes',
    rule.format === 'simplified' && 'compose.typeSimplified',
    rule.format === 'simplified' && rule.note === null && 'compose.typeSimplifiedLimit',
  ].filter((key): key is string => typeof key === 'string');
}

/** A document type's name inside a sentence: "la fattura", "the credit note", German nouns keep their capital. */
function typeName(type: string, language: string): string {
  const label = codeLabel(DOCUMENT_TYPES, type, language).replace(/^\S+ · /, '');
  return language === 'de' ? label : label.toLowerCase();
}

/** The sent invoice that already has the number, with a link to it: SDI would discard this one as 00404. */
function NumberUsed({ use }: { use: NumberUse }) {
  const { t, i18n } = useTranslation();
  return (
    <span
      data-testid="compose-number-used"
      data-send-id={use.sendId}
      style={{ display: 'block', color: problemColor('error') }}
    >
      {t('compose.numberUsed', {
        number: use.number,
        type: typeName(use.type, i18n.language),
        date: formatDate(use.date, i18n.language),
        customer: use.customer ? ` (${use.customer})` : '',
      })}{' '}
      <Anchor href={href(sentAddress(use.sendId))} size="sm" inherit>
        {t('compose.numberUsedOpen')}
      </Anchor>
    </span>
  );
}

export function DocumentFields({
  draft,
  change,
  problems,
  suggestedNumber,
  suggestedFromSeries,
  numberUsed,
}: FormProps) {
  const { t, i18n } = useTranslation();
  const doc = draft.document;
  const linked = linkedIndex(draft);
  const setLinked = (key: 'id' | 'date', value: string) =>
    change((d) => {
      referenceAt(d, linkedIndex(d), 'linkedInvoice')[key] = value;
    });
  // An integration (a self-invoice) names the invoice it integrates; a note the one it corrects.
  const integrates = (documentTypeRule(doc.type)?.note ?? null) === null;
  const needs = requirementKeys(doc.type);
  const types = DOCUMENT_TYPE_CODES.includes(doc.type)
    ? DOCUMENT_TYPE_CODES
    : [...DOCUMENT_TYPE_CODES, doc.type];
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Select
          label={t('compose.type')}
          allowDeselect={false}
          value={doc.type}
          onChange={(v) =>
            change((d) => {
              d.document.type = v ?? 'TD01';
              // A deferred invoice lists its delivery notes: the first one is ready to fill in.
              if (d.document.type === 'TD24' && d.deliveryNotes.length === 0) addDeliveryNote(d);
            })
          }
          data={codeOptions(DOCUMENT_TYPES, i18n.language, types)}
          error={errorAt(problems, 'document.type')}
          data-testid="compose-type"
        />
        <DateField
          field="document.date"
          label={t('compose.date')}
          value={doc.date}
          onChange={(v) => change((d) => (d.document.date = v))}
          error={errorAt(problems, 'document.date')}
        />
        <Field
          label={t('compose.number')}
          value={doc.number}
          onChange={(v) => change((d) => (d.document.number = v))}
          description={
            suggestedNumber
              ? t(suggestedFromSeries ? 'compose.numberSeries' : 'compose.numberSuggested', {
                  number: suggestedNumber,
                })
              : undefined
          }
          error={
            numberUsed ? (
              <>
                {errorAt(problems, 'document.number')}
                <NumberUsed use={numberUsed} />
              </>
            ) : (
              errorAt(problems, 'document.number')
            )
          }
          data-testid="compose-number"
        />
        <Field
          label={t('compose.currency')}
          value={doc.currency}
          maxLength={3}
          onChange={(v) => change((d) => (d.document.currency = v.toUpperCase()))}
          error={errorAt(problems, 'document.currency')}
        />
      </SimpleGrid>
      {needs.length > 0 && (
        <Text size="xs" c="dimmed" data-testid="compose-type-needs">
          {needs.map((key) => t(key)).join(' ')}
        </Text>
      )}
      {showsLinked(draft) && (
        <SimpleGrid cols={2}>
          <Field
            label={t(integrates ? 'compose.integratedNumber' : 'compose.linkedNumber')}
            value={linked >= 0 ? draft.references[linked]!.id : ''}
            onChange={(v) => setLinked('id', v)}
            error={errorAt(problems, `references[${Math.max(linked, 0)}].id`)}
          />
          <DateField
            field={`references[${Math.max(linked, 0)}].date`}
            label={t(integrates ? 'compose.integratedDate' : 'compose.linkedDate')}
            value={linked >= 0 ? draft.references[linked]!.date : ''}
            onChange={(v) => setLinked('date', v)}
            error={errorAt(problems, `references[${Math.max(linked, 0)}].date`)}
          />
        </SimpleGrid>
      )}
      {showsDeliveryNotes(draft) && <DeliveryNotes draft={draft} change={change} problems={problems} />}
      {showsReasons(draft) && (
        <Textarea
          label={t(isSimplifiedDraft(draft) ? 'compose.correctedElements' : 'compose.reason')}
          autosize
          minRows={1}
          value={doc.reasons.join('')}
          onChange={(event) => {
            const text = event.currentTarget.value;
            // Causale holds 200 characters per element: a longer text is cut into several.
            change((d) => (d.document.reasons = text === '' ? [] : (text.match(/[\s\S]{1,200}/g) ?? [])));
          }}
          error={errorAt(problems, 'document.reasons')}
        />
      )}
    </Stack>
  );
}
