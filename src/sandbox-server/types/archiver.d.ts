// archiver 8 is an ES module without bundled types; this is the part of its API Scambio uses.
declare module 'archiver' {
  import type { Transform } from 'node:stream';

  interface EntryData {
    name: string;
    date?: Date;
  }

  export class ZipArchive extends Transform {
    constructor(options?: { zlib?: { level?: number }; store?: boolean });
    off(event: string, listener: (...args: never[]) => void): this;
    append(source: Buffer | string, data: EntryData): this;
    finalize(): Promise<void>;
    abort(): this;
    on(event: 'entry', listener: (entry: EntryData) => void): this;
    on(event: 'warning' | 'error', listener: (error: Error) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
