/**
 * How closely this sandbox imitates the live service rather than the v1 specification (`serve --compat`,
 * `--strict`; docs/sandbox.md "Compatibility modes"). The default answers as the specification says.
 */
export interface Compatibility {
  /**
   * `spec`: the specification's header names (`Service-*`). `live`: also the names the public OpenAPI gives the live
   * service (`Invoicetronic-Total-Count`, `Invoicetronic-Signature`), so a client written against it finds them.
   */
  headers: 'spec' | 'live';
  /**
   * An unknown query parameter is a 400 instead of being ignored, and answers keep only the public schemas'
   * fields (no sandbox extensions such as `document_number`): a client that passes here relies on nothing extra.
   */
  strict: boolean;
}

export const SPEC_COMPATIBILITY: Compatibility = { headers: 'spec', strict: false };
