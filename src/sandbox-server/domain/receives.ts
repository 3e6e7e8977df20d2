import type { PayloadEncoding, Receive, ReceiveNotification } from '../../shared/api/types.ts';
import type { ListResult } from '../store/list-query.ts';
import type { ReceiveListQuery } from '../store/receives.ts';
import type { Scope } from '../store/scope.ts';
import type { Store } from '../store/store.ts';
import { ServiceError } from './service-error.ts';

/**
 * Reads of received invoices, with the read-flag rules of the spec's "States" table: reading the payload
 * marks an invoice read and counts one operation if it was unread; reading metadata changes nothing.
 */
export class ReceiveService {
  constructor(private readonly store: Store) {}

  get(scope: Scope, id: number, includePayload: boolean): Receive {
    return this.store.transaction(() => {
      const receive = this.store.receives.get(scope, id, includePayload);
      if (!receive) throw new ServiceError('not-found', 'notFound.receive', { id });
      if (includePayload) this.markRead(scope, [receive]);
      return receive;
    });
  }

  list(scope: Scope, query: ReceiveListQuery): ListResult<Receive> {
    return this.store.transaction(() => {
      const result = this.store.receives.list(scope, query);
      if (query.include_payload === true) this.markRead(scope, result.rows);
      return result;
    });
  }

  /**
   * The page of `list` with `include_payload` as ids, marked read (and counted) as `list` marks it: the caller
   * reads each invoice, payload included, when its row goes out (`store.receives.get`), so a page of large files is
   * never in memory at once.
   */
  pageToRead(scope: Scope, query: ReceiveListQuery): ListResult<number> {
    return this.store.transaction(() => {
      const page = this.store.receives.listIds(scope, query);
      this.markIdsRead(scope, this.store.receives.unreadAmong(scope, page.rows));
      return page;
    });
  }

  /** The invoice and its stored file as received, unrendered (`GET /receive/{id}/payload`); marks it read. */
  file(scope: Scope, id: number): { receive: Receive; file: Uint8Array; encoding: PayloadEncoding } {
    return this.store.transaction(() => {
      const found = this.store.receives.getWithFile(scope, id);
      if (!found) throw new ServiceError('not-found', 'notFound.receive', { id });
      this.markRead(scope, [found.invoice]);
      return { receive: found.invoice, file: found.file, encoding: found.encoding };
    });
  }

  /** The files SDI sent about the invoice besides it (MT, SE), oldest first. Reading them changes nothing. */
  notifications(scope: Scope, id: number): ReceiveNotification[] {
    this.existing(scope, id);
    return this.store.recipientNotifications.forReceive(scope, id);
  }

  /** One of those files, by its name. */
  notification(scope: Scope, id: number, fileName: string): { fileName: string; xml: Buffer } {
    this.existing(scope, id);
    const file = this.store.recipientNotifications.fileOfReceive(scope, id, fileName);
    if (!file) throw new ServiceError('not-found', 'notFound.receiveNotification', { id, file: fileName });
    return file;
  }

  /** The metadata file (MT) SDI delivered with the invoice. Not its payload: the invoice stays unread. */
  metadata(scope: Scope, id: number): { fileName: string; xml: Buffer } {
    this.existing(scope, id);
    const file = this.store.recipientNotifications.metadataOfReceive(scope, id);
    if (!file) throw new ServiceError('not-found', 'notFound.receiveMetadata', { id });
    return file;
  }

  delete(scope: Scope, id: number): Receive {
    return this.store.transaction(() => {
      const receive = this.store.receives.get(scope, id, false);
      if (!receive) throw new ServiceError('not-found', 'notFound.receive', { id });
      this.store.receives.delete(scope, id);
      return receive;
    });
  }

  /** Marks these invoices read; each one that was unread counts one operation (also used by the export). */
  markIdsRead(scope: Scope, ids: readonly number[]): void {
    if (ids.length === 0) return;
    this.store.transaction(() => this.store.operations.add(scope, this.store.receives.markRead(scope, ids)));
  }

  private existing(scope: Scope, id: number): Receive {
    const receive = this.store.receives.get(scope, id, false);
    if (!receive) throw new ServiceError('not-found', 'notFound.receive', { id });
    return receive;
  }

  private markRead(scope: Scope, receives: Receive[]): void {
    const unread = receives.filter((r) => !r.is_read);
    this.markIdsRead(
      scope,
      unread.map((r) => r.id),
    );
    for (const receive of unread) receive.is_read = true;
  }
}
