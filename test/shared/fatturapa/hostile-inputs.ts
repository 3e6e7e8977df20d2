/**
 * Hostile FatturaPA files built in memory: each one stays under DEFAULT_MAX_BYTES (5,000,000) and aims at one
 * place where an XML engine can go super-linear or allocate without bound. Shared by the hostile-xml tests
 * and bench/hostile-xml.ts, so the bench measures exactly what the tests assert.
 */
import { syntheticInvoiceXml } from './model/synthetic-invoice.ts';

const ROOT_START = '<p:FatturaElettronica';
const AFTER_LINES = '</DettaglioLinee>';

function base(): string {
  return syntheticInvoiceXml(1);
}

/** Inserts `content` right after the first `</DettaglioLinee>`. */
function afterLines(content: string): string {
  const xml = base();
  const at = xml.indexOf(AFTER_LINES) + AFTER_LINES.length;
  return xml.slice(0, at) + content + xml.slice(at);
}

/** Adds attribute text (with its leading blanks) to the root start tag. */
function onRoot(attributes: string): string {
  const xml = base();
  const at = xml.indexOf(ROOT_START) + ROOT_START.length;
  return xml.slice(0, at) + attributes + xml.slice(at);
}

/** `count` distinct unprefixed attributes on the root; with `duplicateLast` the last one repeats the first. */
export function manyAttributesXml(count: number, duplicateLast = false): string {
  const names: string[] = [];
  for (let i = 0; i < count; i++) names.push(` a${i}="1"`);
  if (duplicateLast) names[count - 1] = ' a0="1"';
  return onRoot(names.join(''));
}

/** `count` empty `<Z/>` elements after `</DettaglioLinee>` (4 bytes each). */
export function manyEmptyElementsXml(count: number): string {
  return afterLines('<Z/>'.repeat(count));
}

/** The largest number of `<Z/>` that keeps the file within `maxBytes` (the probe's 4.96 MB case). */
export function maxEmptyElements(maxBytes = 5_000_000): number {
  return Math.floor((maxBytes - base().length) / 4);
}

/** `count` unknown elements each nested `depth` deep (`<Z><Z>…</Z></Z>`) after `</DettaglioLinee>`. */
export function deepNestingXml(depth: number, count = 1): string {
  const one = '<Z>'.repeat(depth) + '</Z>'.repeat(depth);
  return afterLines(one.repeat(count));
}

/** `count` namespace declarations on the root, all binding distinct prefixes. */
export function manyNamespaceDeclarationsXml(count: number): string {
  const declarations: string[] = [];
  for (let i = 0; i < count; i++) declarations.push(` xmlns:n${i}="urn:n${i}"`);
  return onRoot(declarations.join(''));
}

/**
 * `count` sibling elements that each declare and undo `perElement` prefixes already bound on an ancestor:
 * the namespace undo stack grows and shrinks with every element.
 */
export function namespaceChurnXml(count: number, perElement: number): string {
  let declarations = '';
  for (let i = 0; i < perElement; i++) declarations += ` xmlns:p${i}="urn:q${i}"`;
  return afterLines(`<Z${declarations}/>`.repeat(count));
}

/** One element whose name is `length` characters long, after `</DettaglioLinee>`. */
export function longElementNameXml(length: number): string {
  const name = `Z${'z'.repeat(length - 1)}`;
  return afterLines(`<${name}/>`);
}

/** `count` elements with distinct names of `length` characters, after `</DettaglioLinee>`. */
export function manyLongNamesXml(count: number, length: number): string {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const suffix = String(i);
    parts.push(`<Z${'z'.repeat(length - 1 - suffix.length)}${suffix}/>`);
  }
  return afterLines(parts.join(''));
}

/** The same expanded attribute name {urn:x}z reached through two prefixes bound to the same URI. */
export function sameExpandedNameXml(): string {
  return onRoot(' xmlns:a="urn:x" xmlns:b="urn:x" a:z="1" b:z="2"');
}

/** `count` namespace declarations on the root whose value is not a URI reference (each one a problem). */
export function manyBadNamespacesXml(count: number): string {
  const declarations: string[] = [];
  for (let i = 0; i < count; i++) declarations.push(` xmlns:n${i}="not a uri"`);
  return onRoot(declarations.join(''));
}

/** `count` percentage discounts on the first line: each one widens the exact line-total arithmetic. */
export function manyDiscountsXml(count: number): string {
  const xml = base();
  const anchor = '</PrezzoUnitario>';
  const at = xml.indexOf(anchor) + anchor.length;
  const discount =
    '<ScontoMaggiorazione><Tipo>SC</Tipo><Percentuale>1.00</Percentuale></ScontoMaggiorazione>';
  return xml.slice(0, at) + discount.repeat(count) + xml.slice(at);
}

/** A PrezzoUnitario of `digits` digits (a schema error the content checks must not choke on). */
export function longDecimalXml(digits: number): string {
  return base().replace('<PrezzoUnitario>10.00000000<', `<PrezzoUnitario>1.${'0'.repeat(digits)}<`);
}
