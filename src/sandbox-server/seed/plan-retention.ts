import type { PlanOptions, SeedStep } from './plan-types.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Margin kept from the retention limits, so that serving the folder soon after seeding purges nothing. */
const RETENTION_MARGIN_MS = 2 * HOUR_MS;

/** Keeps what the sandbox's retention still holds at `end`: each step judged by when its invoice is finished. */
export function retained(
  steps: SeedStep[],
  end: Date,
  retention: NonNullable<PlanOptions['retention']>,
): SeedStep[] {
  const sendLimit = end.getTime() - retention.sendDays * DAY_MS + RETENTION_MARGIN_MS;
  const receiveLimit = end.getTime() - retention.receiveHours * HOUR_MS + RETENTION_MARGIN_MS;
  const answers = new Map<string, number>();
  for (const step of steps) if (step.kind === 'esito') answers.set(step.ref, step.at.getTime());
  const keptRefs = new Set<string>();
  const kept = steps.filter((step) => {
    if (step.kind === 'arrival' || step.kind === 'read') return step.at.getTime() >= receiveLimit;
    if (step.kind !== 'send') return true;
    const isPublic = step.spec.customer.delivery.channel === 'pa';
    // A PA invoice is finished by its answer, by the lapse of the 15 days, or (unreachable) by the attestation.
    const finished = !isPublic
      ? step.at.getTime()
      : (answers.get(step.ref) ??
        step.at.getTime() + (step.scenario?.includes('NonConsegnato') ? 10 : 15) * DAY_MS);
    const sister = step.spec.customer.delivery.code === 'SCAMBIO';
    const keep = finished >= sendLimit && (!sister || step.at.getTime() >= receiveLimit);
    if (keep) keptRefs.add(step.ref);
    return keep;
  });
  return kept.filter((step) => step.kind !== 'esito' || keptRefs.has(step.ref));
}
