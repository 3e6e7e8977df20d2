import { AppShell, Badge, Group, NavLink, Select, Text, Title, Tooltip } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGES,
  type KeychainStatus,
  type Language,
  type ProfileView,
} from '../shared/gateway/channels.ts';
import { useGateway } from './gateway-context.ts';
import { Dashboard } from './screens/dashboard.tsx';
import { SentList } from './screens/sent-list.tsx';

type Screen = 'dashboard' | 'sent';

export function App({ onLoaded }: { onLoaded: () => void }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const [screen, setScreen] = useState<Screen>('dashboard');
  const [profile, setProfile] = useState<ProfileView | null>(null);
  const [keychain, setKeychain] = useState<KeychainStatus | null>(null);

  useEffect(() => {
    void gateway.profiles
      .list()
      .then((view) => setProfile(view.profiles.find((p) => p.id === view.activeId) ?? null));
    void gateway.keychain.status().then(setKeychain);
  }, [gateway]);

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
        <NavLink
          label={t('nav.dashboard')}
          active={screen === 'dashboard'}
          onClick={() => setScreen('dashboard')}
        />
        <NavLink label={t('nav.sent')} active={screen === 'sent'} onClick={() => setScreen('sent')} />
      </AppShell.Navbar>
      <AppShell.Main>
        {screen === 'dashboard' ? <Dashboard onLoaded={onLoaded} /> : <SentList />}
      </AppShell.Main>
    </AppShell>
  );
}
