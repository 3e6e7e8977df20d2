/**
 * "Repeat…" (`recurring-create`): makes the invoice at hand (a draft in the composer, a sent invoice in its view)
 * a recurring one. Its schedule is proposed from the invoice's date (the same day, one month on, not before
 * today) and can be changed before saving; once saved the button says so, with the way to the list.
 */
import { Alert, Anchor, Button, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceDraft } from '../../shared/fatturapa/compose/index.ts';
import {
  nextOccurrence,
  periodWordsOf,
  proposedSchedule,
  templateOf,
  type RecurringTemplate,
} from '../../shared/recurring/index.ts';
import { contactName } from '../../shared/registry/index.ts';
import { formatDate } from '../format/format.ts';
import { href } from '../shell/routes.ts';
import { RecurringForm } from './recurring-form.tsx';
import { useRecurring } from './saved-recurring.ts';
import { useToday } from '../shell/use-today.ts';

/** The name proposed: the customer and the first line ("Studio Bianchi · Canone assistenza"). */
function proposedName(draft: InvoiceDraft): string {
  const customer = contactName(draft.customer);
  const described = draft.lines.find((l) => l.description.trim() !== '')?.description ?? '';
  // Its month and year left out: they change with each occurrence ("Canone gennaio 2027" is "Canone").
  const line = periodWordsOf(described, draft.document.date)
    .replace(/\{[A-Za-z]+\}/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return [customer, line.length > 40 ? `${line.slice(0, 39)}…` : line].filter(Boolean).join(' · ');
}

export const RECURRING_ADDRESS = '/recurring';

export function RepeatButton({
  draft,
  companyId,
  source,
}: {
  draft: InvoiceDraft;
  companyId: number | null;
  source: RecurringTemplate['source'];
}) {
  const { t, i18n } = useTranslation();
  const today = useToday();
  const { change } = useRecurring();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const proposed = proposedSchedule(draft.document.date || today);
  const schedule = proposed.start < today ? { ...proposed, start: today } : proposed;

  const save = async (name: string, chosen: RecurringTemplate['schedule']) => {
    const template = templateOf(draft, {
      id: crypto.randomUUID(),
      name,
      companyId,
      schedule: chosen,
      source,
      created: new Date().toISOString(),
    });
    await change({ kind: 'save', templates: [template] });
    setOpen(false);
    setSaved(nextOccurrence(chosen, null) ?? chosen.start);
  };

  return (
    <>
      <Tooltip label={t('recurring.createHint')} multiline w={280}>
        <Button variant="default" onClick={() => setOpen(true)} data-testid="recurring-create">
          {t('recurring.create')}
        </Button>
      </Tooltip>
      {saved !== null && (
        <Alert color="teal" data-testid="recurring-created" withCloseButton onClose={() => setSaved(null)}>
          {t('recurring.saved', { date: formatDate(saved, i18n.language) })}{' '}
          <Anchor href={href(RECURRING_ADDRESS)} inherit>
            {t('recurring.openList')}
          </Anchor>
        </Alert>
      )}
      {open && (
        <RecurringForm
          title={t('recurring.form.titleNew')}
          name={proposedName(draft)}
          schedule={schedule}
          onSave={save}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
