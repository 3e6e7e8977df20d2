import { describe, expect, it } from 'vitest';
import { InvoiceDocumentError } from '../../../src/shared/fatturapa/index.ts';

describe('InvoiceDocumentError', () => {
  it('is an Error carrying its code, position and technical detail', () => {
    const error = new InvoiceDocumentError('not-well-formed', {
      line: 3,
      column: 9,
      detail: 'unexpected </A>',
    });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'InvoiceDocumentError',
      code: 'not-well-formed',
      line: 3,
      column: 9,
    });
    expect(error.detail).toBe('unexpected </A>');
    expect(error.message).toBe('not-well-formed at 3:9: unexpected </A>');
  });

  it('accepts the technical detail alone as a string', () => {
    const error = new InvoiceDocumentError('not-cms', 'neither DER nor Base64');
    expect(error.detail).toBe('neither DER nor Base64');
    expect(error.line).toBeUndefined();
  });

  it('leaves the optional fields undefined when they are not given', () => {
    const error = new InvoiceDocumentError('empty');
    expect(error.message).toBe('empty');
    expect(error.line).toBeUndefined();
    expect(error.column).toBeUndefined();
    expect(error.detail).toBeUndefined();
  });
});
