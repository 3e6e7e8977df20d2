import { AppShell, Badge, Group, NavLink, Select, Text, Title, Tooltip } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGES,
  SCREENS,
  type KeychainStatus,
  type Language,
  type ProfilesView,
  type Screen,
} from '../shared/gateway/channels.ts';
import type { SendState } from '../shared/api/types.ts';
import { useGateway } from './gateway-context.ts';
import { useUnreadCount } from './unread-count.ts';
import { ApiLog } from './screens/api-log.tsx';
import { Companies } from './screens/companies.tsx';
import { Dashboard } from './screens/dashboard.tsx';
import { ExportArchive } from './screens/export-archive.tsx';
import { Inbox } from './screens/inbox.tsx';
import { Profiles } from './screens/profiles.tsx';
import { SendInvoices } from './screens/send-invoices.tsx';
import { SentList } from './screens/sent-list.tsx';

export function App({ onLoaded }: { onLoaded: () => void }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const [screen, setScreen] = useState<Screen>('dashboard');
  // What the dashboard asked a list to show first (its cards open filtered lists); cleared by the navigation.
  const [sentState, setSentState] = useState<SendState | null>(null);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const navigate = useCallback((next: Screen) => {
    setSentState(null);
    setUnreadOnly(false);
    setScreen(next);
  }, []);
  const [profiles, setProfiles] = useState<ProfilesView | null>(null);
  const [keychain, setKeychain] = useState<KeychainStatus | null>(null);
  // Asked again on every screen change and profile switch, and once a minute.
  const unread = useUnreadCount(gateway, `${screen}:${profiles?.activeId ?? ''}`);
  const profile = profiles?.profiles.find((p) => p.id === profiles.activeId) ?? null;

  useEffect(() => {
    void gateway.profiles.list().then(setProfiles);
    void gateway.keychain.status().then(setKeychain);
  }, [gateway]);

  // The desktop menu's own actions ("Send invoices…", "Export ZIP…") arrive as events from the host.
  useEffect(
    () => gateway.events.on('app.navigate', ({ screen: next }) => navigate(next)),
    [gateway, navigate],
  );

  const changeLanguage = useCallback(
    async (language: string | null) => {
      const chosen = LANGUAGES.find((l) => l === language);
      if (!chosen) return;
      const saved = await gateway.settings.set({ language: chosen });
      await i18n.changeLanguage(saved.language);
      document.documentElement.lang = saved.language;
    },
    [gateway, i18n],
  );

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm' }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Title order={1} fz="h3">
            {t('app.title')}
          </Title>
          <Group>
            {profile && (
              <Group gap="xs" data-testid="active-profile">
                <Text size="sm">{profile.kind === 'local' ? t('profile.local') : profile.name}</Text>
                <Badge
                  color={profile.environment === 'live' ? 'red' : 'yellow'}
                  data-environment={profile.environment}
                >
                  {t(`profile.environment.${profile.environment}`)}
                </Badge>
              </Group>
            )}
            {/* In a browser there are no live profiles at all, so the keychain is not worth mentioning there. */}
            {keychain && !keychain.available && keychain.reason !== 'browser' && (
              <Tooltip label={t('profile.keychainHint', { reason: keychain.reason })} multiline w={320}>
                <Badge variant="outline" color="gray" data-testid="keychain-unavailable">
                  {t('profile.keychainUnavailable')}
                </Badge>
              </Tooltip>
            )}
            <Select
              aria-label={t('language.label')}
              data-testid="language"
              w={130}
              allowDeselect={false}
              value={i18n.language as Language}
              onChange={(value) => void changeLanguage(value)}
              data={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
            />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        {SCREENS.map((s) => (
          <NavLink
            key={s}
            label={t(`nav.${s}`)}
            active={screen === s}
            onClick={() => navigate(s)}
            data-testid={`nav-${s}`}
            rightSection={
              s === 'inbox' && unread ? (
                <Badge
                  size="sm"
                  circle={unread < 10}
                  aria-label={t('dashboard.unread', { count: unread })}
                  data-testid="unread-badge"
                >
                  {unread}
                </Badge>
              ) : undefined
            }
          />
        ))}
      </AppShell.Navbar>
      {/* Keyed on the active profile: choosing another one remounts the screen, which loads its data again. */}
      <AppShell.Main key={profiles?.activeId ?? ''}>
        {screen === 'dashboard' && (
          <Dashboard
            title={profile?.kind === 'remote' ? profile.name : t('profile.local')}
            onLoaded={onLoaded}
            onOpenSent={(state) => {
              setSentState(state);
              setScreen('sent');
            }}
            onOpenUnread={() => {
              setUnreadOnly(true);
              setScreen('inbox');
            }}
          />
        )}
        {screen === 'send' && <SendInvoices />}
        {screen === 'sent' && <SentList initialState={sentState} />}
        {screen === 'inbox' && <Inbox initialUnreadOnly={unreadOnly} />}
        {screen === 'export' && <ExportArchive />}
        {screen === 'companies' && <Companies profile={profile} />}
        {screen === 'log' && <ApiLog />}
        {screen === 'profiles' && profiles && (
          <Profiles view={profiles} keychain={keychain} onChange={setProfiles} />
        )}
      </AppShell.Main>
    </AppShell>
  );
}
