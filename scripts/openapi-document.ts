import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildOpenApiDocument } from '../src/shared/api/openapi.ts';

/**
 * Writes the OpenAPI document the sandbox serves at `/v1/openapi.json` to a file, for tools that read files
 * (`npm run lint:openapi` runs @redocly/cli on it). Usage: `tsx scripts/openapi-document.ts out/openapi.json`.
 */
const target = process.argv[2];
if (!target) {
  console.error('usage: tsx scripts/openapi-document.ts <file.json>');
  process.exit(2);
}
const file = resolve(target);
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`wrote ${file}`);
