import type { SendState } from '../../shared/api/types.ts';
import type { FinishedStates } from '../store/retention.ts';
import type { NotificationFamily, NotificationType } from './notifications/index.ts';

/**
 * The life of one sent invoice at the simulated SDI, written down in one place (sdi-rules.md §c "Mapping of
 * messages to simulator states"). `null` is "submitted, not yet taken by SDI". The pipeline (sdi/pipeline.ts)
 * decides which transition happens; this table says which ones may, what SDI sends for each, when an
 * invoice is finished, and what SDI does next on its own.
 *
 *   null ──► Inviato ──► Scartato
 *                   ├──► Consegnato ──(PA)──► AccettatoDalDestinatario | RifiutatoDalDestinatario
 *                   │        ▲                 | DecorrenzaTermini (15 days without an outcome)
 *                   ├──► ImpossibilitaDiRecapito (B2B)
 *                   └──► NonConsegnato (PA) ──► AttestazioneTrasmissioneFattura (10 days later)
 */

/** The simulated SDI's own jobs, one per step of the pipeline. */
export const SDI_JOBS = {
  intake: 'sdi.intake',
  checks: 'sdi.checks',
  delivery: 'sdi.delivery',
  /** A PA invoice delivered late, after its MC (NonConsegnato → Consegnato). */
  redelivery: 'sdi.redelivery',
  esito: 'sdi.esito',
  decorrenza: 'sdi.decorrenza',
  attestazione: 'sdi.attestazione',
} as const;
export type SdiJobKind = (typeof SDI_JOBS)[keyof typeof SDI_JOBS];

const DAY_MS = 86_400_000;
/** A PA recipient has 15 days from delivery to accept or refuse (sdi-rules.md §c, PA). */
export const DECORRENZA_TERMINI_MS = 15 * DAY_MS;
/** An undeliverable PA invoice is attested 10 days after the failed delivery. */
export const ATTESTAZIONE_MS = 10 * DAY_MS;

interface Transition {
  from: readonly (SendState | null)[];
  /** The message SDI sends the transmitter; none for Inviato (SdI's synchronous answer is the identifier). */
  message: NotificationType | null;
  /** Only invoices of this family can get there; both when absent. */
  family?: NotificationFamily;
  /** The families for which nothing follows this state. */
  finalFor: readonly NotificationFamily[];
  /** What SDI does by itself after this state, per family. */
  next?: Partial<Record<NotificationFamily, { job: SdiJobKind; afterMs: number }>>;
}

const BOTH: readonly NotificationFamily[] = ['pa', 'b2b'];

export const TRANSITIONS: Readonly<Record<SendState, Transition>> = {
  Inviato: {
    from: [null],
    message: null,
    finalFor: [],
    next: { pa: { job: SDI_JOBS.checks, afterMs: 0 }, b2b: { job: SDI_JOBS.checks, afterMs: 0 } },
  },
  Scartato: { from: ['Inviato'], message: 'NS', finalFor: BOTH },
  Consegnato: {
    // NonConsegnato → Consegnato is the PA retry window succeeding (`redeliver=`, or realistic timing).
    from: ['Inviato', 'NonConsegnato'],
    message: 'RC',
    finalFor: ['b2b'],
    next: { pa: { job: SDI_JOBS.decorrenza, afterMs: DECORRENZA_TERMINI_MS } },
  },
  ImpossibilitaDiRecapito: { from: ['Inviato'], message: 'MC', family: 'b2b', finalFor: ['b2b'] },
  NonConsegnato: {
    from: ['Inviato'],
    message: 'MC',
    family: 'pa',
    finalFor: [],
    next: { pa: { job: SDI_JOBS.attestazione, afterMs: ATTESTAZIONE_MS } },
  },
  AccettatoDalDestinatario: { from: ['Consegnato'], message: 'NE', family: 'pa', finalFor: ['pa'] },
  RifiutatoDalDestinatario: { from: ['Consegnato'], message: 'NE', family: 'pa', finalFor: ['pa'] },
  DecorrenzaTermini: { from: ['Consegnato'], message: 'DT', family: 'pa', finalFor: ['pa'] },
  AttestazioneTrasmissioneFattura: { from: ['NonConsegnato'], message: 'AT', family: 'pa', finalFor: ['pa'] },
};

export function canTransition(family: NotificationFamily, from: SendState | null, to: SendState): boolean {
  const transition = TRANSITIONS[to];
  return (transition.family === undefined || transition.family === family) && transition.from.includes(from);
}

export function isFinal(family: NotificationFamily, state: SendState | null): boolean {
  return state !== null && TRANSITIONS[state].finalFor.includes(family);
}

/** The states in which SDI is done with an invoice, as retention needs them (FPA12 is the PA family). */
export function finishedStates(): FinishedStates {
  const states = Object.entries(TRANSITIONS) as [SendState, Transition][];
  const finalWherever = ([, t]: [SendState, Transition]): boolean =>
    (t.family === undefined ? BOTH : [t.family]).every((family) => t.finalFor.includes(family));
  return {
    always: states.filter(finalWherever).map(([state]) => state),
    exceptPa: states
      .filter((entry) => !finalWherever(entry) && entry[1].finalFor.includes('b2b'))
      .map(([state]) => state),
  };
}
