import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

const repo = resolve(import.meta.dirname, '../..');

/** Every TypeScript source file under a folder of the repository, as absolute paths. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(join(repo, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => join(repo, dir, f));
}

/** Every module specifier a file names: static imports and re-exports, `import()` and side-effect imports. */
export function importSpecifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...text.matchAll(
      /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'|import\s*\(\s*'([^']+)'\s*\)|import\s+'([^']+)'/g,
    ),
  ].map((m) => (m[1] ?? m[2] ?? m[3])!);
}

/** What loading a module loads before any of its code runs: source files and npm packages. */
export interface StaticImports {
  files: Set<string>;
  packages: Set<string>;
}

const BUILTINS = new Set(builtinModules);

/** Import and re-export specifiers that load code at run time: `import type`, `export type` and `import()` do not. */
function runtimeSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause?.isTypeOnly === true ||
        (clause !== undefined &&
          clause.name === undefined &&
          clause.namedBindings !== undefined &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      const typeOnly =
        statement.isTypeOnly ||
        (statement.exportClause !== undefined &&
          ts.isNamedExports(statement.exportClause) &&
          statement.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

/** The package a bare specifier names: `@scope/name/sub` → `@scope/name`, `pino/file` → `pino`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Every source file and package `entry` loads statically, transitively (dynamic `import()` left out). */
export function staticImports(entry: string): StaticImports {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [resolve(entry)];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of runtimeSpecifiers(file)) {
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier);
        if (!existsSync(target)) throw new Error(`${file} imports ${specifier}, which does not exist`);
        pending.push(target);
      } else if (!specifier.startsWith('node:') && !BUILTINS.has(specifier)) {
        packages.add(packageName(specifier));
      }
    }
  }
  return { files, packages };
}
