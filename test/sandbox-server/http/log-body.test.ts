import { describe, expect, it } from 'vitest';
import { logBody } from '../../../src/sandbox-server/http/event-log.ts';

/** The rule, written the plain way: encode the whole body, cut at `limit` bytes back to a character start. */
function reference(chunk: string | Buffer, limit: number): string {
  const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
  if (bytes.length <= limit) return bytes.toString('utf8');
  let end = limit;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return `${bytes.subarray(0, end).toString('utf8')}…[truncated ${bytes.length - end} bytes]`;
}

describe('the logged beginning of a response body', () => {
  it('is what cutting the whole encoded body gives, for text of every width and broken surrogates', () => {
    // One to four bytes a character, surrogate pairs, and lone halves (encoded as U+FFFD), at every cut point.
    const pieces = ['a', 'è', '€', '😀', '\ud83d', '\ude00', '"', '\u0000'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let run = 0; run < 400; run++) {
      const text = Array.from({ length: 1 + (next() % 60) }, () => pieces[next() % pieces.length]).join('');
      for (const limit of [1, 2, 3, 4, 5, 7, 16, 31, 64]) {
        expect(logBody(text, limit), JSON.stringify([text, limit])).toBe(reference(text, limit));
        const bytes = Buffer.from(text, 'utf8');
        expect(logBody(bytes, limit)).toBe(reference(bytes, limit));
      }
    }
  });

  it('keeps 4 KB of a 50 KB page and says how much was left out', () => {
    const page = JSON.stringify(
      Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Caffè ${i} 😀`.repeat(20) })),
    );
    const logged = logBody(page, 4096);
    expect(logged).toBe(reference(page, 4096));
    expect(logged).toMatch(/…\[truncated \d+ bytes\]$/);
    expect(Buffer.byteLength(logged.replace(/…\[truncated \d+ bytes\]$/, ''))).toBeLessThanOrEqual(4096);
  });
});
