/**
 * The frame's part of the due-day notification: mounted by app.tsx while the user wants it (shell/notify-choice.ts),
 * whatever screen is open, it reads the books for the day it is (the sandbox clock's day on the local sandbox) and
 * tells what falls due today. Loaded apart from the app: the books are read only by those who asked.
 */
import { useTranslation } from 'react-i18next';
import type { Deadline } from '../../shared/books/index.ts';
import { useBooks } from '../books/use-books.ts';
import { useActiveProfileId } from '../data/profiles.ts';
import { decimalOfCents } from '../format/cents.ts';
import { formatAmount } from '../format/format.ts';
import { isCredit, remaining } from './deadline-view.ts';
import { useDueNotifications } from './due-notifications.ts';

export default function DueDayNotifier({ now }: { now: Date | null }) {
  const { t, i18n } = useTranslation();
  const profileId = useActiveProfileId();
  const { today, deadlines } = useBooks(now);
  useDueNotifications({
    on: true,
    deadlines,
    today,
    profileId,
    title: (count) => (count === 1 ? t('deadlines.notify.title') : t('deadlines.notify.many', { count })),
    describe: (row: Deadline) =>
      t('deadlines.notify.one', {
        // What is to do: a credit note's row is a refund, its amount what is left of it.
        kind: isCredit(row)
          ? row.direction === 'receivable'
            ? t('deadlines.status.toRefund')
            : t('deadlines.status.toBeRefunded')
          : row.direction === 'receivable'
            ? t('deadlines.status.toCollect')
            : t('deadlines.status.toPay'),
        number: row.number,
        counterparty: row.counterparty.name,
        amount: formatAmount(decimalOfCents(remaining(row)), row.currency, i18n.language),
      }),
  });
  return null;
}
