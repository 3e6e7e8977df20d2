import type { Writable } from 'node:stream';
import type { ExportFilter, ExportRow } from '../store/exports.ts';
import type { Scope } from '../store/scope.ts';
import type { Store } from '../store/store.ts';
import type { ReceiveService } from './receives.ts';
import { ZipOutputClosed, ZipWriter } from './zip-writer.ts';

export type ExportType = 'send' | 'receive' | 'both';

export interface ExportRequest {
  type: ExportType;
  filter: ExportFilter;
}

/** Files are read and zipped this many at a time, so memory stays flat however large the export. */
const PAGE = 100;

/**
 * A ZIP of invoice files for accounting software (spec "Export"): `{vat}/send/` and `{vat}/receive/`,
 * sent invoices only in a definitive state, received ones always; unread received invoices become read
 * and count as operations, page by page, as they go into the archive.
 */
export class ExportService {
  constructor(
    private readonly store: Store,
    private readonly receives: ReceiveService,
  ) {}

  /** Whether anything matches: an empty export is a `204`, not an empty archive. */
  isEmpty(scope: Scope, request: ExportRequest): boolean {
    const sends =
      request.type !== 'receive' && this.store.sends.exportPage(scope, request.filter, 0, 1).length > 0;
    const receives =
      request.type !== 'send' && this.store.receives.exportPage(scope, request.filter, 0, 1).length > 0;
    return !sends && !receives;
  }

  /**
   * Streams the archive into `out` and ends it; resolves when the archive is complete, or when `out` closed
   * early (the client went away: the export stops there, without an error).
   */
  async write(scope: Scope, request: ExportRequest, out: Writable): Promise<{ files: number }> {
    const zip = new ZipWriter(out, { level: 6 });
    let files = 0;
    // A page of files at a time: the writer waits for the client to take the bytes before the next page is read.
    const addPage = async (rows: ExportRow[], folder: 'send' | 'receive') => {
      await zip.addAll(
        rows.map((row) => ({
          name: `${safeSegment(row.vat)}/${folder}/${safeSegment(row.fileName)}`,
          bytes: row.bytes,
        })),
      );
      files += rows.length;
    };
    try {
      if (request.type !== 'receive') {
        for (
          let after = 0, page = this.sendPage(scope, request, after);
          page.length > 0;
          page = this.sendPage(scope, request, after)
        ) {
          await addPage(page, 'send');
          after = page.at(-1)!.id;
        }
      }
      if (request.type !== 'send') {
        for (
          let after = 0, page = this.receivePage(scope, request, after);
          page.length > 0;
          page = this.receivePage(scope, request, after)
        ) {
          this.receives.markIdsRead(
            scope,
            page.filter((r) => !r.isRead).map((r) => r.id),
          );
          await addPage(page, 'receive');
          after = page.at(-1)!.id;
        }
      }
      await zip.finish();
    } catch (error) {
      if (error instanceof ZipOutputClosed) return { files };
      throw error;
    }
    out.end();
    return { files };
  }

  private sendPage(scope: Scope, request: ExportRequest, after: number) {
    return this.store.sends.exportPage(scope, request.filter, after, PAGE);
  }

  private receivePage(scope: Scope, request: ExportRequest, after: number) {
    return this.store.receives.exportPage(scope, request.filter, after, PAGE);
  }
}

/** File names were checked on the way in; this keeps even an odd stored name inside its folder. */
function safeSegment(name: string): string {
  return name.replace(/[/\\\0]/g, '_').replace(/^\.+$/, '_');
}
