import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as client from 'scambio/client';
import * as testing from 'scambio/testing';

const repo = new URL('../../../', import.meta.url).pathname;
const NODE = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** The packages and built-ins reachable from a file through its relative imports: what `scambio/client` pulls in. */
function externalImports(
  file: string,
  files = new Set<string>(),
  specs = new Set<string>(),
): { files: Set<string>; specs: Set<string> } {
  if (files.has(file)) return { files, specs };
  files.add(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/(?:import|export)\b[^'"]*?from\s+'([^']+)'/g)) {
    const spec = match[1]!;
    if (spec.startsWith('.')) {
      const target = join(file, '..', spec);
      if (target.includes('/src/sandbox-server/') || target.includes('/src/main/')) specs.add(spec);
      else externalImports(target, files, specs);
    } else specs.add(spec);
  }
  return { files, specs };
}

describe('the package entry points', () => {
  it('resolve by name in Vitest', () => {
    expect(typeof client.ScambioClient.connect).toBe('function');
    expect(typeof client.verifyServiceSignature).toBe('function');
    expect(typeof testing.startScambio).toBe('function');
    expect(testing.ScambioClient).toBe(client.ScambioClient);
  });

  it('resolve by name in plain Node with tsx as the loader', async () => {
    const script =
      "import { ScambioClient } from 'scambio/client'; import { startScambio } from 'scambio/testing'; " +
      'console.log(typeof ScambioClient.connect, typeof startScambio)';
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: repo, timeout: 60_000 },
    );
    expect(stdout.trim()).toBe('function function');
  });

  it('keeps scambio/client free of Node, Electron and server code, so a browser bundle can take it', () => {
    const entry = join(repo, 'src/shared/client/index.ts');
    const { files, specs } = externalImports(entry);
    // It did follow the client's own modules, so this check cannot pass by reading nothing.
    expect(files.size).toBeGreaterThan(5);
    expect(
      [...specs].filter((spec) => NODE.has(spec) || spec === 'electron' || spec.startsWith('.')),
    ).toEqual([]);
    expect(readdirSync(join(repo, 'src/shared/client'))).toContain('index.ts');
  });
});
