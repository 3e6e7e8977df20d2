import { spawnSync } from 'node:child_process';

/**
 * Programs of the operating system some tests check against (openssl, Info-ZIP's unzip): a second, independent
 * reader of what Scambio writes. On a machine with only Node their tests skip, saying which program is missing
 * and the one line that installs it; CI, which installs them (`.ci/run`), sets SCAMBIO_REQUIRE_TOOLS=1, and
 * there a missing program fails the run instead of passing it by skipping.
 */
export interface SystemTool {
  name: string;
  present: boolean;
  /** Why its tests skip, with the install line. */
  missing: string;
}

function systemTool(name: string, probe: string[], install: string): SystemTool {
  const present = spawnSync(name, probe, { stdio: 'ignore' }).status === 0;
  return { name, present, missing: `no ${name} on PATH (install it: ${install})` };
}

export const OPENSSL = systemTool('openssl', ['version'], 'apt-get install openssl');
export const UNZIP = systemTool('unzip', ['-v'], 'apt-get install unzip');
/** Checks SDI's XAdES signatures; CI requires it with SCAMBIO_REQUIRE_XMLSEC=1 (`.ci/run`). */
export const XMLSEC = systemTool('xmlsec1', ['--version'], 'apt-get install xmlsec1');

/** xmlsec1's verdict on a signed XML file, trusting only the CA certificate at `trustedPem`. */
export function xmlsecVerify(file: string, trustedPem: string): { ok: boolean; output: string } {
  const result = spawnSync('xmlsec1', ['--verify', '--trusted-pem', trustedPem, file], { encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/** True when the suite's tests must skip (and says why once); throws where CI requires the program. */
export function skipWithout(tool: SystemTool, suite: string): boolean {
  if (tool.present) return false;
  if (process.env.SCAMBIO_REQUIRE_TOOLS === '1')
    throw new Error(`[${suite}] ${tool.name} required: ${tool.missing}`);
  console.warn(`[${suite}] skipped: ${tool.missing}`);
  return true;
}
