/**
 * From the trace of the composed JSON to the field map: FatturaPA element paths, written the way the structure
 * validator and the SdI checks write them, to the draft field each came from.
 */
import type { CompiledComplex } from '../../model/compile.ts';
import { compiledModels } from '../../model/compile.ts';
import type { Json, Trace } from './trace.ts';

/** The field map of a whole composed (and pruned) document. */
export function fieldMapOf(json: Json, trace: Trace): Map<string, string> {
  const fieldMap = new Map<string, string>();
  mapFields(json, compiledModels().ordinary.complex, '', '', trace, fieldMap);
  return fieldMap;
}

/** Walks the JSON in the model's shape, writing element paths the way the validator and the checks do. */
function mapFields(
  value: Json,
  complex: CompiledComplex | null,
  path: string,
  inherited: string,
  trace: Trace,
  out: Map<string, string>,
): void {
  const own = trace.paths.get(value);
  const self = own?.get('') ?? inherited;
  if (self !== '') out.set(path, self);
  for (const key of Object.keys(value)) {
    if (key.startsWith('@')) continue;
    const slot = complex?.byName.get(key);
    const member = value[key];
    const items = Array.isArray(member) ? member : [member];
    items.forEach((item, i) => {
      const segment = slot?.repeated === true || items.length > 1 ? `${key}[${i + 1}]` : key;
      const childPath = path === '' ? segment : `${path}/${segment}`;
      const leaf = own?.get(key);
      if (typeof item === 'object' && item !== null) {
        mapFields(item as Json, slot?.complex ?? null, childPath, leaf ?? self, trace, out);
      } else {
        const target = leaf ?? self;
        if (target !== '') out.set(childPath, target);
      }
    });
  }
}

/**
 * The draft field for a FatturaPA path (a problem's `path`): the longest mapped prefix, so a problem on a
 * missing child (`…/DettaglioLinee[3]/Descrizione` when it was left out) still lands on the line. '' when
 * nothing matches (file-level problems).
 */
export function draftFieldOf(fieldMap: ReadonlyMap<string, string>, path: string): string {
  let candidate = path;
  while (candidate !== '') {
    const found = fieldMap.get(candidate);
    if (found !== undefined) return found;
    const cut = candidate.lastIndexOf('/');
    candidate = cut < 0 ? '' : candidate.slice(0, cut);
  }
  return '';
}
