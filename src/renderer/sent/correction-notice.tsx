/**
 * A rejected invoice already corrected and resent, as the sent list and drawer show it: no longer red, and a link
 * to the invoice that corrected it; the correction links back (corrections.ts says how the app knows).
 */
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Send } from '../../shared/api/types.ts';
import { useQuery } from '@tanstack/react-query';
import { correctionLinks, type InvoiceRef } from './corrections.ts';
import { queryKeys } from '../data/keys.ts';
import { useActiveProfileId } from '../data/profiles.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { href, sentAddress } from '../shell/routes.ts';
import { StateBadge } from '../ui/state-badge.tsx';

/** A sentence around an invoice number that never breaks inside the number (`CR-` / `1B`). */
function WithNumber({ text, number }: { text: (number: string) => string; number: string }) {
  const marker = '\u0000';
  const [before, after = ''] = text(marker).split(marker);
  return (
    <>
      {before}
      <span style={{ whiteSpace: 'nowrap' }}>{number}</span>
      {after}
    </>
  );
}

/** A link inside a clickable row: it goes where it says, and the row does not open as well. */
const own = (event: SyntheticEvent) => event.stopPropagation();

/** The sent list's state cell: the state, and for a corrected rejection the invoice that resent it. */
export function SentStateCell({ send, correction }: { send: Send; correction: InvoiceRef | undefined }) {
  const { t } = useTranslation();
  if (!correction) return <StateBadge state={send.latest_state} />;
  return (
    <Stack gap={2} align="flex-start">
      <StateBadge state={send.latest_state} corrected />
      <Anchor
        size="xs"
        href={href(sentAddress(correction.id))}
        onClick={own}
        onKeyDown={own}
        data-testid="corrected-by"
        data-correction-id={correction.id}
      >
        <WithNumber
          text={(number) => t('shell.corrected.resentAs', { number })}
          number={correction.number ?? `#${correction.id}`}
        />
      </Anchor>
    </Stack>
  );
}

export interface CorrectionState {
  corrects: InvoiceRef | null;
  correctedBy: InvoiceRef | null;
}

/**
 * The drawer's links both ways; null until known. Kept with the invoice they are of: the drawer moving to
 * another invoice never shows the one before's links.
 */
export function useCorrectionLinks(send: Send): CorrectionState | null {
  const gateway = useGateway();
  const profile = useActiveProfileId();
  const links = useQuery({
    queryKey: [...queryKeys.sentOne(send.id), 'corrections', profile, send.last_update],
    queryFn: () =>
      correctionLinks(gateway, profile!, send).catch(() => ({ corrects: null, correctedBy: null })),
    enabled: profile !== null,
  });
  return links.data ?? null;
}

/** In the sent drawer: this rejected invoice was corrected and resent as…, or this invoice corrects…. */
export function CorrectionNotice({ links }: { links: CorrectionState | null }) {
  const { t } = useTranslation();
  if (!links) return null;
  const name = (ref: InvoiceRef) => ref.number ?? `#${ref.id}`;
  return (
    <>
      {links.correctedBy && (
        <Alert
          color="teal"
          title={t('shell.corrected.full')}
          data-testid="sent-corrected"
          data-correction-id={links.correctedBy.id}
        >
          <Text size="sm">
            <WithNumber
              text={(number) => t('shell.corrected.correctedBy', { number })}
              number={name(links.correctedBy)}
            />
          </Text>
          <Anchor size="sm" href={href(sentAddress(links.correctedBy.id))}>
            {t('shell.corrected.openCorrection')}
          </Anchor>
        </Alert>
      )}
      {links.corrects && (
        <Text size="sm" data-testid="sent-corrects" data-rejected-id={links.corrects.id}>
          <WithNumber
            text={(number) => t('shell.corrected.corrects', { number })}
            number={name(links.corrects)}
          />{' '}
          <Anchor href={href(sentAddress(links.corrects.id))}>{t('shell.corrected.openRejected')}</Anchor>
        </Text>
      )}
    </>
  );
}
