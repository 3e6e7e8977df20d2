import { AppShell, Badge, Group, NavLink, ScrollArea, Select, Text, Title, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import {
  LANGUAGES,
  SCREENS,
  type KeychainStatus,
  type Language,
  type Screen,
} from '../shared/gateway/channels.ts';
import { useGateway } from './gateway/gateway-context.ts';
import { GlobalSearch } from './shell/global-search.tsx';
import { useHashLocation } from './shell/hash-location.ts';
import { ReadyContext } from './shell/ready.ts';
import { DeveloperNav, MAIN_ID, SkipLink } from './shell/frame-nav.tsx';
import { COMPOSE_ADDRESS, href, screenAddress, screenOf } from './shell/routes.ts';
import { CONSOLE_ADDRESS } from './shell/routes.ts';
import { WEBHOOKS_ADDRESS } from './shell/routes.ts';
import { REFERENCE_ADDRESS } from './shell/routes.ts';
import { SandboxClockBadge, useSandboxClock } from './shell/sandbox-clock.tsx';
import { useNotifyChoice } from './shell/notify-choice.ts';
import { ThemeSelect } from './shell/theme.tsx';
import { ConnectionBanner, LiveProvider } from './data/live.tsx';
import { createQueryClient } from './data/query-client.ts';
import { useProfileChanged, useProfiles } from './data/profiles.ts';
import { useUnreadCount } from './data/unread.ts';
import { NotificationsToggle } from './shell/notifications.tsx';
import { ApiLog } from './api-log/api-log-screen.tsx';
import { Companies } from './companies/companies.tsx';
import { Dashboard } from './dashboard/dashboard.tsx';
import { ExportArchive } from './export/export-archive.tsx';
import { Inbox } from './received/inbox.tsx';
import { Profiles } from './profiles/profiles.tsx';
import { SendInvoices } from './send/send-invoices.tsx';
import { SentList } from './sent/sent-list.tsx';

// The composer carries the XML engines: loaded the first time it is opened.
const ComposeScreen = lazy(() => import('./compose/compose-screen.tsx'));
// The sandbox console only matters to developers on the local sandbox: loaded when opened.
const SandboxConsole = lazy(() => import('./console/console-screen.tsx'));
// Webhooks are a developer's screen too: loaded when opened.
const WebhooksScreen = lazy(() => import('./webhooks/webhooks-screen.tsx'));
// The books compute over every invoice read: loaded when opened.
const DeadlinesScreen = lazy(() => import('./deadlines/deadlines-screen.tsx'));
const ContactsScreen = lazy(() => import('./contacts/contacts-screen.tsx'));
const CatalogueScreen = lazy(() => import('./catalogue/catalogue-screen.tsx'));
// The drafts and the batch carry the composer's XML engines: loaded when opened.
const DraftsScreen = lazy(() => import('./drafts/drafts-screen.tsx'));
const RecurringScreen = lazy(() => import('./recurring/recurring-screen.tsx'));
// Prepares the recurring invoices due, on any screen: loaded apart, it carries the draft of an occurrence.
const RecurringWatch = lazy(() => import('./recurring/recurring-watch.tsx'));
// Reads the books for the due-day notification; loaded only once the user turned the notification on.
const DueDayNotifier = lazy(() => import('./deadlines/due-day-notifier.tsx'));
const VatScreen = lazy(() => import('./vat/vat-screen.tsx'));
// Importing an archive carries the ZIP and XML readers: loaded when opened.
const ImportScreen = lazy(() => import('./archive-import/import-screen.tsx'));
// The API reference carries Swagger UI (about 2 MB): loaded when opened.
const ApiReferenceScreen = lazy(() => import('./api-reference/api-reference-screen.tsx'));

/** Screens whose first data is a list: they say themselves when it has arrived (see ReadyContext). */
const LOADING_SCREENS = new Set(['dashboard', 'compose', 'sent', 'inbox', 'companies', 'log']);

export function App({ onLoaded }: { onLoaded: () => void }) {
  // The one QueryClient of the window: every screen's reads of the service go through it (src/renderer/data).
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Router hook={useHashLocation}>
        <Frame onLoaded={onLoaded} />
      </Router>
    </QueryClientProvider>
  );
}

/** The frame around every screen: header (search, clock, theme, language), navigation, and the screen. */
function Frame({ onLoaded }: { onLoaded: () => void }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const [location, navigate] = useLocation();
  const screen = screenOf(location);
  const profiles = useProfiles();
  const profileChanged = useProfileChanged();
  const [keychain, setKeychain] = useState<KeychainStatus | null>(null);
  // Asked again on every navigation and profile switch, and once a minute.
  const unreadKey = `${location}:${profiles?.activeId ?? ''}`;
  const profile = profiles?.profiles.find((p) => p.id === profiles.activeId) ?? null;
  const clock = useSandboxClock(profile, `${screen}`);
  const dueDay = useNotifyChoice('dueDay');
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void gateway.keychain.status().then(setKeychain);
  }, [gateway]);

  // A screen without a list to wait for is ready as soon as the frame knows the profile.
  useEffect(() => {
    if (profiles && screen && !LOADING_SCREENS.has(screen)) onLoaded();
  }, [profiles, screen, onLoaded]);

  // The desktop menu's own actions ("Send invoices…", "Export ZIP…") arrive as events from the host.
  useEffect(
    () => gateway.events.on('app.navigate', ({ screen: next }) => navigate(screenAddress(next))),
    [gateway, navigate],
  );

  // The desktop menu's shortcuts work in a browser too, except while the user types in a field.
  useHotkeys(
    [
      ['mod+N', () => navigate(screenAddress('send'))],
      ['mod+I', () => navigate(screenAddress('inbox'))],
      ['mod+E', () => navigate(screenAddress('export'))],
      ['mod+shift+N', () => navigate(screenAddress('compose'))],
    ],
    ['INPUT', 'TEXTAREA', 'SELECT'],
  );
  // `/` goes to the search from anywhere but a field. By the character typed, not the key: on an Italian or
  // German keyboard `/` is Shift+7.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      searchRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

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

  // The header does not change with the screen: drawn again only when what it shows changes, not on every
  // navigation (its selects and search are a good part of a screen change's drawing time).
  const language = i18n.language;
  const header = useMemo(
    () => (
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          {/* The search gives way, never the clock, the profile or the selects (whole words at 1024 px). */}
          <Group wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
            <Title order={1} fz="h3">
              {t('app.title')}
            </Title>
            <GlobalSearch inputRef={searchRef} />
          </Group>
          <Group wrap="nowrap" gap="sm" style={{ flexShrink: 0 }}>
            {clock && <SandboxClockBadge clock={clock} />}
            {profile && (
              <Group gap="xs" data-testid="active-profile" wrap="nowrap">
                {/* Its name from 1200 px; the badge's tooltip says it below. */}
                <Text size="sm" visibleFrom="lg">
                  {profile.kind === 'local' ? t('profile.local') : profile.name}
                </Text>
                <Tooltip label={profile.kind === 'local' ? t('profile.local') : profile.name}>
                  <Badge
                    color={profile.environment === 'live' ? 'red' : 'yellow'}
                    data-environment={profile.environment}
                    style={{ flexShrink: 0 }}
                  >
                    {t(`profile.environment.${profile.environment}`)}
                  </Badge>
                </Tooltip>
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
            <NotificationsToggle />
            <ThemeSelect />
            <Select
              aria-label={t('language.label')}
              data-testid="language"
              w={120}
              allowDeselect={false}
              value={i18n.language as Language}
              onChange={(value) => void changeLanguage(value)}
              data={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
            />
          </Group>
        </Group>
      </AppShell.Header>
    ),
    // `language`: a new language redraws its words.
    [t, language, profile, clock, keychain, changeLanguage],
  );

  return (
    <ReadyContext.Provider value={onLoaded}>
      {/* Keyed on the active profile: another profile is another push channel (or polling). */}
      <LiveProvider key={profiles?.activeId ?? ''}>
        <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm' }} padding="md">
          {/* The first stop for the keyboard: straight to the screen, past the header and the navigation. */}
          <SkipLink />
          {header}
          <AppShell.Navbar p="xs" component="nav" aria-label={t('nav.label')}>
            {/* The links outgrow a short window (a laptop at 125 %): the list scrolls rather than hiding its end. */}
            <AppShell.Section grow component={ScrollArea}>
              {SCREENS.filter((s) => !DEVELOPER_SCREENS.has(s)).map((s) => (
                <ScreenLink
                  key={s}
                  screen={s}
                  active={screen === s}
                  unreadKey={s === 'inbox' ? unreadKey : undefined}
                />
              ))}
              {/* The developer's screens, apart from the accountant's: a group that folds away. */}
              <DeveloperNav
                profile={profiles?.activeId ?? null}
                current={
                  (screen !== null && DEVELOPER_SCREENS.has(screen)) || DEVELOPER_ADDRESSES.has(location)
                }
              >
                <ScreenLink screen="log" active={screen === 'log'} />
                <AddressLink
                  address={WEBHOOKS_ADDRESS}
                  label={t('webhooks.nav')}
                  active={location === WEBHOOKS_ADDRESS}
                  testId="nav-webhooks"
                />
                {profile?.kind === 'local' && (
                  <AddressLink
                    address={CONSOLE_ADDRESS}
                    label={t('console.nav')}
                    active={location === CONSOLE_ADDRESS}
                    testId="nav-console"
                  />
                )}
                <AddressLink
                  address={REFERENCE_ADDRESS}
                  label={t('apiReference.nav')}
                  active={location === REFERENCE_ADDRESS}
                  testId="nav-reference"
                />
              </DeveloperNav>
            </AppShell.Section>
          </AppShell.Navbar>
          {dueDay.on && (
            <Suspense fallback={null}>
              <DueDayNotifier key={profiles?.activeId ?? ''} now={clock?.now ?? null} />
            </Suspense>
          )}
          {/* Keyed on the active profile: choosing another one remounts the screen, which loads its data again. */}
          <AppShell.Main key={profiles?.activeId ?? ''} id={MAIN_ID} tabIndex={-1}>
            <ConnectionBanner />
            {profiles?.activeId && (
              <Suspense fallback={null}>
                <RecurringWatch profile={profiles.activeId} now={clock?.now ?? null} />
              </Suspense>
            )}
            <Switch>
              <Route path="/dashboard">
                <Dashboard
                  title={profile?.kind === 'remote' ? profile.name : t('profile.local')}
                  today={clock?.now ?? null}
                />
              </Route>
              <Route path={COMPOSE_ADDRESS}>
                <Suspense fallback={null}>
                  <ComposeScreen />
                </Suspense>
              </Route>
              <Route path="/drafts">
                <Suspense fallback={null}>
                  <DraftsScreen />
                </Suspense>
              </Route>
              <Route path="/recurring">
                <Suspense fallback={null}>
                  <RecurringScreen />
                </Suspense>
              </Route>
              <Route path="/send">
                <SendInvoices />
              </Route>
              <Route path="/sent/:id?">{(params) => <SentList openId={numeric(params.id)} />}</Route>
              <Route path="/inbox/:id?">{(params) => <Inbox openId={numeric(params.id)} />}</Route>
              <Route path="/deadlines">
                <Suspense fallback={null}>
                  <DeadlinesScreen today={clock?.now ?? null} />
                </Suspense>
              </Route>
              <Route path="/vat">
                <Suspense fallback={null}>
                  <VatScreen today={clock?.now ?? null} />
                </Suspense>
              </Route>
              <Route path="/contacts">
                <Suspense fallback={null}>
                  <ContactsScreen today={clock?.now ?? null} />
                </Suspense>
              </Route>
              <Route path="/catalogue">
                <Suspense fallback={null}>
                  <CatalogueScreen />
                </Suspense>
              </Route>
              <Route path="/import">
                <Suspense fallback={null}>
                  <ImportScreen />
                </Suspense>
              </Route>
              <Route path="/export">
                {/* Remounted when the sandbox month becomes known or changes: the form starts on it. */}
                <ExportArchive
                  key={clock ? `${clock.now.getFullYear()}-${clock.now.getMonth()}` : 'real'}
                  today={clock?.now ?? null}
                />
              </Route>
              <Route path="/companies/:id?">
                {(params) => <Companies profile={profile} editId={numeric(params.id)} />}
              </Route>
              <Route path="/log">
                <ApiLog profile={profile} />
              </Route>
              <Route path="/profiles">
                {profiles && <Profiles view={profiles} keychain={keychain} onChange={profileChanged} />}
              </Route>
              <Route path={CONSOLE_ADDRESS}>
                <Suspense fallback={null}>
                  <SandboxConsole profile={profile} />
                </Suspense>
              </Route>
              <Route path={WEBHOOKS_ADDRESS}>
                <Suspense fallback={null}>
                  <WebhooksScreen profile={profile} />
                </Suspense>
              </Route>
              <Route path={REFERENCE_ADDRESS}>
                <Suspense fallback={null}>
                  <ApiReferenceScreen profile={profile} />
                </Suspense>
              </Route>
              <Route>
                <Redirect to={screenAddress('dashboard')} replace />
              </Route>
            </Switch>
          </AppShell.Main>
        </AppShell>
      </LiveProvider>
    </ReadyContext.Provider>
  );
}

/** The API log is one of the host's screens, but a developer's: it sits in the navigation's Developer group. */
const DEVELOPER_SCREENS = new Set<Screen>(['log']);
const DEVELOPER_ADDRESSES = new Set([CONSOLE_ADDRESS, WEBHOOKS_ADDRESS, REFERENCE_ADDRESS]);

/**
 * A screen's entry in the navigation: a link to its address, marked while it is the current one. Drawn again only
 * when that changes (a navigation changes two entries, not fifteen); the inbox's with its unread count.
 */
const ScreenLink = memo(function ScreenLink(props: { screen: Screen; active: boolean; unreadKey?: string }) {
  const { t } = useTranslation();
  const { screen, active } = props;
  return (
    <NavLink
      component="a"
      href={href(screenAddress(screen))}
      label={screen === 'compose' ? t('compose.nav') : t(`nav.${screen}`)}
      active={active}
      aria-current={active ? 'page' : undefined}
      data-testid={`nav-${screen}`}
      rightSection={props.unreadKey !== undefined ? <UnreadBadge refreshKey={props.unreadKey} /> : undefined}
    />
  );
});

/** An entry of the navigation for a screen of its own address (webhooks, the console, the API reference). */
const AddressLink = memo(function AddressLink(props: {
  address: string;
  label: string;
  active: boolean;
  testId: string;
}) {
  return (
    <NavLink
      component="a"
      href={href(props.address)}
      label={props.label}
      active={props.active}
      aria-current={props.active ? 'page' : undefined}
      data-testid={props.testId}
    />
  );
});

/** Unread received invoices beside the inbox entry: asked again on each navigation and each live change. */
function UnreadBadge({ refreshKey }: { refreshKey: string }) {
  const { t } = useTranslation();
  const unread = useUnreadCount(refreshKey);
  if (!unread) return null;
  return (
    <Badge
      size="sm"
      circle={unread < 10}
      aria-label={t('dashboard.unread', { count: unread })}
      data-testid="unread-badge"
    >
      {unread}
    </Badge>
  );
}

function numeric(value: string | undefined): number | null {
  return value && /^\d+$/.test(value) ? Number(value) : null;
}
