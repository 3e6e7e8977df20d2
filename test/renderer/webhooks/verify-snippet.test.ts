import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { SECRET_VARIABLE, verifySnippet } from '../../../src/renderer/webhooks/verify-snippet.ts';
import { signServicePayload } from '../../../src/shared/api/webhook-signature.ts';

const folder = mkdtempSync(join(tmpdir(), 'scambio-snippet-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Saves the snippet as the hint says and runs it with plain Node, the secret only in the environment. */
async function runSnippet(code: string, secret: string): Promise<string> {
  const file = join(folder, 'check-signature.mjs');
  writeFileSync(file, code);
  const { stdout } = await promisify(execFile)(process.execPath, [file], {
    env: { [SECRET_VARIABLE]: secret },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return stdout.trim();
}

describe('the Node.js code shown beside a received delivery', () => {
  // Signed a week "ahead", as after moving the sandbox clock: the code checks it at the moment it was signed.
  const secret = 'wh_sec_example';
  const body = '{"event":"send.add","id":7,"note":"quote \' and \\u2028 and ${x}"}';
  const t = Math.floor(Date.now() / 1000) + 7 * 86_400;

  it('says valid for the delivery as it arrived, with the right secret', async () => {
    const header = await signServicePayload(secret, body, t);
    const code = verifySnippet({ signature_header: header, body });
    expect(code).not.toContain(secret);
    expect(await runSnippet(code, secret)).toBe('valid');
  });

  it('says invalid with another secret, a changed body or no header', async () => {
    const header = await signServicePayload(secret, body, t);
    expect(await runSnippet(verifySnippet({ signature_header: header, body }), 'wh_sec_other')).toBe(
      'invalid',
    );
    expect(await runSnippet(verifySnippet({ signature_header: header, body: `${body} ` }), secret)).toBe(
      'invalid',
    );
    expect(await runSnippet(verifySnippet({ signature_header: null, body }), secret)).toBe('invalid');
  });
});
