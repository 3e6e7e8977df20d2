/**
 * The outcomes the console can force on the next submission (docs/sandbox.md, "The `Sandbox-Scenario` header"),
 * each as the header value it stands for.
 */
import type { TFunction } from 'i18next';
import { sdiMessages } from '../../shared/fatturapa/sdi-checks/messages.ts';
import { LANGUAGES } from '../../shared/language.ts';

export const OUTCOMES = [
  'scarto',
  'nonConsegnato',
  'impossibile',
  'consegnato',
  'accepted',
  'refused',
  'late',
  'realistic',
] as const;
export type OutcomeKind = (typeof OUTCOMES)[number];

const FIXED: Record<Exclude<OutcomeKind, 'scarto'>, string> = {
  nonConsegnato: 'deliver=NonConsegnato',
  impossibile: 'deliver=ImpossibilitaDiRecapito',
  consegnato: 'deliver=Consegnato',
  accepted: 'esito=EC01',
  refused: 'esito=EC02',
  // A PA invoice SDI could not deliver at first: a late RicevutaConsegna two days after the MC.
  late: 'deliver=NonConsegnato; redeliver=2d',
  realistic: 'timing=realistic',
};

/** Each outcome's name in the UI. */
export const OUTCOME_LABELS: Record<OutcomeKind, string> = {
  scarto: 'console.outcome.scarto',
  nonConsegnato: 'console.outcome.nonConsegnato',
  impossibile: 'console.outcome.impossibile',
  consegnato: 'console.outcome.consegnato',
  accepted: 'console.outcome.accepted',
  refused: 'console.outcome.refused',
  late: 'console.outcome.late',
  realistic: 'console.outcome.realistic',
};

/** The `Sandbox-Scenario` value of an outcome; `code` is the SDI error code of a forced rejection. */
export function scenarioOf(kind: OutcomeKind, code: string): string {
  return kind === 'scarto' ? `scarto=${code}` : FIXED[kind];
}

/** An armed or applied scenario in words; one the console did not make is shown as it is. */
export function describeScenario(scenario: string, t: TFunction): string {
  const code = /^scarto=(\d{5})$/.exec(scenario)?.[1];
  if (code) return t('console.scartoWith', { code });
  const kind = (Object.keys(FIXED) as (keyof typeof FIXED)[]).find((k) => FIXED[k] === scenario);
  return kind ? t(OUTCOME_LABELS[kind]) : scenario;
}

/** SDI's error codes, each with its description in the UI language (placeholders left out), for the picker. */
export function sdiCodeOptions(language: string): { value: string; label: string }[] {
  const messages = sdiMessages[LANGUAGES.find((l) => l === language) ?? 'it'];
  return Object.entries(messages)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, message]) => ({
      value: code,
      label: `${code} · ${message.description.replace(/\s*\{\{[^}]+\}\}/g, ' …').replace(/[:\s]+…$/, '')}`,
    }));
}
