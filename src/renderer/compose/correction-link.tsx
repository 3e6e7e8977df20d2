/**
 * In a sent invoice's drawer: the link between a discarded invoice and the one that corrected and resent it
 * (kept by draft-store.ts when the composer sends a correction). Nothing when there is none.
 */
import { Anchor, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGateway } from '../gateway-context.ts';
import { href, sentAddress } from '../routes.ts';
import { resendLinks } from './draft-store.ts';

export function CorrectionLink({ sendId }: { sendId: number }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [links, setLinks] = useState<ReturnType<typeof resendLinks> | null>(null);
  useEffect(() => {
    let cancelled = false;
    void gateway.profiles.list().then((view) => {
      if (!cancelled) setLinks(resendLinks(view.activeId, sendId));
    });
    return () => {
      cancelled = true;
    };
  }, [gateway, sendId]);
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
