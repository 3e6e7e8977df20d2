import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { codeLabel, FISCAL_REGIMES } from '../../shared/fatturapa/code-labels/index.ts';
import { formatAmount, formatDate } from '../format/format.ts';
import { Small } from './content-parts.tsx';
import type { Party } from '../data/read-invoice.ts';

/** A party as the file names it: identity, registry, regime, contacts and its representative, if any. */
export function PartyBlock({
  label,
  party,
  representative,
}: {
  label: string;
  party: Party;
  representative?: Party | null;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const register = party.professionalRegister;
  return (
    <div data-testid="invoice-party">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{[party.title, party.name].filter(Boolean).join(' ') || '—'}</Text>
      {party.vat && <Small>{t('invoice.vat', { vat: party.vat })}</Small>}
      {party.fiscalCode && <Small>{t('invoice.fiscalCode', { code: party.fiscalCode })}</Small>}
      {party.eori && <Small>{t('invoiceView.eori', { code: party.eori })}</Small>}
      {party.address && <Small>{party.address.text}</Small>}
      {party.permanentEstablishment && (
        <Small>{t('invoice.permanentEstablishment', { address: party.permanentEstablishment.text })}</Small>
      )}
      {party.rea && (
        <Small>
          {[
            t('invoice.rea', { office: party.rea.office, number: party.rea.number }),
            party.rea.shareCapital
              ? t('invoice.shareCapital', {
                  amount: formatAmount(party.rea.shareCapital, 'EUR', language),
                })
              : null,
            party.rea.soleShareholder === 'SU' ? t('invoice.soleShareholder') : null,
            party.rea.liquidation === 'LS' ? t('invoice.inLiquidation') : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Small>
      )}
      {register && (
        <Small>
          {t('invoice.professionalRegister', {
            register: [register.name, register.province, register.number, formatDate(register.date, language)]
              .filter(Boolean)
              .join(' '),
          })}
        </Small>
      )}
      {party.fiscalRegime && (
        <Small>
          {t('invoice.fiscalRegime', { regime: codeLabel(FISCAL_REGIMES, party.fiscalRegime, language) })}
        </Small>
      )}
      {party.contacts && (
        <Small>
          {[
            party.contacts.phone ? t('invoiceView.phone', { phone: party.contacts.phone }) : null,
            party.contacts.email ? t('invoiceView.email', { email: party.contacts.email }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Small>
      )}
      {party.administrationReference && (
        <Small>
          {t('invoiceView.administrationReference', { reference: party.administrationReference })}
        </Small>
      )}
      {representative && (
        <Small>
          {t('invoice.representative', {
            name: [representative.name, representative.vat ?? representative.fiscalCode]
              .filter(Boolean)
              .join(' · '),
          })}
        </Small>
      )}
    </div>
  );
}
