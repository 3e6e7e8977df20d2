import { createHash } from 'node:crypto';
import type { RandomSource } from '../random.ts';

/**
 * A deterministic random stream (sfc32, seeded through SHA-256 of the seed and the stream's name). Every part
 * of the seeding draws from its own named stream, so adding a company or an invoice to the plan does not shift
 * the SDI identifiers or file names drawn elsewhere: the same seed keeps giving the same data.
 */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number | string, stream: string) {
    const digest = createHash('sha256').update(`scambio-seed\u0000${seed}\u0000${stream}`).digest();
    this.a = digest.readUInt32LE(0);
    this.b = digest.readUInt32LE(4);
    this.c = digest.readUInt32LE(8);
    this.d = digest.readUInt32LE(12);
    // The generator's recommended warm-up, so nearby seeds do not start alike.
    for (let i = 0; i < 15; i++) this.next();
  }

  /** A uniform 32-bit unsigned integer. */
  next(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** A number in [0, 1). */
  fraction(): number {
    return this.next() / 2 ** 32;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.fraction() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.fraction() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.fraction() * items.length)]!;
  }

  /** One item, each as likely as its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let point = this.fraction() * total;
    for (const [item, weight] of items) {
      point -= weight;
      if (point < 0) return item;
    }
    return items[items.length - 1]![0];
  }

  /** `count` distinct items in random order (all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(this.fraction() * (i + 1));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(0, count);
  }

  /** The server's RandomSource shape (bytes), drawn from this stream: SDI identifiers, file names, message ids. */
  source(): RandomSource {
    return (length) => {
      const out = new Uint8Array(length);
      for (let i = 0; i < length; i += 4) {
        const value = this.next();
        for (let k = 0; k < 4 && i + k < length; k++) out[i + k] = (value >>> (8 * k)) & 0xff;
      }
      return out;
    };
  }
}
