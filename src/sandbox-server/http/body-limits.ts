import type { Request } from 'express';
import { OperationMatcher } from '../../shared/api/operation-match.ts';
import { API_OPERATIONS } from '../../shared/api/operations.ts';

/**
 * What a body is bounded by when it carries no invoice: a company, a webhook, a clock move, an esito are a few
 * hundred bytes. Reading, decoding and parsing 10 MB of JSON for one of them stalled every account for 1.5 s;
 * at 64 KiB a body is read and parsed in well under a millisecond.
 */
export const SMALL_BODY_BYTES = 64 * 1024;

/**
 * Who reads the JSON body of an operation that carries an invoice: `route` for the ones that turn it into a file
 * on the worker pool themselves (their body is left as bytes, see `jsonInputOf`), `here` for the JSON middleware
 * (parsed on the pool when large), `none` for bodies that are not JSON (XML, multipart), read by their route.
 */
export type JsonReader = 'route' | 'here' | 'none';

/** The operations whose body carries an invoice file, by id (src/shared/api/operations.ts), and who reads it. */
const INVOICE_BODIES: Readonly<Record<string, JsonReader>> = {
  send: 'route',
  validate: 'route',
  sendJson: 'route',
  validateJson: 'route',
  sendXml: 'none',
  sendFile: 'none',
  validateXml: 'none',
  validateFile: 'none',
  sandboxInbound: 'here',
};

export interface BodyRule {
  /** Bytes the body may have once its Content-Encoding is undone; more is `413`. */
  limit: number;
  reader: JsonReader;
}

/**
 * How each request's body is bounded and read, by the operation it is. Bodies that carry an invoice may be as
 * large as `uploadBytes` (app.ts says why); every other body is SMALL_BODY_BYTES, including requests to paths no
 * operation answers (their body is never used). The same rule serves the early check of `Content-Length`
 * (body-guard.ts), before anything is read, and the parsers.
 */
export class BodyRules {
  private readonly invoice: OperationMatcher<BodyRule>;
  private readonly small: BodyRule = { limit: SMALL_BODY_BYTES, reader: 'here' };

  constructor(uploadBytes: number) {
    const unknown = Object.keys(INVOICE_BODIES).filter((id) => !API_OPERATIONS.some((op) => op.id === id));
    if (unknown.length > 0) throw new Error(`no operation has the id ${unknown.join(', ')}`);
    this.invoice = new OperationMatcher(
      API_OPERATIONS.filter((op) => op.id in INVOICE_BODIES).map((op) => ({
        method: op.method,
        path: op.path,
        value: { limit: uploadBytes, reader: INVOICE_BODIES[op.id]! },
      })),
    );
  }

  of(req: Request): BodyRule {
    // The full path whatever router asks (a router sees its own part in `req.path`), lowercased like Express's
    // own case-insensitive matching, so that `/V1/Send/Json` is bounded as the route that answers it.
    const query = req.originalUrl.indexOf('?');
    const path = (query === -1 ? req.originalUrl : req.originalUrl.slice(0, query)).toLowerCase();
    return this.invoice.match(req.method, path) ?? this.small;
  }
}
