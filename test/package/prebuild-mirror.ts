/**
 * What GitHub's release downloads are to better-sqlite3's install (`prebuild-install`), served from this machine:
 * a developer installing the package on Node 20 gets better-sqlite3 12's prebuilt binary from GitHub, which this
 * machine cannot reach, so without a stand-in npm compiles it from source for minutes on every run. The stand-in
 * serves the binary this repository's own install built, at the address and name prebuild-install asks for
 * (`npm_config_better_sqlite3_binary_host`). Only that outside download is replaced; everything else installs as
 * a developer's would. The bench measures the real install, compile included.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PrebuildMirror {
  /** The environment that points prebuild-install here. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startPrebuildMirror(repo: string): Promise<PrebuildMirror> {
  const moduleDir = join(repo, 'node_modules/better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(moduleDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  // prebuild-install unpacks build/Release/better_sqlite3.node from the archive into the module's folder.
  const work = mkdtempSync(join(tmpdir(), 'scambio-prebuild-'));
  const archive = join(work, name);
  execFileSync('tar', ['-czf', archive, '-C', moduleDir, 'build/Release/better_sqlite3.node']);
  const bytes = readFileSync(archive);
  rmSync(work, { recursive: true, force: true });

  const server = createServer((req, res) => {
    if (req.url === `/v${version}/${name}`) {
      res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': bytes.length });
      res.end(bytes);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = `http://127.0.0.1:${port}`;
  // prebuild-install keeps what it downloaded in npm's cache, named after the address (a new port each run): the
  // copy goes when the mirror does, so runs leave nothing behind there.
  const url = `${host}/v${version}/${name}`;
  const cacheDir = process.env.npm_config_cache ?? join(homedir(), '.npm');
  const cached = join(
    cacheDir,
    '_prebuilds',
    `${createHash('sha512').update(url).digest('hex').slice(0, 6)}-${name.replace(/[^a-zA-Z0-9.]+/g, '-')}`,
  );
  return {
    env: { npm_config_better_sqlite3_binary_host: host },
    close: () =>
      new Promise((resolve) =>
        server.close(() => {
          rmSync(cached, { force: true });
          resolve();
        }),
      ),
  };
}
