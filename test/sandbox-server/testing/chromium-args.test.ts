import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS } from '../../../src/sandbox-server/testing/browser.ts';

const featuresOf = (arg: string) => arg.slice('--disable-features='.length).split(',');

describe('the kit’s Chromium flags', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keep every feature Playwright turns off: Chromium reads only the last --disable-features', async () => {
    // A stand-in browser that writes down the command line Playwright gives it, then exits.
    dir = mkdtempSync(join(tmpdir(), 'scambio-chromium-args-'));
    const browser = join(dir, 'browser.sh');
    writeFileSync(browser, `#!/bin/sh\nprintf '%s\\n' "$@" > '${join(dir, 'args')}'\nexit 1\n`);
    chmodSync(browser, 0o755);
    await expect(
      chromium.launch({ executablePath: browser, args: [...CHROMIUM_ARGS], timeout: 10_000 }),
    ).rejects.toThrow();

    const given = readFileSync(join(dir, 'args'), 'utf8').split('\n');
    const lists = given.filter((arg) => arg.startsWith('--disable-features='));
    expect(lists).toHaveLength(2);
    const [playwrights, ours] = lists.map(featuresOf) as [string[], string[]];
    expect(playwrights.filter((feature) => !ours.includes(feature))).toEqual([]);
    expect(ours).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
  });
});
