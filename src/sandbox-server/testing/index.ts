/**
 * `scambio-sandbox/testing`: a fresh Scambio per test, framework-neutral (`startScambio`), with its UI (`page`), a typed
 * API client holding a sandbox key (`api`) and the sandbox's controls (`sandbox`). Playwright Test fixtures built
 * on it: `scambio-sandbox/testing/playwright`. (The npm package's names; inside this repository the same entries
 * are `scambio/testing` and `scambio/testing/playwright`.)
 */
export { startScambio, type Scambio, type StartScambioOptions } from './start.ts';
export { appLoaded, chooseLanguage, CHROMIUM_ARGS, type UiLanguage } from './browser.ts';
export { electronBinary } from './electron-host.ts';
export { SEED_PROFILES, type SeedProfile } from '../seed/profiles.ts';
export * from '../../shared/client/index.ts';
