import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/sandbox-server/clock.ts';
import { openSandboxStore } from '../../../src/sandbox-server/data-folder.ts';
import { ApiKeyService } from '../../../src/sandbox-server/domain/api-keys.ts';
import { cryptoRandom } from '../../../src/sandbox-server/random.ts';
import type { Store } from '../../../src/sandbox-server/store/store.ts';

/** A key chosen by the caller (`serve --key`), in a real data folder's SQLite file. */
const CHOSEN = `ik_test_${'k'.repeat(36)}`;

const opened: { store: Store; dir: string }[] = [];
afterEach(() => {
  for (const { store, dir } of opened.splice(0)) {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

function keys(): ApiKeyService {
  const dir = mkdtempSync(join(tmpdir(), 'scambio-keys-'));
  const store = openSandboxStore(dir);
  opened.push({ store, dir });
  return new ApiKeyService(store, systemClock, cryptoRandom);
}

describe('a key the caller chose (adopt)', () => {
  it('becomes valid in the account, once: the same key again changes nothing', () => {
    const service = keys();
    const first = service.adopt(CHOSEN, 'ci');
    expect(first).toMatchObject({
      ok: true,
      created: true,
      record: { accountName: 'ci', environment: 'test' },
    });
    expect(service.authenticate(CHOSEN)?.accountName).toBe('ci');
    expect(service.adopt(CHOSEN, 'ci')).toMatchObject({ ok: true, created: false });
    expect(service.list()).toHaveLength(1);
  });

  it('is refused when malformed, revoked, or another account’s', () => {
    const service = keys();
    expect(service.adopt('ik_test_short', 'ci')).toEqual({ ok: false, reason: 'malformed' });
    expect(service.adopt(`sk_test_${'k'.repeat(36)}`, 'ci')).toEqual({ ok: false, reason: 'malformed' });
    service.adopt(CHOSEN, 'ci');
    expect(service.adopt(CHOSEN, 'someone-else')).toEqual({ ok: false, reason: 'other-account' });
    expect(service.revoke(CHOSEN)).toBe(true);
    expect(service.adopt(CHOSEN, 'ci')).toEqual({ ok: false, reason: 'revoked' });
    expect(service.authenticate(CHOSEN)).toBeNull();
  });
});
