/*
 * How many problems one file may report. A hostile file can hold millions of errors (1.24 million empty
 * unknown elements fit in 5 MB); reporting them all made 300 MB responses and exhausted the server's memory.
 * Like libxml2, which stops listing errors after a fixed number, validators keep the first problems in
 * document order and only count the rest, so output, memory and time stay linear with small constants.
 */

/** Problems kept per file by each validator (schema structure, SdI content checks). */
export const MAX_PROBLEMS_PER_FILE = 100;

/** The first problems of a file, at most the limit, and how many more were found but not kept. */
export interface BoundedProblems<P> {
  problems: P[];
  omitted: number;
}
