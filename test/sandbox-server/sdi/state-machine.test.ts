import { describe, expect, it } from 'vitest';
import type { Company, SendState } from '../../../src/shared/api/types.ts';
import { routeInvoice } from '../../../src/sandbox-server/sdi/routing.ts';
import { effectiveScenario, parseScenarioHeader } from '../../../src/sandbox-server/sdi/scenario.ts';
import {
  canTransition,
  finishedStates,
  isFinal,
  TRANSITIONS,
} from '../../../src/sandbox-server/sdi/transitions.ts';

describe('the SDI state machine (sdi-rules.md §c)', () => {
  it('allows every documented transition and refuses every other family × from × to', () => {
    // Written out from sdi-rules.md §c on purpose, not derived from TRANSITIONS: a transition added to the table
    // by mistake (or one dropped) turns this red, whichever SDI test would have stayed green.
    const allowed = new Set([
      'pa:null>Inviato',
      'b2b:null>Inviato',
      'pa:Inviato>Scartato',
      'b2b:Inviato>Scartato',
      'pa:Inviato>Consegnato',
      'b2b:Inviato>Consegnato',
      'pa:NonConsegnato>Consegnato',
      'b2b:NonConsegnato>Consegnato',
      'b2b:Inviato>ImpossibilitaDiRecapito',
      'pa:Inviato>NonConsegnato',
      'pa:Consegnato>AccettatoDalDestinatario',
      'pa:Consegnato>RifiutatoDalDestinatario',
      'pa:Consegnato>DecorrenzaTermini',
      'pa:NonConsegnato>AttestazioneTrasmissioneFattura',
    ]);
    const states = Object.keys(TRANSITIONS) as SendState[];
    expect(states).toHaveLength(9);
    const seen: string[] = [];
    for (const family of ['pa', 'b2b'] as const) {
      for (const from of [null, ...states]) {
        for (const to of states) {
          const triple = `${family}:${from}>${to}`;
          if (canTransition(family, from, to)) seen.push(triple);
          expect(canTransition(family, from, to), triple).toBe(allowed.has(triple));
        }
      }
    }
    // 2 families × 10 origins × 9 targets, every one decided.
    expect(seen.sort()).toEqual([...allowed].sort());
  });

  it('knows when SDI is done: Consegnato ends a B2B invoice but not a PA one', () => {
    expect(isFinal('b2b', 'Consegnato')).toBe(true);
    expect(isFinal('pa', 'Consegnato')).toBe(false);
    expect(isFinal('pa', 'DecorrenzaTermini')).toBe(true);
    expect(isFinal('b2b', null)).toBe(false);
    expect(finishedStates()).toEqual({
      always: [
        'Scartato',
        'ImpossibilitaDiRecapito',
        'AccettatoDalDestinatario',
        'RifiutatoDalDestinatario',
        'DecorrenzaTermini',
        'AttestazioneTrasmissioneFattura',
      ],
      exceptPa: ['Consegnato'],
    });
  });

  it('names the message SDI sends for each state', () => {
    const messages = Object.fromEntries(Object.entries(TRANSITIONS).map(([state, t]) => [state, t.message]));
    expect(messages).toEqual({
      Inviato: null,
      Scartato: 'NS',
      Consegnato: 'RC',
      ImpossibilitaDiRecapito: 'MC',
      NonConsegnato: 'MC',
      AccettatoDalDestinatario: 'NE',
      RifiutatoDalDestinatario: 'NE',
      DecorrenzaTermini: 'DT',
      AttestazioneTrasmissioneFattura: 'AT',
    });
  });
});

describe('the Sandbox-Scenario header', () => {
  it('reads one or several steps', () => {
    expect(parseScenarioHeader('scarto=00404')).toEqual({ scarto: '00404' });
    expect(parseScenarioHeader('deliver=impossibilitaDiRecapito; esito=ec02, delay=30s')).toEqual({
      deliver: 'ImpossibilitaDiRecapito',
      esito: 'EC02',
      delayMs: 30_000,
    });
  });

  it('says what is wrong with a malformed one', () => {
    expect(parseScenarioHeader('scarto=404')).toMatch(/5-digit/);
    expect(parseScenarioHeader('deliver=Lost')).toMatch(/deliver must be one of/);
    expect(parseScenarioHeader('delay=soon')).toMatch(/duration/);
    expect(parseScenarioHeader('explode=1')).toMatch(/unknown step/);
    expect(parseScenarioHeader('scarto')).toMatch(/name=value/);
  });

  it('wins over magic values, and neither applies to live keys', () => {
    expect(effectiveScenario('test', undefined, 'SBXACC', 'FPA12')).toEqual({ esito: 'EC01' });
    expect(effectiveScenario('test', { esito: 'EC02' }, 'SBXACC', 'FPA12')).toEqual({ esito: 'EC02' });
    expect(effectiveScenario('test', undefined, 'SBXACC', 'FPR12')).toEqual({});
    expect(effectiveScenario('test', undefined, 'SBXMC01', 'FPR12')).toEqual({
      deliver: 'ImpossibilitaDiRecapito',
    });
    expect(effectiveScenario('live', { scarto: '00404' }, 'SBXMC01', 'FPR12')).toEqual({});
  });
});

describe('routing (sandbox-scenarios.md "Where an invoice goes")', () => {
  const local = { id: 1 } as Company;
  const route = (input: Partial<Parameters<typeof routeInvoice>[0]>) =>
    routeInvoice({
      family: 'b2b',
      codiceDestinatario: 'ABC1234',
      pecDestinatario: null,
      localRecipient: null,
      ...input,
    });

  it('prefers a local recipient, then the SCAMBIO channel, then the code', () => {
    expect(route({ localRecipient: local, codiceDestinatario: '0000000' })).toMatchObject({ via: 'local' });
    expect(route({ codiceDestinatario: 'SCAMBIO' })).toEqual({ state: 'Consegnato', via: 'held' });
    expect(route({ codiceDestinatario: '0000000' })).toEqual({
      state: 'ImpossibilitaDiRecapito',
      via: 'none',
    });
    expect(route({ codiceDestinatario: '0000000', pecDestinatario: 'a@pec.it' })).toMatchObject({
      via: 'external',
    });
    expect(route({ codiceDestinatario: 'XXXXXXX' })).toMatchObject({ state: 'ImpossibilitaDiRecapito' });
    expect(route({ family: 'pa', codiceDestinatario: 'UFY9MH' })).toMatchObject({ via: 'external' });
  });

  it('obeys a forced outcome, in the terms of the invoice’s family', () => {
    expect(route({ localRecipient: local, forced: 'ImpossibilitaDiRecapito' })).toMatchObject({
      state: 'ImpossibilitaDiRecapito',
    });
    expect(route({ family: 'pa', forced: 'ImpossibilitaDiRecapito' })).toMatchObject({
      state: 'NonConsegnato',
    });
    expect(route({ codiceDestinatario: '0000000', forced: 'Consegnato' })).toMatchObject({ via: 'external' });
  });
});
