import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/renderer/locales/en.ts';

const renderer = new URL('../../src/renderer/', import.meta.url).pathname;

/** Keys looked up with a computed part (`state.${state}`): their families count as used as a whole. */
const COMPUTED = [
  'state.',
  'profile.environment.',
  'language.',
  'nav.',
  'export.type.',
  'export.period.',
  'log.outcome.',
  'profiles.reason.',
  'table.',
  'send.phase.',
  'stateDescription.',
];

/** i18next plural forms (`found_one`, `found_other`) are looked up by their base key with a count. */
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

function keys(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : keys(value as Record<string, unknown>, `${prefix}${key}.`),
  );
}

// The catalogs are checked against each other by their type; this checks them against the code, so a text
// translated three times is not also dead three times.
describe('UI messages', () => {
  it('are all used by the renderer', () => {
    const source = readdirSync(renderer, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.startsWith('locales'))
      .map((file) => readFileSync(join(renderer, file), 'utf8'))
      .join('\n');
    const unused = keys(en).filter(
      (key) => !source.includes(`'${baseKey(key)}'`) && !COMPUTED.some((family) => key.startsWith(family)),
    );
    expect(unused).toEqual([]);
  });
});
