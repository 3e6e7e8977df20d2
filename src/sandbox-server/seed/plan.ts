import { REFUSAL_REASONS, type CatalogItem } from './businesses.ts';
import {
  activity,
  addDays,
  datesBetween,
  isWorkingDay,
  nextWorkingDay,
  romeDate,
  romeInstant,
} from './calendar.ts';
import type { CastCompany, Supplier } from './cast.ts';
import type { InvoiceLine, InvoiceSpec } from './invoice-file.ts';
import type { SeededRandom } from './random.ts';
import { guaranteeStates, type Builders } from './plan-guarantees.ts';
import { giveNumbers, type Ticket } from './plan-numbers.ts';
import { retained } from './plan-retention.ts';
import type { Plan, PlanOptions, SeedStep } from './plan-types.ts';
import { webhookPlans } from './webhook-plan.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
type Send = Extract<SeedStep, { kind: 'send' }>;

interface Issued {
  customer: number;
  spec: InvoiceSpec;
  ticket: Ticket;
}

/** The plan of one environment, drawn from `options.random` (plan-types.ts says what a plan holds). */
export function planEnvironment(options: PlanOptions): Plan {
  const { cast, random, end } = options;
  const endDate = romeDate(end);
  const firstDate = addDays(endDate, -options.days);
  const start = romeInstant(firstDate, 0, 0);
  const steps: SeedStep[] = [];
  const tickets = new Map<Send, Ticket>();
  const issued: Issued[][] = cast.map(() => []);
  let refs = 0;

  const lines = (catalog: readonly CatalogItem[], range: readonly [number, number]): InvoiceLine[] =>
    random.sample(catalog, random.int(range[0], range[1])).map((item) => ({
      description: item.description,
      unit: item.unit,
      quantity: random.int(item.quantity[0], item.quantity[1]),
      // Prices end in round tens of cents, as price lists do.
      unitPriceCents: Math.round(random.int(item.price[0], item.price[1]) / 10) * 10,
      vatRate: item.vatRate,
    }));

  // Each supplier numbers its invoices its own way, one up per invoice.
  const supplierBooks = new Map<Supplier, { count: number; year: string; pattern: string }>();
  const supplierNumber = (supplierOf: Supplier, at: Date): string => {
    const year = romeDate(at).slice(0, 4);
    let book = supplierBooks.get(supplierOf);
    if (!book) {
      book = {
        count: random.int(40, 2400),
        year,
        pattern: random.pick(['{n}/{yyyy}', 'FV{yyyy}-{nnnnn}', '{n}', '{yyyy}/{n}/E', 'A{nnnnn}']),
      };
      supplierBooks.set(supplierOf, book);
    }
    // A new year starts a new series.
    if (book.year !== year) book = Object.assign(book, { year, count: random.int(0, 3) });
    book.count++;
    return book.pattern
      .replace('{nnnnn}', String(book.count).padStart(5, '0'))
      .replace('{n}', String(book.count))
      .replace('{yyyy}', year);
  };

  const b: Builders = {
    invoiceFor(company, customer, date) {
      const own = cast[company]!;
      const isPublic = customer.kind === 'public';
      const spec: InvoiceSpec = {
        supplier: own.party,
        customer: customer.party,
        type: 'TD01',
        number: '',
        date,
        lines: isPublic
          ? [
              {
                description: own.sector.publicCustomer!,
                unit: '',
                quantity: 1,
                unitPriceCents: Math.round(random.int(80_000, 900_000) / 100) * 100,
                vatRate: own.sector.catalog[0]!.vatRate,
              },
            ]
          : lines(own.sector.catalog, own.sector.lines),
        progressive: '',
        professional: own.sector.professional === true,
        order: isPublic
          ? {
              id: `Det. ${random.int(12, 480)}/${date.slice(0, 4)}`,
              date: addDays(date, -random.int(10, 40)),
              cig: `Z${Array.from({ length: 9 }, () => 'ABCDEF0123456789'[random.int(0, 15)]).join('')}`,
            }
          : null,
        corrects: null,
        paymentDays: customer.paymentDays,
        reason: null,
      };
      const ticket: Ticket = { company, series: 'invoice', number: null, corrects: null };
      issued[company]!.push({ customer: own.customers.indexOf(customer), spec, ticket });
      return { spec, ticket };
    },
    creditNote(company, original, date, lines_, reason) {
      return {
        spec: {
          ...original.spec,
          type: 'TD04',
          date,
          lines: lines_,
          corrects: { number: '', date: original.spec.date },
          reason,
        },
        ticket: { company, series: 'credit', number: null, corrects: original.ticket },
      };
    },
    send(at, company, invoice, extra = {}) {
      const step: Send = {
        kind: 'send',
        at,
        company,
        ref: `${options.environment}-${++refs}`,
        spec: invoice.spec,
        signature: extra.signature ?? 'Auto',
        scenario: extra.scenario ?? null,
      };
      tickets.set(step, invoice.ticket);
      steps.push(step);
      return step;
    },
    answer(step, outcome, afterDays) {
      if (outcome === null) return;
      steps.push({
        kind: 'esito',
        at: new Date(step.at.getTime() + afterDays * DAY_MS + random.int(0, 6) * HOUR_MS),
        ref: step.ref,
        esito: outcome,
        description:
          outcome === 'EC01' ? 'Fattura accettata' : `Fattura rifiutata: ${random.pick(REFUSAL_REASONS)}`,
      });
    },
    mistake(at, company, invoice, kind) {
      // A mistake SDI discards with its real code, then the same invoice sent again, corrected, a little later.
      const later = new Date(at.getTime() + random.int(40, 150) * 60_000);
      const { spec } = invoice;
      if (kind === 'vat') {
        // A typo in the customer's VAT number: the check digit no longer matches (00305).
        const code = spec.customer.vat!.code;
        const typo = `${code.slice(0, 10)}${(Number(code[10]) + 1) % 10}`;
        b.send(at, company, {
          ...invoice,
          spec: { ...spec, customer: { ...spec.customer, vat: { country: 'IT', code: typo } } },
        });
      } else if (kind === 'date') {
        // Dated the next day, which SDI has not reached yet (00403).
        b.send(at, company, { ...invoice, spec: { ...spec, date: addDays(spec.date, 1) } });
      } else {
        // A public administration's invoice sent without a signature (00102).
        b.send(at, company, invoice, { signature: 'None' });
      }
      return b.send(later, company, invoice);
    },
    customerOf(company, kind) {
      return cast[company]!.customers.find((c) =>
        kind === 'none' ? c.party.delivery.channel === 'none' : c.kind === kind,
      );
    },
    arrival(at, company, supplierOf) {
      steps.push(arrival(random, at, company, cast[company]!, supplierOf, supplierNumber(supplierOf, at)));
    },
  };

  cast.forEach((_, company) => steps.push({ kind: 'register', at: romeInstant(firstDate, 7, 45), company }));

  // ---- ordinary business, day by day
  for (const date of datesBetween(firstDate, endDate)) {
    if (!isWorkingDay(date)) continue;
    const busy = activity(date);
    cast.forEach((own, company) => {
      const expected = (options.pace / 21) * busy;
      const count = Math.floor(expected) + (random.chance(expected % 1) ? 1 : 0);
      const times = Array.from({ length: count }, () => random.int(9 * 60, 18 * 60)).sort((x, y) => x - y);
      for (const minutes of times) {
        const at = romeInstant(date, Math.floor(minutes / 60), minutes % 60);
        const customer = random.weighted(own.customers.map((c) => [c, c.weight] as const));
        const customerIndex = own.customers.indexOf(customer);
        const previous = issued[company]!.filter((i) => i.customer === customerIndex).at(-1);
        if (previous && customer.kind === 'business' && random.chance(0.04)) {
          // A credit note for part of an earlier invoice: goods returned, or a discount agreed afterwards.
          const line = previous.spec.lines[0]!;
          b.send(
            at,
            company,
            b.creditNote(
              company,
              previous,
              date,
              [{ ...line, quantity: Math.max(1, Math.floor(line.quantity / 4)) }],
              random.pick(['Storno parziale per reso merce', 'Sconto concordato sulla fornitura']),
            ),
          );
          continue;
        }
        const invoice = b.invoiceFor(company, customer, date);
        const roll = random.fraction();
        if (customer.kind === 'business' && roll < 0.02) b.mistake(at, company, invoice, 'vat');
        else if (roll > 0.985) b.mistake(at, company, invoice, 'date');
        else if (customer.kind === 'public' && roll < 0.06) {
          b.answer(b.mistake(at, company, invoice, 'unsigned'), 'EC01', random.int(2, 8));
        } else {
          const step = b.send(at, company, invoice);
          if (customer.kind === 'public') {
            b.answer(
              step,
              random.weighted([
                ['EC01', 7],
                ['EC02', 1],
                [null, 2],
              ] as const),
              random.int(2, 10),
            );
          } else if (customer.kind === 'business' && random.chance(0.015)) {
            // The same invoice sent twice from another program a few days later: SDI refuses the copy (00404).
            const again = romeInstant(addDays(date, random.int(2, 5)), random.int(9, 17), random.int(0, 59));
            b.send(again, company, invoice);
          }
        }
      }
      // Suppliers: monthly bills on their day (the next working day when it is a holiday), others now and then.
      for (const supplierOf of own.suppliers) {
        const due = supplierOf.kind.monthly
          ? date === nextWorkingDay(`${date.slice(0, 8)}${String(supplierOf.billingDay).padStart(2, '0')}`)
          : random.chance((options.purchases / 21 / countOccasional(own)) * busy);
        // SDI delivers around the clock; most invoices come in during office hours.
        if (due) b.arrival(romeInstant(date, random.int(8, 20), random.int(0, 59)), company, supplierOf);
      }
    });
    // The inbox is read twice a week, in the morning: what came in up to the day before.
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday === 1 || weekday === 4) {
      steps.push({ kind: 'read', at: romeInstant(date, 9, 15), arrivedBefore: romeInstant(date, 0, 0) });
    }
  }

  // ---- the last days show every SDI state, and an inbox with news, whatever the draw above gave
  guaranteeStates(options, b);
  cast.forEach((own, company) => {
    for (const hoursBefore of [random.int(14, 20), random.int(2, 9)]) {
      const at = new Date(end.getTime() - hoursBefore * HOUR_MS - random.int(0, 59) * 60_000);
      b.arrival(at, company, random.pick(own.suppliers.filter((x) => !x.kind.monthly)));
    }
  });
  steps.push({
    kind: 'read',
    at: new Date(end.getTime() - 10 * HOUR_MS),
    arrivedBefore: new Date(end.getTime() - 11 * HOUR_MS),
  });

  // The accounting program's server moves (21 hours of 503) just before something happens to the company it
  // follows, past the middle of the period: the history shows failures, retries, and the same events then
  // delivered.
  const middle = start.getTime() + (end.getTime() - start.getTime()) * 0.6;
  const followed = steps
    .filter((s) => s.kind === 'send' && s.company === 0 && s.at.getTime() >= middle)
    .sort((x, y) => x.at.getTime() - y.at.getTime())[0];
  const outageFrom = new Date((followed?.at.getTime() ?? middle) - 30 * 60_000);
  const webhooks = webhookPlans(options.environment, start, end, outageFrom);
  for (const webhook of webhooks) steps.push({ kind: 'webhook', at: webhook.created, webhook });

  // Stable order: by time, then as planned (the sort is stable), so the same seed replays the same way.
  steps.sort((x, y) => x.at.getTime() - y.at.getTime());
  giveNumbers(steps, tickets, cast, random, options.pace);
  const kept = options.retention ? retained(steps, end, options.retention) : steps;
  const inWindow = kept.filter((s) => s.at.getTime() >= start.getTime() && s.at.getTime() < end.getTime());
  return { environment: options.environment, start, end, steps: inWindow, webhooks };
}

function countOccasional(company: CastCompany): number {
  return Math.max(1, company.suppliers.filter((s) => !s.kind.monthly).length);
}

function arrival(
  random: SeededRandom,
  at: Date,
  company: number,
  own: CastCompany,
  supplierOf: Supplier,
  number: string,
): SeedStep {
  const items = random.sample(supplierOf.kind.catalog, random.int(1, supplierOf.kind.catalog.length));
  // Issued up to two days before SDI delivers it, never after.
  const date = addDays(romeDate(at), -random.int(0, 2));
  return {
    kind: 'arrival',
    at,
    company,
    spec: {
      supplier: supplierOf.party,
      customer: own.party,
      type: 'TD01',
      number,
      date,
      lines: items.map((item) => ({
        description: item.description,
        unit: item.unit,
        quantity: random.int(item.quantity[0], item.quantity[1]),
        unitPriceCents: random.int(item.price[0], item.price[1]),
        vatRate: item.vatRate,
      })),
      progressive: String(random.int(1, 99999)).padStart(5, '0'),
      professional: false,
      order: null,
      corrects: null,
      paymentDays: 30,
      reason: null,
    },
  };
}
