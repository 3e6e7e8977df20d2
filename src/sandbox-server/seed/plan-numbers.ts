import type { CastCompany } from './cast.ts';
import type { SeedStep } from './plan-types.ts';
import type { SeededRandom } from './random.ts';

const DAY_MS = 86_400_000;
type Send = Extract<SeedStep, { kind: 'send' }>;

/**
 * A document number still to be given. Numbers are handed out once the plan is in time order, so they follow
 * the dates as in a real register; every transmission of the same document (a discarded file and its corrected
 * resend, a copy sent twice) shares its ticket, and so its number.
 */
export interface Ticket {
  company: number;
  series: 'invoice' | 'credit';
  number: string | null;
  /** For a credit note: the invoice it corrects. */
  corrects: Ticket | null;
}

/**
 * Document numbers and transmission counters in time order: invoices per company and year in the sector's
 * format, credit notes in their own `NC n/yyyy` series, each counter starting where a business invoicing since
 * January would be; ProgressivoInvio one up at every transmission.
 */
export function giveNumbers(
  steps: SeedStep[],
  tickets: Map<Send, Ticket>,
  cast: readonly CastCompany[],
  random: SeededRandom,
  pace: number,
): void {
  const counters = new Map<string, number>();
  const progressive = cast.map(() => random.int(100, 900));
  for (const step of steps) {
    if (step.kind !== 'send') continue;
    const ticket = tickets.get(step)!;
    const { sector } = cast[ticket.company]!;
    if (ticket.number === null) {
      const year = step.spec.date.slice(0, 4);
      const key = `${ticket.company}:${ticket.series}:${year}`;
      if (!counters.has(key)) {
        const dayOfYear =
          (Date.parse(`${step.spec.date}T00:00:00Z`) - Date.parse(`${year}-01-01T00:00:00Z`)) / DAY_MS;
        const perYear = ticket.series === 'invoice' ? 12 * pace : 3;
        counters.set(key, Math.floor((dayOfYear / 365) * perYear));
      }
      const next = counters.get(key)! + 1;
      counters.set(key, next);
      ticket.number =
        ticket.series === 'credit'
          ? `NC ${next}/${year}`
          : sector.numbering
              .replace('{nnnn}', String(next).padStart(4, '0'))
              .replace('{n}', String(next))
              .replace('{yyyy}', year);
    }
    step.spec = {
      ...step.spec,
      number: ticket.number,
      progressive: String(++progressive[ticket.company]!).padStart(5, '0'),
      corrects:
        ticket.corrects && step.spec.corrects
          ? { number: ticket.corrects.number!, date: step.spec.corrects.date }
          : null,
    };
  }
}
