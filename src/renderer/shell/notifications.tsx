import { ActionIcon, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveChange } from '../../shared/gateway/channels.ts';
import { listReceived, listSent } from '../data/api.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { useLiveChange } from '../data/live.tsx';
import { permission, storedSwitch, storeSwitch, type Permission } from './notification-permission.ts';

const STORAGE_KEY = 'scambio.notifications';

/**
 * Desktop notifications, off until the user turns them on (`notifications`, in the header): an invoice SDI
 * discarded, and an invoice that arrived, told in the UI's language through the system's notifications (the
 * browser's Notification API, which Electron's renderer has too). The choice is kept in localStorage.
 */
export function NotificationsToggle() {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [enabled, setEnabled] = useState(() => storedSwitch(STORAGE_KEY));
  const [allowed, setAllowed] = useState<Permission>(permission);
  const on = enabled && allowed === 'granted';

  const toggle = async () => {
    if (on) {
      setEnabled(false);
      storeSwitch(STORAGE_KEY, false);
      return;
    }
    if (allowed === 'unsupported') return;
    const answer = allowed === 'granted' ? 'granted' : await globalThis.Notification.requestPermission();
    setAllowed(answer);
    setEnabled(answer === 'granted');
    storeSwitch(STORAGE_KEY, answer === 'granted');
  };

  useLiveChange((change) => {
    if (!on) return;
    void describe(change).then((text) => {
      if (text) new globalThis.Notification(t('app.title'), { body: text, tag: text });
    });
  });

  /** What to tell of a change, or null for one not worth a notification. */
  async function describe(change: LiveChange): Promise<string | null> {
    if (change.type === 'send.state' && change.state === 'Scartato') {
      const page = await listSent(gateway, { ids: String(change.id), page_size: 1 }).catch(() => null);
      const send = page?.items[0];
      return t('notifications.discarded', { number: send?.document_number ?? send?.file_name ?? change.id });
    }
    if (change.type === 'receive.add') {
      // Listing reads no file, so it marks nothing read.
      const page = await listReceived(gateway, { page_size: 20, sort: '-created' }).catch(() => null);
      const receive = page?.items.find((r) => r.id === change.id);
      return receive
        ? t('notifications.receivedFrom', {
            number: receive.document_number ?? receive.file_name ?? change.id,
            supplier: receive.nome_prestatore ?? receive.prestatore ?? '',
          })
        : t('notifications.received');
    }
    return null;
  }

  const label =
    allowed === 'unsupported'
      ? t('notifications.unsupported')
      : allowed === 'denied'
        ? t('notifications.denied')
        : on
          ? t('notifications.on')
          : t('notifications.off');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant={on ? 'filled' : 'default'}
        size="lg"
        aria-label={t('notifications.label')}
        aria-pressed={on}
        data-testid="notifications"
        data-enabled={on || undefined}
        disabled={allowed === 'unsupported' || allowed === 'denied'}
        onClick={() => void toggle()}
      >
        <BellIcon />
      </ActionIcon>
    </Tooltip>
  );
}

function BellIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.7 21a2 2 0 0 1-3.4 0" />
    </svg>
  );
}
