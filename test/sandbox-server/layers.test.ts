import { readdirSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importSpecifiers, sourceFiles } from '../support/import-graph.ts';

const server = resolve(import.meta.dirname, '../../src/sandbox-server');

/**
 * The server's layers, lowest first (docs/architecture.md draws the same): every folder and file directly in
 * src/sandbox-server stands in exactly one. A module may import its own folder (or file) and anything in a layer
 * below its own; never a layer above, nor another entry of its own layer.
 */
const LAYERS: readonly (readonly string[])[] = [
  // Leaves: they import nothing of the server.
  ['crypto', 'i18n', 'workers', 'accounts.ts', 'locations.ts', 'random.ts'],
  ['store', 'signing'],
  ['clock.ts', 'data-folder.ts'],
  ['jobs'],
  ['domain'],
  ['sdi', 'local-receiver', 'webhook-tools', 'worker-tasks.ts'],
  // The wiring: the services of the server's thread, and the pool's threads.
  ['composition.ts', 'worker-thread.ts'],
  ['seed'],
  ['http'],
  ['server.ts'],
  ['proxy'],
  ['cli'],
  ['testing'],
  ['index.ts'],
];

/** The entry of src/sandbox-server a module is in (its path there): its folder, or the file itself. */
function entryOf(path: string): string {
  return path.split('/')[0]!;
}

function layerOf(entry: string): number {
  return LAYERS.findIndex((layer) => layer.includes(entry));
}

/**
 * Each module of the server and the modules of the server it imports (static, re-exports, type-only and `import()`),
 * by their paths in src/sandbox-server.
 */
const imports = new Map(
  sourceFiles('src/sandbox-server').map((file) => [
    relative(server, file),
    importSpecifiers(file)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolve(dirname(file), specifier))
      .filter((target) => target.startsWith(`${server}/`))
      .map((target) => relative(server, target)),
  ]),
);

/** The cycles of a graph: its strongly connected components of more than one node, and any node importing itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the server’s layers', () => {
  it('place every folder and file of src/sandbox-server, and only those', () => {
    const entries = readdirSync(server);
    expect(entries.filter((entry) => layerOf(entry) < 0)).toEqual([]);
    expect(LAYERS.flat().filter((entry) => !entries.includes(entry))).toEqual([]);
    expect(LAYERS.flat().length).toBe(new Set(LAYERS.flat()).size);
  });

  it('point one way: no module imports a layer above its own, or another entry of its own layer', () => {
    const wrong = [...imports].flatMap(([module, targets]) =>
      targets
        .filter((target) => {
          const [from, to] = [entryOf(module), entryOf(target)];
          return to !== from && layerOf(to) >= layerOf(from);
        })
        .map((target) => `${module} imports ${target}`),
    );
    expect(imports.size).toBeGreaterThan(50);
    // The check sees imports: the composition root does import the layers below it.
    expect(imports.get('composition.ts')).toContain('sdi/pipeline.ts');
    expect(wrong).toEqual([]);
  });

  it('hold no import cycle, between folders or between modules', () => {
    const folders = new Map<string, string[]>();
    for (const [module, targets] of imports) {
      const from = entryOf(module);
      const to = targets.map(entryOf).filter((entry) => entry !== from);
      folders.set(from, [...(folders.get(from) ?? []), ...to]);
    }
    const named = (graph: Map<string, string[]>) => cycles(graph).map((cycle) => cycle.join(' ⇄ '));
    expect({ folders: named(folders), modules: named(imports) }).toEqual({ folders: [], modules: [] });
  });

  it('would see a cycle: the check finds one in a graph made to hold one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
  });
});
