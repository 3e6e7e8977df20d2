import { randomBytes } from 'node:crypto';

/** Randomness comes from here so tests can make it deterministic. */
export type RandomSource = (length: number) => Uint8Array;

export const cryptoRandom: RandomSource = (length) => new Uint8Array(randomBytes(length));
