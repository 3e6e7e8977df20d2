import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { BackupSection } from '../backup/backup-section.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  KeychainStatus,
  ProfileCheck,
  ProfileView,
  ProfilesView,
} from '../../shared/gateway/channels.ts';
import { messageOf } from '../data/api.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { ProfileForm } from './profile-form.tsx';

export interface ProfilesProps {
  view: ProfilesView;
  keychain: KeychainStatus | null;
  /** The new list after a change; a new active profile makes the app reload every screen. */
  onChange: (view: ProfilesView) => void;
}

/** The local sandbox (always first) and the remote profiles: pick the active one, add, remove. */
export function Profiles({ view, keychain, onChange }: ProfilesProps) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [removing, setRemoving] = useState<ProfileView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checked, setChecked] = useState<{ name: string; result: ProfileCheck } | null>(null);
  const check = async (profile: ProfileView) => {
    setChecked(null);
    const name = profile.kind === 'local' ? t('profile.local') : profile.name;
    try {
      setChecked({ name, result: await gateway.profiles.check({ id: profile.id }) });
    } catch (e) {
      setChecked({ name, result: { ok: false, status: null, detail: messageOf(e) } });
    }
  };
  const active = view.profiles.find((p) => p.id === view.activeId) ?? null;
  const profiles = [...view.profiles].sort((a, b) => Number(b.kind === 'local') - Number(a.kind === 'local'));

  const run = async (action: () => Promise<ProfilesView>) => {
    setError(null);
    try {
      onChange(await action());
    } catch (e) {
      setError(messageOf(e));
    }
  };

  return (
    <Stack maw={900}>
      <Title order={2}>{t('profiles.title')}</Title>
      {error && <Alert color="red">{t('app.error', { message: error })}</Alert>}
      <Table data-testid="profiles-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('profiles.name')}</Table.Th>
            <Table.Th>{t('profiles.baseUrl')}</Table.Th>
            <Table.Th>{t('profiles.environment')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('profiles.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {profiles.map((profile) => {
            const active = profile.id === view.activeId;
            return (
              <Table.Tr key={profile.id} data-profile={profile.id} data-active={active || undefined}>
                <Table.Td>
                  <Group gap="xs">
                    <Text fw={active ? 700 : undefined}>
                      {profile.kind === 'local' ? t('profile.local') : profile.name}
                    </Text>
                    {active && <Badge variant="outline">{t('profiles.active')}</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {profile.baseUrl}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={profile.environment === 'live' ? 'red' : 'yellow'}>
                    {t(`profile.environment.${profile.environment}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="end">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => void check(profile)}
                      data-testid="profile-check"
                    >
                      {t('profiles.check')}
                    </Button>
                    {!active && (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => void run(() => gateway.profiles.select({ id: profile.id }))}
                      >
                        {t('profiles.use')}
                      </Button>
                    )}
                    {profile.kind === 'remote' && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(profile)}>
                        {t('profiles.remove')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>

      {checked && (
        <Alert
          color={checked.result.ok ? 'green' : 'red'}
          data-testid="profile-check-result"
          data-ok={checked.result.ok}
        >
          {checked.result.ok
            ? t('profiles.checkOk', {
                name: checked.name,
                operations: checked.result.operationsLeft,
                signatures: checked.result.signaturesLeft,
              })
            : t('profiles.checkFailed', {
                name: checked.name,
                detail:
                  checked.result.status === null
                    ? checked.result.detail
                    : `${checked.result.status}: ${checked.result.detail}`,
              })}
        </Alert>
      )}

      {active && (
        <BackupSection
          profileId={active.id}
          profile={{ name: active.kind === 'local' ? t('profile.local') : active.name, kind: active.kind }}
        />
      )}

      <Title order={3}>{t('profiles.add')}</Title>
      {keychain && !keychain.available && (
        <Alert color={keychain.reason === 'browser' ? 'blue' : 'orange'} data-testid="profiles-unavailable">
          {keychain.reason === 'browser'
            ? t('profiles.browserOnly')
            : t('profiles.noKeychain', { reason: keychain.reason })}
        </Alert>
      )}
      <ProfileForm disabled={!keychain?.available} onSaved={() => void run(() => gateway.profiles.list())} />

      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={t('profiles.removeTitle')}>
        <Text>{t('profiles.removeConfirm', { name: removing?.name ?? '' })}</Text>
        <Group justify="end" mt="md">
          <Button variant="default" onClick={() => setRemoving(null)}>
            {t('profiles.cancel')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              const id = removing!.id;
              setRemoving(null);
              void run(() => gateway.profiles.remove({ id }));
            }}
          >
            {t('profiles.remove')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
