/**
 * Which draft field each part of the composed JSON came from. A section records, for each object it builds, the
 * draft path of the object itself and of its leaves; field-map.ts reads the records once the document is whole,
 * so no section has to know the element paths (`…/DettaglioLinee[3]/…`) the checks write.
 */

/** An element of the JSON being composed, in the model's shape (json-types.ts), before blanks are pruned. */
export type Json = Record<string, unknown>;

/** Draft paths of the JSON built: per object, '' for the object itself and one entry per leaf key. */
export class Trace {
  readonly paths = new WeakMap<object, Map<string, string>>();

  node<T extends object>(object: T, draftPath: string, leaves: Record<string, string> = {}): T {
    const map = this.paths.get(object) ?? new Map<string, string>();
    if (draftPath !== '') map.set('', draftPath);
    for (const [name, path] of Object.entries(leaves)) map.set(name, path);
    this.paths.set(object, map);
    return object;
  }
}
