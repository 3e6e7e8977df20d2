import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { ZipOutputClosed, ZipWriter, type ZipFile } from '../../../src/sandbox-server/domain/zip-writer.ts';
import { readZip } from '../../support/zip.ts';
import { skipWithout, UNZIP } from '../../support/system-tools.ts';

/** The archive `files` make, collected from a stream that takes everything at once. */
async function zipOf(files: ZipFile[], options: ConstructorParameters<typeof ZipWriter>[1] = {}) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const zip = new ZipWriter(out, options);
  await zip.addAll(files);
  await zip.finish();
  out.end();
  return Buffer.concat(chunks);
}

const dir = mkdtempSync(join(tmpdir(), 'scambio-zip-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const noUnzip = skipWithout(UNZIP, 'zip-writer, Info-ZIP checks');

/** `unzip -t` from Info-ZIP: a second reader, independent of yauzl, that checks every CRC. */
function infoZipTest(zip: Buffer): string {
  const file = join(dir, `t-${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(file, zip);
  return execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
}

describe('the ZIP writer', () => {
  const files: ZipFile[] = [
    { name: 'IT01234567897/receive/IT09876543210_00001.xml', bytes: Buffer.from('<x>uno</x>'.repeat(200)) },
    { name: 'IT01234567897/send/vuota.xml', bytes: Buffer.alloc(0) },
    { name: 'IT01234567897/send/Caffè «Roma» 😀.xml.p7m', bytes: Buffer.from([0x30, 0x80, 0, 1, 2, 255]) },
  ];

  it('writes files that two independent readers open byte for byte, UTF-8 names included', async () => {
    const zip = await zipOf(files);
    const read = await readZip(zip);
    expect([...read.keys()]).toEqual(files.map((f) => f.name));
    for (const file of files) expect(read.get(file.name)).toEqual(Buffer.from(file.bytes));
  });

  it('writes ZIP64 records that both readers accept', async () => {
    const zip = await zipOf(files, { forceZip64: true });
    const read = await readZip(zip);
    for (const file of files) expect(read.get(file.name)).toEqual(Buffer.from(file.bytes));
    expect(zip.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
  });

  it.skipIf(noUnzip)('writes archives, ZIP64 ones too, that Info-ZIP finds no error in', async () => {
    expect(infoZipTest(await zipOf(files))).toMatch(/No errors detected/);
    expect(infoZipTest(await zipOf(files, { forceZip64: true }))).toMatch(/No errors detected/);
  });

  it('holds more than 65,535 files (ZIP64 end records)', async () => {
    const many = Array.from({ length: 65_600 }, (_, i) => ({
      name: `f/${i}.txt`,
      bytes: Buffer.from(String(i)),
    }));
    const zip = await zipOf(many, { level: 0 });
    const read = await readZip(zip);
    expect(read.size).toBe(many.length);
    expect(read.get('f/65599.txt')?.toString()).toBe('65599');
  }, 120_000);

  it('waits for a full stream to drain, so a slow reader holds at most one file in flight', async () => {
    let buffered = 0;
    let most = 0;
    const slow = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        buffered += chunk.length;
        most = Math.max(most, buffered);
        setTimeout(() => {
          buffered -= chunk.length;
          done();
        }, 1);
      },
    });
    const big = Array.from({ length: 30 }, (_, i) => ({
      name: `${i}.bin`,
      bytes: Buffer.from(Array.from({ length: 20_000 }, (_, k) => (k * 7919 + i) % 251)),
    }));
    const zip = new ZipWriter(slow);
    await zip.addAll(big);
    await zip.finish();
    // One entry's header and compressed bytes at most (about 20 KB here), never the archive (about 600 KB).
    expect(most).toBeLessThan(25_000);
  });

  it('stops with ZipOutputClosed when the stream closes under it', async () => {
    const out = new Writable({ highWaterMark: 16, write: (_chunk, _encoding, done) => setTimeout(done, 5) });
    const zip = new ZipWriter(out);
    const writing = zip.addAll(
      Array.from({ length: 50 }, (_, i) => ({ name: `${i}`, bytes: Buffer.alloc(4096, i) })),
    );
    setTimeout(() => out.destroy(), 20);
    await expect(writing).rejects.toBeInstanceOf(ZipOutputClosed);
  });
});
