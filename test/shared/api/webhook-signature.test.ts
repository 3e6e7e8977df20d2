import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signServicePayload, verifyServiceSignature } from '../../../src/shared/api/webhook-signature.ts';

const secret = 'wh_sec_test';
const body = '{"event":"send.add","resource_id":7}';
const now = new Date('2026-11-22T10:00:00Z');
const t = Math.floor(now.getTime() / 1000);

describe('webhook signatures', () => {
  it('sign t.body with HMAC-SHA256, as node:crypto computes it independently', async () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(await signServicePayload(secret, body, t)).toBe(`t=${t},v1=${expected}`);
  });

  it('verify a good signature within the tolerance, and refuse everything else', async () => {
    const header = await signServicePayload(secret, body, t);
    expect(await verifyServiceSignature(header, body, secret, 300, now)).toBe(true);
    expect(await verifyServiceSignature(header, `${body} `, secret, 300, now)).toBe(false);
    expect(await verifyServiceSignature(header, body, 'other', 300, now)).toBe(false);
    expect(await verifyServiceSignature(header, body, secret, 300, new Date(now.getTime() + 301_000))).toBe(
      false,
    );
    expect(await verifyServiceSignature(header.replace(/.$/, '0'), body, secret, 300, now)).toBe(
      header.endsWith('0'),
    );
    expect(await verifyServiceSignature(undefined, body, secret, 300, now)).toBe(false);
    expect(await verifyServiceSignature('v1=abc', body, secret, 300, now)).toBe(false);
    expect(await verifyServiceSignature(`t=x,v1=${'0'.repeat(64)}`, body, secret, 300, now)).toBe(false);
  });

  it('accept any of several v1 values, for secret rotation', async () => {
    const header = await signServicePayload(secret, body, t);
    expect(
      await verifyServiceSignature(
        `t=${t},v1=${'f'.repeat(64)},${header.split(',')[1]}`,
        body,
        secret,
        60,
        now,
      ),
    ).toBe(true);
  });
});
