import { Alert, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company, LinkedData, ProblemDetails } from '../../shared/api/types.ts';
import type { ProfileView } from '../../shared/gateway/channels.ts';
import { ApiError, listPage, messageOf, problemOf } from '../api.ts';
import { useGateway } from '../gateway-context.ts';
import { PagedTable, type PagedColumns } from '../paged-table.tsx';
import { ProblemList } from '../problem-list.tsx';
import { SearchInput } from '../search-input.tsx';

type Outcome = { color: string; text: string } | { problem: ProblemDetails };

/**
 * The companies of the account: the ones whose invoices it sends and receives. In the local sandbox a company
 * must be registered before invoices addressed to it arrive, and each row can make one arrive.
 */
export function Companies({ profile }: { profile: ProfileView | null }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [q, setQ] = useState<string | undefined>(undefined);
  const [reloadKey, setReloadKey] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [removing, setRemoving] = useState<{ company: Company; linked: LinkedData | null } | null>(null);
  const local = profile?.kind === 'local';
  const reload = () => setReloadKey((k) => k + 1);

  const load = useCallback(
    (page: number, pageSize: number) =>
      listPage<Company>(gateway, '/company', { page, page_size: pageSize, sort: 'name', q }),
    [gateway, q],
  );

  const run = async (action: () => Promise<void>) => {
    setOutcome(null);
    try {
      await action();
    } catch (e) {
      setOutcome(
        e instanceof ApiError && e.problem ? { problem: e.problem } : { color: 'red', text: messageOf(e) },
      );
    }
  };

  const simulate = (company: Company) =>
    run(async () => {
      const response = await gateway.sandbox.receiveInvoice({ toVat: company.vat });
      if (response.status !== 201) throw new ApiError(response);
      setOutcome({ color: 'green', text: t('companies.simulated', { name: company.name }) });
    });

  const remove = (company: Company, force: boolean) =>
    run(async () => {
      const response = await gateway.api.request({
        method: 'DELETE',
        path: `/company/${company.id}`,
        query: force ? { force: true } : undefined,
      });
      const linked = (problemOf(response) as (ProblemDetails & { linked?: LinkedData }) | null)?.linked;
      if (response.status === 409 && linked) {
        setRemoving({ company, linked });
        return;
      }
      if (response.status !== 200) throw new ApiError(response);
      setRemoving(null);
      setOutcome({ color: 'green', text: t('companies.removed', { name: company.name }) });
      reload();
    });

  const columns = useMemo<PagedColumns<Company>>(
    () => [
      { id: 'name', header: t('companies.name'), accessorFn: (row) => row.name },
      { id: 'vat', header: t('companies.vat'), accessorFn: (row) => row.vat },
      { id: 'fiscalCode', header: t('companies.fiscalCode'), accessorFn: (row) => row.fiscal_code },
      {
        id: 'actions',
        header: t('companies.actions'),
        accessorFn: (row) => row.id,
        cell: (info) => (
          <Group gap="xs" justify="end" wrap="nowrap">
            {local && (
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => void simulate(info.row.original)}
                data-testid="simulate-invoice"
              >
                {t('companies.simulate')}
              </Button>
            )}
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={() => setRemoving({ company: info.row.original, linked: null })}
            >
              {t('companies.remove')}
            </Button>
          </Group>
        ),
      },
    ],
    // `simulate` and `setRemoving` only reach the gateway and state setters, which do not change.
    [t, local],
  );

  return (
    <Stack maw={1000}>
      <Title order={2}>{t('companies.title')}</Title>
      <Text c="dimmed">{local ? t('companies.introLocal') : t('companies.intro')}</Text>
      {outcome &&
        ('problem' in outcome ? (
          <ProblemList problem={outcome.problem} testId="companies-problem" />
        ) : (
          <Alert color={outcome.color} data-testid="companies-outcome">
            {outcome.text}
          </Alert>
        ))}
      <SearchInput onSearch={setQ} />
      <PagedTable
        testId="companies-table"
        columns={columns}
        load={load}
        reloadKey={reloadKey}
        rowId={(row) => String(row.id)}
        emptyText={q ? t('companies.noMatch') : t('companies.empty')}
      />
      <CompanyForm
        onCreated={(company) => {
          setOutcome({ color: 'green', text: t('companies.added', { name: company.name }) });
          reload();
        }}
      />
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={t('companies.removeTitle')}>
        {removing && (
          <Stack>
            <Text>
              {removing.linked
                ? t('companies.removeLinked', { name: removing.company.name, ...removing.linked })
                : t('companies.removeConfirm', { name: removing.company.name })}
            </Text>
            <Group justify="end">
              <Button variant="default" onClick={() => setRemoving(null)}>
                {t('profiles.cancel')}
              </Button>
              <Button color="red" onClick={() => void remove(removing.company, removing.linked !== null)}>
                {removing.linked ? t('companies.removeAll') : t('companies.remove')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

function CompanyForm({ onCreated }: { onCreated: (company: Company) => void }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [name, setName] = useState('');
  const [vat, setVat] = useState('');
  const [fiscalCode, setFiscalCode] = useState('');
  const [problem, setProblem] = useState<ProblemDetails | string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setProblem(null);
    try {
      const response = await gateway.api.request({
        method: 'POST',
        path: '/company',
        body: {
          name: name.trim(),
          vat: vat.trim().toUpperCase(),
          fiscal_code: fiscalCode.trim().toUpperCase(),
        },
      });
      if (response.status !== 201) throw new ApiError(response);
      setName('');
      setVat('');
      setFiscalCode('');
      onCreated(response.body as Company);
    } catch (e) {
      setProblem(e instanceof ApiError && e.problem ? e.problem : messageOf(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} data-testid="company-form">
      <Stack>
        <Title order={3}>{t('companies.add')}</Title>
        <Group align="end">
          <TextInput
            label={t('companies.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <TextInput
            label={t('companies.vat')}
            placeholder="IT01234567897"
            value={vat}
            onChange={(e) => setVat(e.currentTarget.value)}
          />
          <TextInput
            label={t('companies.fiscalCode')}
            value={fiscalCode}
            onChange={(e) => setFiscalCode(e.currentTarget.value)}
          />
          <Button type="submit" loading={saving}>
            {t('companies.save')}
          </Button>
        </Group>
        {problem &&
          (typeof problem === 'string' ? (
            <Alert color="red">{t('app.error', { message: problem })}</Alert>
          ) : (
            <ProblemList problem={problem} testId="company-problem" />
          ))}
      </Stack>
    </form>
  );
}
