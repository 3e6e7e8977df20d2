import { readdirSync } from 'node:fs';
import { referenceAvailable, referenceDir } from '../fatturapa/reference-samples.ts';

/*
 * What a real-world sample says, read with regular expressions over its text: an extraction independent of the
 * code under test (the reading, the document view), shared by the tests that compare against it.
 */

export const realWorldInvoicesDir = `${referenceDir}samples/real-world/invoices/`;

/** The XML invoices of the real-world samples, by file name; none without the reference data. */
export const realWorldInvoices: string[] = referenceAvailable
  ? readdirSync(realWorldInvoicesDir)
      .filter((name) => name.endsWith('.xml'))
      .sort()
  : [];

/** The contents of every `tag` element, whatever its namespace prefix. */
export function blocks(xml: string, tag: string): string[] {
  const pattern = new RegExp(`<(?:[\\w.-]+:)?${tag}\\b[^>]*>([\\s\\S]*?)</(?:[\\w.-]+:)?${tag}>`, 'g');
  return [...xml.matchAll(pattern)].map((match) => match[1]!);
}

/** The trimmed text of the first `tag` element, or null. */
export function leaf(xml: string, tag: string): string | null {
  return blocks(xml, tag)[0]?.trim() ?? null;
}
