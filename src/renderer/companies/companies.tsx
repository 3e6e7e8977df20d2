import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Company, LinkedData, ProblemDetails } from '../../shared/api/types.ts';
import type { ProfileView } from '../../shared/gateway/channels.ts';
import {
  ApiProblem,
  clientOf,
  deleteCompany,
  getCompany,
  listCompanies,
  messageOf,
  problemOf,
} from '../data/api.ts';
import { useCompaniesChanged } from '../data/companies.ts';
import { queryKeys } from '../data/keys.ts';
import {
  companyInput,
  CompanyInputs,
  companyLabels,
  EMPTY_COMPANY,
  FormProblemAlert,
  type CompanyField,
  type CompanyValues,
} from './company-fields.tsx';
import { formProblem, type FormProblem } from '../ui/form-problem.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { PagedTable, type PagedColumns } from '../lists/paged-table.tsx';
import { companyAddress, href, screenAddress } from '../shell/routes.ts';
import { SearchInput } from '../lists/search-input.tsx';
import { rememberSeries, seriesOf } from '../compose/draft-store.ts';
import { SeriesFields } from '../compose/series-fields.tsx';

/** What the screen says about the last action: a success or an error, never both at once. */
type Outcome = { ok: true; text: string } | { ok: false; text: string };

/**
 * The companies of the account: the ones whose invoices it sends and receives. In the local sandbox a company
 * must be registered before invoices addressed to it arrive, and each row can make one arrive. Each company has
 * its address (`#/companies/5`), which opens it for editing.
 */
export function Companies({ profile, editId }: { profile: ProfileView | null; editId: number | null }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [, navigate] = useLocation();
  const [q, setQ] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [removing, setRemoving] = useState<{ company: Company; linked: LinkedData | null } | null>(null);
  const local = profile?.kind === 'local';
  // A company created, changed or removed: every list of companies reads again (this table, filters, pickers).
  const reload = useCompaniesChanged();

  // By name unless a header says otherwise: the API sorts companies by name, VAT number and fiscal code.
  const load = useCallback(
    (page: number, pageSize: number, sort: string | undefined) =>
      listCompanies(gateway, { page, page_size: pageSize, sort: sort ?? 'name', q }),
    [gateway, q],
  );

  /** A failure in plain words: the problem's detail (in the UI language), never its bare title. */
  const failed = (e: unknown) => {
    const problem = e instanceof ApiProblem ? e.problem : null;
    const text = problem
      ? (problem.errors ?? []).map((error) => error.description).join(' ') || problem.detail || problem.title
      : messageOf(e);
    setOutcome({ ok: false, text: t('form.failed', { message: text }) });
  };

  const simulate = async (company: Company) => {
    setOutcome(null);
    try {
      const response = await gateway.sandbox.receiveInvoice({ toVat: company.vat });
      if (response.status !== 201) throw new ApiProblem(response);
      setOutcome({ ok: true, text: t('companies.simulated', { name: company.name }) });
    } catch (e) {
      failed(e);
    }
  };

  const remove = async (company: Company, force: boolean) => {
    setOutcome(null);
    try {
      const response = await deleteCompany(gateway, company.id, force);
      const linked = (problemOf(response) as (ProblemDetails & { linked?: LinkedData }) | null)?.linked;
      if (response.status === 409 && linked) {
        setRemoving({ company, linked });
        return;
      }
      if (response.status !== 200) throw new ApiProblem(response);
      setRemoving(null);
      setOutcome({ ok: true, text: t('companies.removed', { name: company.name }) });
      void reload();
    } catch (e) {
      setRemoving(null);
      failed(e);
    }
  };

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
            <Button
              size="compact-xs"
              variant="default"
              component="a"
              href={href(companyAddress(info.row.original.id))}
              data-testid="company-edit"
            >
              {t('companies.edit')}
            </Button>
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
        (outcome.ok ? (
          <Alert color="green" data-testid="companies-outcome">
            {outcome.text}
          </Alert>
        ) : (
          <Alert color="red" data-testid="companies-problem">
            {outcome.text}
          </Alert>
        ))}
      <SearchInput onSearch={setQ} />
      <PagedTable
        testId="companies-table"
        columns={columns}
        load={load}
        sortable={{ name: 'name', vat: 'vat', fiscalCode: 'fiscal_code' }}
        defaultSort="name"
        queryKey={queryKeys.companyPage({ q })}
        rowId={(row) => String(row.id)}
        emptyText={q ? t('companies.noMatch') : t('companies.empty')}
      />
      <CompanyForm
        onProblem={() => setOutcome(null)}
        onCreated={(company) => {
          setOutcome({ ok: true, text: t('companies.added', { name: company.name }) });
          void reload();
        }}
      />
      <CompanyEditor
        id={editId}
        profileId={profile?.id ?? null}
        onClose={() => navigate(screenAddress('companies'))}
        onSaved={(company) => {
          setOutcome({ ok: true, text: t('companies.updated', { name: company.name }) });
          navigate(screenAddress('companies'));
          void reload();
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

function CompanyForm({
  onCreated,
  onProblem,
}: {
  onCreated: (company: Company) => void;
  onProblem: () => void;
}) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [values, setValues] = useState<CompanyValues>(EMPTY_COMPANY);
  const [problem, setProblem] = useState<FormProblem<CompanyField> | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setProblem(null);
    try {
      const company = await clientOf(gateway).companies.create(companyInput(values));
      setValues(EMPTY_COMPANY);
      onCreated(company);
    } catch (e) {
      onProblem();
      setProblem(formProblem(e instanceof ApiProblem ? e.problem : null, messageOf(e), companyLabels(t), t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} data-testid="company-form" noValidate>
      <Stack>
        <Title order={3}>{t('companies.add')}</Title>
        <Group align="start">
          <CompanyInputs values={values} onChange={setValues} problem={problem} />
          <Button type="submit" loading={saving} mt={25}>
            {t('companies.save')}
          </Button>
        </Group>
        <FormProblemAlert problem={problem} testId="company-problem" />
      </Stack>
    </form>
  );
}

/**
 * One company, open for editing at its address. Saved with the version it was read at: when someone else saved
 * it in between, the server refuses (409) and the form offers to read it again.
 */
function CompanyEditor({
  id,
  profileId,
  onClose,
  onSaved,
}: {
  id: number | null;
  /** Where the company's numbering series are kept (this machine, per profile). */
  profileId: string | null;
  onClose: () => void;
  onSaved: (company: Company) => void;
}) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [values, setValues] = useState<CompanyValues>(EMPTY_COMPANY);
  const [problem, setProblem] = useState<FormProblem<CompanyField> | null>(null);
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const [round, setRound] = useState(0);
  const [series, setSeries] = useState<Record<string, string>>({});

  useEffect(() => {
    setSeries(id !== null && profileId !== null ? seriesOf(profileId, id) : {});
  }, [id, profileId]);

  // Read afresh each time the editor opens (and on "read it again" after a conflict), never from another
  // screen's copy.
  const read = useQuery({
    queryKey: queryKeys.companyEdited(id, round),
    queryFn: () => getCompany(gateway, id!),
    enabled: id !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  // The company as the form was filled from it: its version is the one saved with, whatever a later reading says.
  const [company, setCompany] = useState<Company | null>(null);
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    setProblem(null);
    setConflict(false);
    setCompany(null);
    filledFor.current = null;
  }, [id, round]);
  // The form takes the company's values once per reading asked for: a refresh of the query (a reconnection reads
  // everything again) never replaces what the user is typing.
  useEffect(() => {
    const reading = `${id}:${round}`;
    if (!read.data || filledFor.current === reading) return;
    filledFor.current = reading;
    setCompany(read.data);
    setValues({ name: read.data.name, vat: read.data.vat, fiscal_code: read.data.fiscal_code });
  }, [read.data, id, round]);
  useEffect(() => {
    if (read.error)
      setProblem(
        formProblem(
          read.error instanceof ApiProblem ? read.error.problem : null,
          messageOf(read.error),
          {},
          t,
        ),
      );
    // `t` only words a failure; a language switch need not word it again.
  }, [read.error]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!company) return;
    // The series are this machine's: kept whatever the server answers, so none is typed twice.
    if (profileId !== null) rememberSeries(profileId, company.id, series);
    setSaving(true);
    setProblem(null);
    setConflict(false);
    try {
      onSaved(
        await clientOf(gateway).companies.update({
          ...companyInput(values),
          id: company.id,
          version: company.version,
        }),
      );
    } catch (e) {
      // A 409 is either someone else's change (the version moved on) or a VAT number another company has.
      const current =
        e instanceof ApiProblem && e.response.status === 409
          ? await getCompany(gateway, company.id).catch(() => null)
          : null;
      if (current && current.version !== company.version) setConflict(true);
      else if (e instanceof ApiProblem && e.response.status === 409 && e.problem)
        setProblem({ fields: { vat: e.problem.detail }, rest: [] });
      else
        setProblem(
          formProblem(e instanceof ApiProblem ? e.problem : null, messageOf(e), companyLabels(t), t),
        );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      title={company ? t('companies.editTitle', { name: company.name }) : t('app.loading')}
    >
      <form onSubmit={(e) => void submit(e)} data-testid="company-editor" noValidate>
        <Stack>
          <CompanyInputs values={values} onChange={setValues} problem={problem} />
          {profileId !== null && <SeriesFields series={series} onChange={setSeries} />}
          <FormProblemAlert problem={problem} testId="company-edit-problem" />
          {conflict && (
            <Alert color="orange" data-testid="company-conflict">
              <Stack gap="xs" align="start">
                <Text size="sm">{t('companies.conflict')}</Text>
                <Button size="xs" variant="light" color="orange" onClick={() => setRound((r) => r + 1)}>
                  {t('companies.reload')}
                </Button>
              </Stack>
            </Alert>
          )}
          <Group justify="end">
            <Button variant="default" onClick={onClose}>
              {t('profiles.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={!company}>
              {t('companies.update')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
