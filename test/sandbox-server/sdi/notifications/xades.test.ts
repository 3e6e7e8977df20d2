import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Send } from '../../../../src/shared/api/types.ts';
import { sandboxCaPaths } from '../../../../src/sandbox-server/signing/index.ts';
import { italianVat } from '../../../support/invoices.ts';
import { XMLSEC, xmlsecVerify } from '../../../support/system-tools.ts';
import type { ApiCaller, TestSandbox } from '../../../support/sandbox.ts';
import { advance, sendOf, startSdiSandbox, submit, updatesOf, type SubmitOptions } from '../sdi-sandbox.ts';
import {
  disposeValidators,
  referenceAvailable,
  schemaErrors,
  warnIfReferenceMissing,
} from './reference-schemas.ts';

/**
 * Every notification the simulated SDI issues, of both families, carries SdI's XAdES-BES signature and
 * verifies with xmlsec1 against the data folder's sandbox CA. CI installs xmlsec1 and sets
 * SCAMBIO_REQUIRE_XMLSEC=1, so there the test fails instead of skipping when the binary is missing.
 */
const xmlsecMissing = XMLSEC.present ? null : XMLSEC.missing;
warnIfReferenceMissing('XAdES notifications');

let sandbox: TestSandbox;
let caller: ApiCaller;
let work: string;

beforeAll(async () => {
  ({ sandbox } = await startSdiSandbox());
  caller = sandbox.caller('xades');
  work = mkdtempSync(join(tmpdir(), 'scambio-xades-'));
});
afterAll(async () => {
  disposeValidators();
  rmSync(work, { recursive: true, force: true });
  await sandbox.close();
});

interface Outcome {
  name: string;
  submit: SubmitOptions;
  /** Sandbox time to let pass after the submission (the steps after delivery). */
  wait?: string;
  state: string;
  message: string;
}

let vat = 900;
const outcomes: Outcome[] = [
  { name: 'B2B RC', submit: { codiceDestinatario: 'ABC1234' }, state: 'Consegnato', message: 'RC' },
  {
    name: 'B2B NS',
    submit: { headers: { 'Sandbox-Scenario': 'scarto=00404' } },
    state: 'Scartato',
    message: 'NS',
  },
  {
    name: 'B2B MC',
    submit: { codiceDestinatario: '0000000' },
    state: 'ImpossibilitaDiRecapito',
    message: 'MC',
  },
  { name: 'PA RC', submit: { format: 'FPA12' }, state: 'Consegnato', message: 'RC' },
  {
    name: 'PA NS',
    submit: { format: 'FPA12', headers: { 'Sandbox-Scenario': 'scarto=00404' } },
    state: 'Scartato',
    message: 'NS',
  },
  {
    name: 'PA NE EC01',
    submit: { format: 'FPA12', headers: { 'Sandbox-Scenario': 'esito=EC01' } },
    state: 'AccettatoDalDestinatario',
    message: 'NE',
  },
  {
    name: 'PA NE EC02',
    submit: { format: 'FPA12', headers: { 'Sandbox-Scenario': 'esito=EC02' } },
    state: 'RifiutatoDalDestinatario',
    message: 'NE',
  },
  { name: 'PA DT', submit: { format: 'FPA12' }, wait: '15d', state: 'DecorrenzaTermini', message: 'DT' },
  {
    name: 'PA MC',
    submit: { format: 'FPA12', headers: { 'Sandbox-Scenario': 'deliver=NonConsegnato' } },
    state: 'NonConsegnato',
    message: 'MC',
  },
  {
    name: 'PA AT',
    submit: { format: 'FPA12', headers: { 'Sandbox-Scenario': 'deliver=NonConsegnato' } },
    wait: '10d',
    state: 'AttestazioneTrasmissioneFattura',
    message: 'AT',
  },
];

/** xmlsec1's verdict on one file, trusting only the sandbox CA. */
function verifyWithSandboxCa(fileName: string, xml: string): { ok: boolean; output: string } {
  const path = join(work, fileName);
  writeFileSync(path, xml);
  return xmlsecVerify(path, sandboxCaPaths(sandbox.dataDir).certificatePem);
}

async function notificationsOf(send: Send): Promise<{ name: string; xml: string }[]> {
  const files: { name: string; xml: string }[] = [];
  for (const update of await updatesOf(caller, send.id)) {
    if (update.state === 'Inviato') continue;
    const res = await caller.get(`/v1/update/${update.id}/notification`);
    expect(res.status).toBe(200);
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '';
    files.push({ name, xml: res.text });
  }
  return files;
}

describe('SDI notifications signed with XAdES-BES', () => {
  it(
    'every outcome’s notifications verify with xmlsec1 against the sandbox CA and fit the schema',
    {
      timeout: 60_000,
    },
    async (context) => {
      if (xmlsecMissing !== null) {
        if (process.env.SCAMBIO_REQUIRE_XMLSEC === '1') throw new Error(`xmlsec1 required: ${xmlsecMissing}`);
        console.warn(`[XAdES notifications] skipped: ${xmlsecMissing}`);
        return context.skip(xmlsecMissing);
      }
      const seen = new Set<string>();
      for (const outcome of outcomes) {
        const sent = await submit(caller, { supplierVat: italianVat(vat++), ...outcome.submit });
        await advance(caller);
        if (outcome.wait) await advance(caller, outcome.wait);
        const send = await sendOf(caller, sent.id);
        expect(send.latest_state, outcome.name).toBe(outcome.state);
        const files = await notificationsOf(send);
        expect(files.at(-1)?.name, outcome.name).toMatch(new RegExp(`_${outcome.message}_\\d{3}\\.xml$`));
        for (const { name, xml } of files) {
          seen.add(name.replace(/^.*_([A-Z]{2})_\d{3}\.xml$/, `${send.format} $1`));
          expect(xml, name).toContain('<ds:Signature ');
          expect(xml, name).toContain('http://www.w3.org/2002/06/xmldsig-filter2');
          expect(xml, name).toMatch(
            /<xades:SignedProperties Id="[^"]+"><xades:SignedSignatureProperties><xades:SigningTime>/,
          );
          const verdict = verifyWithSandboxCa(`${outcome.name.replace(/ /g, '-')}-${name}`, xml);
          expect(verdict.output, `${outcome.name}: ${name}`).toMatch(
            /SignedInfo References \(ok\/all\): 3\/3/,
          );
          expect(verdict.ok, `${outcome.name}: ${name}\n${verdict.output}`).toBe(true);
          if (referenceAvailable) {
            const schema = send.format === 'FPA12' ? 'paStrict' : 'b2bStrict';
            expect(schemaErrors(schema, xml), `${outcome.name}: ${name}`).toEqual([]);
          }
        }
      }
      expect([...seen].sort()).toEqual([
        'FPA12 AT',
        'FPA12 DT',
        'FPA12 MC',
        'FPA12 NE',
        'FPA12 NS',
        'FPA12 RC',
        'FPR12 MC',
        'FPR12 NS',
        'FPR12 RC',
      ]);
    },
  );

  it('xmlsec1 rejects a tampered notification and one checked without the sandbox CA', async (context) => {
    if (xmlsecMissing !== null) {
      if (process.env.SCAMBIO_REQUIRE_XMLSEC === '1') throw new Error(`xmlsec1 required: ${xmlsecMissing}`);
      return context.skip(xmlsecMissing);
    }
    const sent = await submit(caller, { supplierVat: italianVat(vat++), codiceDestinatario: 'ABC1234' });
    await advance(caller);
    const [rc] = await notificationsOf(await sendOf(caller, sent.id));
    expect(verifyWithSandboxCa('good.xml', rc!.xml).ok).toBe(true);
    const tampered = rc!.xml.replace(
      /<DataOraConsegna>(\d{4})/,
      (_, year: string) => `<DataOraConsegna>${Number(year) + 1}`,
    );
    expect(tampered).not.toBe(rc!.xml);
    expect(verifyWithSandboxCa('tampered.xml', tampered).ok).toBe(false);
    const signingTime = rc!.xml.replace(
      /<xades:SigningTime>(\d{4})/,
      (_, year: string) => `<xades:SigningTime>${Number(year) + 1}`,
    );
    expect(verifyWithSandboxCa('signing-time.xml', signingTime).ok).toBe(false);
    if (referenceAvailable) {
      // The strict B2B schema really asks for the signature.
      const unsigned = rc!.xml.replace(/ {2}<ds:Signature [^]*<\/ds:Signature>\n/, '');
      expect(schemaErrors('b2bStrict', unsigned).join('\n')).toMatch(/Signature/);
    }
    const path = join(work, 'untrusted.xml');
    writeFileSync(path, rc!.xml);
    expect(spawnSync('xmlsec1', ['--verify', path]).status).not.toBe(0);
  });
});
