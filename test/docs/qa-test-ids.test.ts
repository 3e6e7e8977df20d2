import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../../src/shared/gateway/channels.ts';

const repo = new URL('../../', import.meta.url).pathname;

/**
 * Every test id the renderer sets: `data-testid="…"`, `testId="…"`, `testId: '…'`, `'data-testid': '…'` (props
 * passed on), plus one `nav-<screen>` each.
 */
function rendererTestIds(): Set<string> {
  const ids = new Set(SCREENS.map((screen) => `nav-${screen}`));
  for (const file of readdirSync(join(repo, 'src/renderer'), { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file)) continue;
    const text = readFileSync(join(repo, 'src/renderer', file), 'utf8');
    for (const match of text.matchAll(/(?:data-testid|testId)['"]?(?:=|: )["']([a-z-]+)["']/g))
      ids.add(match[1]!);
  }
  return ids;
}

// QA scripts are written against docs/qa.md: an id it lists and the UI lacks would fail them for nothing.
describe('docs/qa.md', () => {
  it('lists only test ids the UI really has, and every screen of the navigation', () => {
    const doc = readFileSync(join(repo, 'docs/qa.md'), 'utf8');
    const table = doc.slice(doc.indexOf('## Test ids'), doc.indexOf('## Set up data'));
    // Attribute names (`data-state`…) describe ids; they are not ids themselves.
    const documented = [...table.matchAll(/`([a-z]+(?:-[a-z]+)*)`/g)]
      .map((m) => m[1]!)
      .filter((id) => !id.startsWith('data-'));
    const ids = rendererTestIds();
    expect(documented.length).toBeGreaterThan(40);
    expect(documented.filter((id) => !ids.has(id))).toEqual([]);
    expect(SCREENS.map((s) => `nav-${s}`).filter((id) => !documented.includes(id))).toEqual([]);
  });
});
