import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const repo = new URL('../../', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const config = parse(readFileSync(join(repo, 'build/electron-builder.yml'), 'utf8')) as Record<
  string,
  unknown
>;

/** electron-builder's own validator (its JSON schema plus its deprecation checks), as `npm run dist` runs it. */
const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  validateConfiguration(config: unknown, logger: { isEnabled: boolean; add(): void }): Promise<void>;
};
const quietLogger = { isEnabled: false, add: () => {} };

describe('the packaging configuration', () => {
  it('passes electron-builder’s own validation', async () => {
    await validateConfiguration(structuredClone(config), quietLogger);
  });

  it('is really validated: a misspelt option is refused', async () => {
    await expect(validateConfiguration({ ...config, asarUnpak: [] }, quietLogger)).rejects.toThrow(
      /asarUnpak/,
    );
  });

  it('targets AppImage and deb, dmg, and nsis', () => {
    expect(config.linux).toMatchObject({ target: ['AppImage', 'deb'] });
    expect(config.mac).toMatchObject({ target: ['dmg'] });
    expect(config.win).toMatchObject({ target: ['nsis'] });
  });

  it('has an icon large enough for every platform (a PNG of at least 512×512)', () => {
    const png = readFileSync(join(repo, config.icon as string));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(512);
    expect(png.readUInt32BE(20)).toBeGreaterThanOrEqual(512);
  });

  it('unpacks from the asar exactly the native modules the app loads, and ships their binaries', () => {
    const unpacked = config.asarUnpack as string[];
    expect(unpacked).toEqual(['node_modules/better-sqlite3-napi/**', 'node_modules/keytar/**']);
    const napi = join(repo, 'node_modules/better-sqlite3-napi');
    for (const platform of ['linux-x64', 'darwin-arm64', 'darwin-x64', 'win32-x64']) {
      expect(() => readFileSync(join(napi, 'prebuilds', `${platform}.node`))).not.toThrow();
    }
    // The Node 20 build stays out of the app; Electron never loads it (src/sandbox-server/store/sqlite-driver.ts).
    expect(config.files).toContain('!node_modules/better-sqlite3/**');
  });

  it('flips the Electron Fuses of the checklist in the packaged binary', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      grantFileProtocolExtraPrivileges: false,
      enableCookieEncryption: true,
    });
    // What those two rely on: the app packed into app.asar, with its integrity hash embedded.
    expect(config.asar).not.toBe(false);
    expect(config.disableAsarIntegrity).not.toBe(true);
    // electron-builder flips them with @electron/fuses, which must be installed for `npm run dist`.
    expect(() =>
      require.resolve('@electron/fuses', { paths: [require.resolve('app-builder-lib')] }),
    ).not.toThrow();
  });

  it('is really validated: a misspelt fuse is refused', async () => {
    await expect(
      validateConfiguration(
        { ...config, electronFuses: { ...(config.electronFuses as object), runAsNod: false } },
        quietLogger,
      ),
    ).rejects.toThrow(/configuration\.electronFuses/);
  });

  it('builds the renderer with relative asset URLs, which resolve under app://scambio/ as under /app/', async () => {
    const { rendererConfig } = await import('../../electron.vite.config.ts');
    expect(rendererConfig.base).toBe('./');
  });

  it('starts from the built main process', () => {
    const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { main: string };
    expect(pkg.main).toBe('out/main/index.js');
    expect(config.files).toContain('out/**');
  });
});
