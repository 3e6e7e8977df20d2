import { ServiceError } from '../domain/service-error.ts';
import type { ListResult } from '../store/list-query.ts';
import type { Scope } from '../store/scope.ts';
import type { Store } from '../store/store.ts';
import type { Update } from '../../shared/api/types.ts';
import type { UpdateListQuery } from '../store/updates.ts';

/**
 * Reads of SDI updates. An update read (alone or in a list) has been "read at least once" (openapi.yml
 * `is_read`), so it is marked and shown read; `unread=true` then lists only what a client has not seen.
 * Reads of updates are free: no operation is counted.
 */
export class UpdateService {
  constructor(private readonly store: Store) {}

  get(scope: Scope, id: number): Update {
    return this.store.transaction(() => {
      const update = this.store.updates.get(scope, id);
      if (!update) throw new ServiceError('not-found', 'notFound.update', { id });
      this.markRead(scope, [update]);
      return update;
    });
  }

  list(scope: Scope, query: UpdateListQuery): ListResult<Update> {
    return this.store.transaction(() => {
      const result = this.store.updates.list(scope, query);
      this.markRead(scope, result.rows);
      return result;
    });
  }

  /** The notification file SDI issued with the update. */
  notification(scope: Scope, id: number): { fileName: string; xml: Buffer } {
    const update = this.store.updates.get(scope, id);
    if (!update) throw new ServiceError('not-found', 'notFound.update', { id });
    const file = this.store.updates.notification(scope, id);
    if (!file) throw new ServiceError('not-found', 'notFound.notification', { id });
    return file;
  }

  private markRead(scope: Scope, updates: Update[]): void {
    const unread = updates.filter((u) => !u.is_read);
    this.store.updates.markRead(
      scope,
      unread.map((u) => u.id),
    );
    for (const update of unread) update.is_read = true;
  }
}
