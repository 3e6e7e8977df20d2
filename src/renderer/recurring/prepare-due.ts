/**
 * Preparing the drafts of the recurring invoices due: each occurrence from the latest prepared up to today becomes a
 * draft among the others (compose/draft-store.ts), numbered when it is sent, and its template remembers it. The
 * draft's id is made of the template and the day, so preparing twice (two windows, a reload halfway) makes one
 * draft; a lock serialises the windows where the platform has one.
 */
import { dueOccurrences, draftForOccurrence, type RecurringTemplate } from '../../shared/recurring/index.ts';
import type { Gateway } from '../../shared/gateway/channels.ts';
import { listDrafts, saveDrafts, type StoredDraft } from '../compose/draft-store.ts';
import { openInvoiceIndex } from '../invoice-index/use-invoice-index.ts';
import { changeRecurring, recurringOf } from './saved-recurring.ts';

export interface Prepared {
  template: RecurringTemplate;
  draft: StoredDraft;
}

/** The draft id of a template's occurrence: the same occurrence is the same draft. */
export const occurrenceDraftId = (templateId: string, date: string) => `recurring-${templateId}-${date}`;

/** ProgressivoInvio, up to 10 characters: the moment in base 36 and the occurrence's position, unique per file. */
function progressiveOf(position: number): string {
  return `${Date.now().toString(36).slice(-6)}${position.toString(36)}`.toUpperCase().slice(-10);
}

async function withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request(name, work) : work();
}

/** Prepares what is due on `today` ('YYYY-MM-DD'); returns the drafts made now (none: nothing was due). */
export async function prepareDue(gateway: Gateway, profileId: string, today: string): Promise<Prepared[]> {
  return withLock(`scambio.recurring.${profileId}`, async () => {
    const index = await openInvoiceIndex(gateway, profileId);
    const templates = await recurringOf(index);
    const due = dueOccurrences(templates, today);
    if (due.length === 0) return [];
    const existing = new Set(listDrafts(profileId).map((d) => d.id));
    const now = new Date().toISOString();
    const prepared: Prepared[] = [];
    const latest = new Map<string, string>();
    due.forEach(({ templateId, date }, position) => {
      const template = templates.find((t) => t.id === templateId)!;
      latest.set(templateId, date);
      const id = occurrenceDraftId(templateId, date);
      if (existing.has(id)) return;
      prepared.push({
        template,
        draft: {
          id,
          companyId: template.companyId,
          source: null,
          recurring: { templateId, occurrence: date },
          idempotencyKey: '',
          attempt: null,
          updated: now,
          draft: draftForOccurrence(template, date, progressiveOf(position)),
        },
      });
    });
    saveDrafts(
      profileId,
      prepared.map((p) => p.draft),
    );
    await changeRecurring(index, {
      kind: 'save',
      templates: templates
        .filter((t) => latest.has(t.id))
        .map((t) => ({ ...t, prepared: latest.get(t.id)! })),
    });
    return prepared;
  });
}
