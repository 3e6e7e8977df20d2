import type { Environment } from '../../shared/api/types.ts';
import { parseDuration } from '../clock.ts';
import type { Esito } from './notifications/index.ts';
import { SDI_TIMINGS, type SdiTiming } from './timing.ts';

/**
 * Steps of the pipeline a sandbox user forces, through the `Sandbox-Scenario` header of a submission or a
 * magic CodiceDestinatario (sandbox-scenarios.md "Magic values"). Test keys only: a live key's invoice is
 * never steered.
 */
export interface Scenario {
  /** Discard the invoice with this SDI error code, besides any real error. */
  scarto?: string;
  /** The delivery outcome, whatever the routing rules would say. */
  deliver?: ForcedDelivery;
  /** For a PA invoice: the recipient's outcome, right after delivery. */
  esito?: Esito;
  /** How long SDI waits before taking the invoice, instead of the server's SDI delay. */
  delayMs?: number;
  /** SDI's timing for this invoice, instead of the server's (`serve --sdi-timing`). */
  timing?: SdiTiming;
  /**
   * For a PA invoice SDI could not deliver (MC): its later attempts get through this long after the MC
   * (a late RC), or never (`null`: AT after 10 days). Absent: never in fast timing, seeded in realistic.
   */
  redeliverMs?: number | null;
}

export type ForcedDelivery = 'Consegnato' | 'ImpossibilitaDiRecapito' | 'NonConsegnato';
const DELIVERIES: readonly ForcedDelivery[] = ['Consegnato', 'ImpossibilitaDiRecapito', 'NonConsegnato'];

export const SCENARIO_HEADER = 'Sandbox-Scenario';

/** A late delivery has to come before the AT, 10 days after the MC. */
const REDELIVER_LIMIT_MS = 10 * 86_400_000;

/** What SDI writes when the sandbox itself plays the PA recipient. */
export const SANDBOX_ESITO_DESCRIPTIONS: Readonly<Record<Esito, string>> = {
  EC01: 'Accettata dal destinatario (sandbox)',
  EC02: 'Rifiutata dal destinatario (sandbox)',
};

/**
 * `scarto=00404`, `deliver=ImpossibilitaDiRecapito`, `esito=EC02`, `delay=30s`, `timing=realistic`,
 * `redeliver=2d` (or `redeliver=never`); several steps may be joined with `;` or `,`. Returns the reason as
 * text when the header is malformed.
 */
export function parseScenarioHeader(header: string): Scenario | string {
  const scenario: Scenario = {};
  for (const part of header.split(/[;,]/)) {
    const step = part.trim();
    if (step === '') continue;
    const match = /^([a-z]+)\s*=\s*(\S+)$/i.exec(step);
    if (!match) return `"${step}" is not name=value`;
    const name = match[1]!.toLowerCase();
    const value = match[2]!;
    if (name === 'scarto') {
      if (!/^\d{5}$/.test(value)) return `scarto must be a 5-digit SDI error code, not "${value}"`;
      scenario.scarto = value;
    } else if (name === 'deliver') {
      const delivery = DELIVERIES.find((d) => d.toLowerCase() === value.toLowerCase());
      if (!delivery) return `deliver must be one of ${DELIVERIES.join(', ')}, not "${value}"`;
      scenario.deliver = delivery;
    } else if (name === 'esito') {
      const esito = value.toUpperCase();
      if (esito !== 'EC01' && esito !== 'EC02') return `esito must be EC01 or EC02, not "${value}"`;
      scenario.esito = esito;
    } else if (name === 'delay') {
      const ms = parseDuration(value);
      if (ms === null) return `delay must be a duration such as 30s, 5m or 2h, not "${value}"`;
      scenario.delayMs = ms;
    } else if (name === 'timing') {
      const timing = SDI_TIMINGS.find((t) => t === value.toLowerCase());
      if (!timing) return `timing must be one of ${SDI_TIMINGS.join(', ')}, not "${value}"`;
      scenario.timing = timing;
    } else if (name === 'redeliver') {
      const never = value.toLowerCase() === 'never';
      const ms = never ? null : parseDuration(value);
      if (!never && (ms === null || ms <= 0 || ms >= REDELIVER_LIMIT_MS)) {
        return `redeliver must be never or a duration under 10 days such as 6h or 3d, not "${value}"`;
      }
      scenario.redeliverMs = ms;
    } else {
      return `unknown step "${name}" (expected scarto, deliver, esito, delay, timing or redeliver)`;
    }
  }
  return scenario;
}

/**
 * The magic CodiceDestinatario values of the sandbox (sandbox-scenarios.md): each stands for a recipient that
 * behaves in one known way. They are checked against the format they are documented for. The FPA12 ones are also
 * offices of the sandbox's IPA directory from its start (store/migrations.ts, `pa_offices`), or SDI would
 * discard an invoice to them with 00311 before it could behave.
 */
export function magicScenario(codiceDestinatario: string | null, format: string | null): Scenario {
  const pa = format === 'FPA12';
  switch (codiceDestinatario) {
    case 'SBXMC01':
      return pa ? {} : { deliver: 'ImpossibilitaDiRecapito' };
    case 'SBXACC':
      return pa ? { esito: 'EC01' } : {};
    case 'SBXRIF':
      return pa ? { esito: 'EC02' } : {};
    case 'SBXNCO':
      return pa ? { deliver: 'NonConsegnato' } : {};
    default:
      return {};
  }
}

/** The scenario of one submission: its header's steps override the magic code's. */
export function effectiveScenario(
  environment: Environment,
  header: Scenario | undefined,
  codiceDestinatario: string | null,
  format: string | null,
): Scenario {
  if (environment !== 'test') return {};
  return { ...magicScenario(codiceDestinatario, format), ...header };
}
