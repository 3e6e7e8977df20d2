/**
 * Navigation over the tree built by parseInvoiceXml. Elements that may repeat are an array in some files and a
 * single value in others (unless listed in ALWAYS_ARRAY_ELEMENTS), so every accessor treats "one value or an
 * array" the same way, and every node carries the path that problems report.
 */

export interface NodeRef {
  node: unknown;
  path: string;
}

export interface TextRef {
  value: string;
  path: string;
}

export function rootRef(root: Record<string, unknown>): NodeRef {
  return { node: root, path: '' };
}

function join(parent: string, name: string): string {
  return parent === '' ? name : `${parent}/${name}`;
}

function raw(node: unknown, name: string): unknown[] {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return [];
  const value = (node as Record<string, unknown>)[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** First occurrence of a child element; the path has no index (for elements that occur at most once). */
export function child(ref: NodeRef | undefined, name: string): NodeRef | undefined {
  if (ref === undefined) return undefined;
  const values = raw(ref.node, name);
  return values.length === 0 ? undefined : { node: values[0], path: join(ref.path, name) };
}

/** All occurrences of a repeatable child element, with 1-based indexes in their paths. */
export function children(ref: NodeRef | undefined, name: string): NodeRef[] {
  if (ref === undefined) return [];
  return raw(ref.node, name).map((node, i) => ({ node, path: `${join(ref.path, name)}[${i + 1}]` }));
}

/** Follows a chain of single-occurrence children. */
export function descend(ref: NodeRef | undefined, ...names: string[]): NodeRef | undefined {
  let current = ref;
  for (const name of names) current = child(current, name);
  return current;
}

function textOf(node: unknown): string | null {
  let value = node;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    value = (value as Record<string, unknown>)['#text'];
  }
  // An empty element carries no value; the schema check reports it, the semantic checks treat it as absent.
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Text content of the first `name` child, or undefined when missing or empty. */
export function text(ref: NodeRef | undefined, name: string): TextRef | undefined {
  const element = child(ref, name);
  if (element === undefined) return undefined;
  const value = textOf(element.node);
  return value === null ? undefined : { value, path: element.path };
}

/** `path` of a child that may not exist, for problems that point at a missing element. */
export function pathOf(ref: NodeRef, ...names: string[]): string {
  return names.reduce(join, ref.path);
}
