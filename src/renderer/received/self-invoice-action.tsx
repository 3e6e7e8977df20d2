/**
 * On a received invoice that needs integrating for reverse charge, the one action that opens the composer with
 * the self-invoice prefilled (compose/use-draft-session.ts, `?from=inbox/ID&mode=TD16`): domestic reverse charge
 * (N6.x) → TD16, services from abroad → TD17, intra-EU goods → TD18, goods under art. 17 c. 2 → TD19. When the
 * file cannot tell goods from services, both fitting types are offered.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Receive } from '../../shared/api/types.ts';
import {
  selfInvoiceKind,
  type SelfInvoiceKind,
  type SelfInvoiceReason,
} from '../../shared/fatturapa/compose/index.ts';
import { useCompanies } from '../data/companies.ts';
import { payloadBytes, readInvoice } from '../data/read-invoice.ts';
import { address, COMPOSE_ADDRESS, href } from '../shell/routes.ts';

/** What the file says about the need, by reason (only reasons that leave candidates are shown). */
const REASON_TEXT: Partial<Record<SelfInvoiceReason, string>> = {
  'domestic-reverse-charge': 'received.selfInvoice.domestic',
  'foreign-services': 'received.selfInvoice.foreignServices',
  'eu-goods': 'received.selfInvoice.euGoods',
  'non-eu-goods': 'received.selfInvoice.nonEuGoods',
  'foreign-goods-or-services': 'received.selfInvoice.choose',
};

const KIND_NAME: Record<SelfInvoiceKind, string> = {
  TD16: 'received.selfInvoice.td16',
  TD17: 'received.selfInvoice.td17',
  TD18: 'received.selfInvoice.td18',
  TD19: 'received.selfInvoice.td19',
};

export function SelfInvoiceAction({ receive }: { receive: Receive }) {
  const { t } = useTranslation();
  const companies = useCompanies();
  const company = companies?.find((c) => c.id === receive.company_id) ?? null;
  const need = useMemo(() => {
    if (!company || !receive.payload) return null;
    try {
      const reading = readInvoice(payloadBytes(receive.payload, receive.encoding));
      const own = {
        vat: { country: company.vat.slice(0, 2), code: company.vat.slice(2) },
        fiscalCode: company.fiscal_code,
      };
      return selfInvoiceKind(reading, 1, own);
    } catch {
      return null;
    }
  }, [company, receive.payload, receive.encoding]);
  const text = need ? REASON_TEXT[need.reason] : undefined;
  if (!need || need.candidates.length === 0 || !text) return null;
  return (
    <Alert color="blue" data-testid="self-invoice" data-reason={need.reason}>
      <Text size="sm">{t(text)}</Text>
      <Group gap="xs" mt="xs">
        {need.candidates.map((kind) => (
          <Button
            key={kind}
            component="a"
            size="xs"
            href={href(address(COMPOSE_ADDRESS, { from: `inbox/${receive.id}`, mode: kind }))}
            data-testid="self-invoice-open"
            data-kind={kind}
          >
            {t('received.selfInvoice.open', { kind, name: t(KIND_NAME[kind]) })}
          </Button>
        ))}
      </Group>
    </Alert>
  );
}
