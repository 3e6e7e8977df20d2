import { Button, Checkbox, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS, type Company, type WebHook } from '../../shared/api/types.ts';
import { ApiProblem, messageOf } from '../data/api.ts';
import { FormProblemAlert } from '../companies/company-fields.tsx';
import { formProblem, type FormProblem } from '../ui/form-problem.ts';
import { EVENT_LABEL_KEYS, listensToAll } from './event-labels.tsx';
import type { WebhookInput } from './webhook-api.ts';

type Field = 'url' | 'description' | 'events' | 'company_id';

/**
 * A webhook's address, description, events (all of them, `*`, or a choice) and optional company, for a new
 * webhook or an existing one. `submit` does the call; a refusal is shown at its fields.
 */
export function WebhookForm({
  webhook,
  companies,
  onSubmit,
  onClose,
}: {
  /** The webhook to edit; null for a new one. */
  webhook: WebHook | null;
  companies: Company[];
  onSubmit: (input: WebhookInput) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [all, setAll] = useState(listensToAll(webhook?.events ?? null));
  const [events, setEvents] = useState<string[]>((webhook?.events ?? []).filter((e) => e !== '*'));
  const [companyId, setCompanyId] = useState<string | null>(
    webhook?.company_id == null ? null : String(webhook.company_id),
  );
  const [enabled, setEnabled] = useState(webhook?.enabled ?? true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FormProblem<Field> | null>(null);
  const labels: Record<Field, string> = {
    url: t('webhooks.url'),
    description: t('webhooks.description'),
    events: t('webhooks.events'),
    company_id: t('webhooks.company'),
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await onSubmit({
        url: url.trim(),
        description: description.trim() || null,
        events: all || events.length === 0 ? ['*'] : events,
        company_id: companyId === null ? null : Number(companyId),
        enabled,
      });
    } catch (error) {
      setProblem(
        formProblem(error instanceof ApiProblem ? error.problem : null, messageOf(error), labels, t),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={webhook ? t('webhooks.editTitle') : t('webhooks.createTitle')}
      size="lg"
    >
      <form onSubmit={(e) => void submit(e)} data-testid="webhook-form" noValidate>
        <Stack>
          <TextInput
            label={labels.url}
            description={t('webhooks.urlHint')}
            required
            type="url"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={problem?.fields.url}
            data-autofocus
          />
          <TextInput
            label={labels.description}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={problem?.fields.description}
          />
          <Checkbox.Group
            label={labels.events}
            value={all ? ['*'] : events}
            onChange={(value) => {
              // `*` and a choice exclude each other: ticking `*` clears the choice, ticking an event clears `*`.
              const picked = value.filter((v) => v !== '*');
              if (value.includes('*') && !all) {
                setAll(true);
                setEvents([]);
              } else {
                setAll(false);
                setEvents(picked);
              }
            }}
            error={problem?.fields.events}
          >
            <Stack gap={6} mt={6}>
              <Checkbox value="*" label={t('webhooks.allEvents')} />
              {WEBHOOK_EVENTS.map((event) => (
                <Checkbox key={event} value={event} label={`${t(EVENT_LABEL_KEYS[event])} (${event})`} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Select
            label={labels.company_id}
            description={t('webhooks.companyHint')}
            placeholder={t('webhooks.allCompanies')}
            clearable
            searchable
            value={companyId}
            onChange={setCompanyId}
            data={companies.map((c) => ({ value: String(c.id), label: `${c.name} (${c.vat})` }))}
            error={problem?.fields.company_id}
          />
          {webhook && (
            <Switch
              label={t('webhooks.enabled')}
              checked={enabled}
              onChange={(e) => setEnabled(e.currentTarget.checked)}
            />
          )}
          <FormProblemAlert problem={problem} testId="webhook-problem" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('webhooks.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {webhook ? t('webhooks.save') : t('webhooks.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
