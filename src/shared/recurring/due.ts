/**
 * Which drafts are to be prepared today: for each template not paused, its occurrences after the latest prepared
 * up to today. Kept apart from the preparing (renderer/recurring) so the rule is tested without a browser.
 */
import { occurrencesBetween } from './schedule.ts';
import type { RecurringTemplate } from './template.ts';

export interface DueOccurrence {
  templateId: string;
  date: string;
}

export function dueOccurrences(templates: readonly RecurringTemplate[], today: string): DueOccurrence[] {
  return templates
    .filter((template) => !template.paused)
    .flatMap((template) =>
      occurrencesBetween(template.schedule, template.prepared, today).map((date) => ({
        templateId: template.id,
        date,
      })),
    );
}
