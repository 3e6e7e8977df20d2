/**
 * The frame's part of the recurring invoices, whatever screen is open: on opening and whenever the day changes
 * (the sandbox clock moved, midnight passed) it prepares the drafts due (prepare-due.ts), tells the user with a
 * desktop notification if they asked for one, and says in the app that prepared drafts wait to be sent
 * (`recurring-due`) until they are sent or the notice is hidden. Loaded apart from the app.
 */
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { queryKeys } from '../data/keys.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { italianDay } from '../format/italian-day.ts';
import { useDrafts } from '../drafts/use-drafts.ts';
import { useNotifyChoice } from '../shell/notify-choice.ts';
import { href, screenAddress } from '../shell/routes.ts';
import { prepareDue } from './prepare-due.ts';

const hiddenKey = (profile: string) => `scambio.recurring.hidden.${profile}`;

function readHidden(profile: string): Set<string> {
  try {
    return new Set(JSON.parse(globalThis.localStorage?.getItem(hiddenKey(profile)) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

export default function RecurringWatch({ profile, now }: { profile: string; now: Date | null }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const client = useQueryClient();
  const [location] = useLocation();
  const notify = useNotifyChoice('recurring');
  const today = italianDay((now ?? new Date()).getTime())!;
  const waiting = useDrafts(profile).filter((d) => d.recurring);
  const [hidden, setHidden] = useState(() => readHidden(profile));

  // The notification's switch and words as they are when drafts are prepared, without preparing again.
  const tell = useRef({ on: notify.on, t });
  tell.current = { on: notify.on, t };
  useEffect(() => {
    let live = true;
    void prepareDue(gateway, profile, today)
      .then((prepared) => {
        if (!live || prepared.length === 0) return;
        void client.invalidateQueries({ queryKey: queryKeys.recurring(profile) });
        const { on, t: words } = tell.current;
        if (on)
          new globalThis.Notification(words('app.title'), {
            body: words('drafts.recurringNotice', { count: prepared.length }),
          });
      })
      .catch(() => {
        // The index cannot be opened (a locked keychain, a remote profile offline): tried again on the next day
        // change or opening. Preparing again never makes a second draft of an occurrence (prepare-due.ts).
      });
    return () => {
      live = false;
    };
  }, [gateway, client, profile, today]);

  const shown = waiting.filter((d) => !hidden.has(d.id));
  if (shown.length === 0 || location === screenAddress('drafts')) return null;
  const hide = () => {
    const next = new Set([...hidden, ...waiting.map((d) => d.id)]);
    setHidden(next);
    try {
      globalThis.localStorage?.setItem(hiddenKey(profile), JSON.stringify([...next]));
    } catch {
      // Not remembered: the notice shows again next time the app opens.
    }
  };
  return (
    <Alert
      color="blue"
      mb="sm"
      withCloseButton
      closeButtonLabel={t('drafts.recurringDismiss')}
      onClose={hide}
      data-testid="recurring-due"
      data-count={shown.length}
    >
      <Group gap="xs">
        <Text size="sm">{t('drafts.recurringNotice', { count: shown.length })}</Text>
        <Anchor href={href(screenAddress('drafts'))} size="sm" data-testid="recurring-due-review">
          {t('drafts.recurringReview')}
        </Anchor>
      </Group>
    </Alert>
  );
}
