import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The reference data beside the repository (<repo>/../shared/reference); never copied into the project. */
export const referenceDir = fileURLToPath(new URL('../../../shared/reference/', import.meta.url));
export const referenceAvailable = existsSync(`${referenceDir}samples`);
