import { format, parseDecimal } from '../../../src/shared/fatturapa/sdi-checks/decimal.ts';

/**
 * path → value of the model's JSON, for comparing two documents the way the XSD reads them: decimals by value
 * ("10.00000" = "10.00"), whitespace collapsed, ds:Signature left out. Repeated elements get [i].
 */
export function flatten(json: unknown, skip: (path: string) => boolean = () => false): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (value: unknown, path: string): void => {
    if (skip(path)) return;
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, `${path}[${i + 1}]`));
      return;
    }
    if (typeof value === 'object' && value !== null) {
      for (const [key, member] of Object.entries(value)) {
        if (key === 'Signature') continue;
        walk(member, path === '' ? key : `${path}/${key}`);
      }
      return;
    }
    out.set(path, normalise(String(value)));
  };
  walk(json, '');
  return out;
}

function normalise(value: string): string {
  const collapsed = value.replace(/\s+/g, ' ').trim();
  if (/^-?\d+\.\d+$/.test(collapsed)) {
    const parsed = parseDecimal(collapsed);
    if (parsed !== null) return format(parsed, 2);
  }
  return collapsed;
}

export interface Difference {
  path: string;
  original: string | undefined;
  composed: string | undefined;
}

export function differences(original: Map<string, string>, composed: Map<string, string>): Difference[] {
  const paths = new Set([...original.keys(), ...composed.keys()]);
  return [...paths]
    .filter((path) => original.get(path) !== composed.get(path))
    .map((path) => ({ path, original: original.get(path), composed: composed.get(path) }));
}
