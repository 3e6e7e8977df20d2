/**
 * A backup brought into what is already kept: per book, a record of the backup replaces the kept one with the same
 * identity, the others are added; nothing kept is removed. The counts are the import's report.
 */
import type { BackedUpBook } from './backup-file.ts';

/** Each book's identity of a record: contacts and catalogue items by their key, the others by their id. */
export const IDENTITY_OF: Record<BackedUpBook | 'drafts', 'key' | 'id'> = {
  contacts: 'key',
  catalogue: 'key',
  payments: 'id',
  recurring: 'id',
  drafts: 'id',
};

export interface MergeCount {
  added: number;
  replaced: number;
}

export function mergeRecords<T extends object>(
  kept: readonly T[],
  incoming: readonly T[],
  identity: 'key' | 'id',
): { merged: T[]; count: MergeCount } {
  const idOf = (record: T) => String((record as Record<string, unknown>)[identity] ?? '');
  const arriving = new Map(incoming.map((record) => [idOf(record), record]));
  const replaced = kept.filter((record) => arriving.has(idOf(record))).length;
  return {
    merged: [...kept.filter((record) => !arriving.has(idOf(record))), ...arriving.values()],
    count: { added: arriving.size - replaced, replaced },
  };
}
