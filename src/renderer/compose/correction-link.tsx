/**
 * In a sent invoice's drawer: the link between a discarded invoice and the one that corrected and resent it
 * (kept by draft-store.ts when the composer sends a correction). Nothing when there is none.
 */
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActiveProfileId } from '../data/profiles.ts';
import { href, sentAddress } from '../shell/routes.ts';
import { resendLinks } from './draft-store.ts';

export function CorrectionLink({ sendId }: { sendId: number }) {
  const { t } = useTranslation();
  const profile = useActiveProfileId();
  const links = profile === null ? null : resendLinks(profile, sendId);
  if (!links || (links.corrects === null && links.correctedBy === null)) return null;
  const [key, id] =
    links.corrects !== null
      ? (['compose.resendOf', links.corrects] as const)
      : (['compose.resentAs', links.correctedBy!] as const);
  return (
    <Text size="sm" data-testid="compose-correction-link">
      {t(key, { id })} <Anchor href={href(sentAddress(id))}>{t('compose.resendOpen', { id })}</Anchor>
    </Text>
  );
}
