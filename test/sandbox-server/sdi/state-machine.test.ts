import { describe, expect, it } from 'vitest';
import type { Company } from '../../../src/shared/api/types.ts';
import { routeInvoice } from '../../../src/sandbox-server/sdi/routing.ts';
import { effectiveScenario, parseScenarioHeader } from '../../../src/sandbox-server/sdi/scenario.ts';
import {
  canTransition,
  finishedStates,
  isFinal,
  TRANSITIONS,
} from '../../../src/sandbox-server/sdi/transitions.ts';

describe('the SDI state machine (sdi-rules.md §c)', () => {
  it('allows exactly the documented transitions', () => {
    expect(canTransition('b2b', null, 'Inviato')).toBe(true);
    expect(canTransition('b2b', 'Inviato', 'Scartato')).toBe(true);
    expect(canTransition('b2b', 'Inviato', 'ImpossibilitaDiRecapito')).toBe(true);
    expect(canTransition('pa', 'Inviato', 'ImpossibilitaDiRecapito')).toBe(false);
    expect(canTransition('pa', 'Inviato', 'NonConsegnato')).toBe(true);
    expect(canTransition('b2b', 'Inviato', 'NonConsegnato')).toBe(false);
    expect(canTransition('pa', 'NonConsegnato', 'Consegnato')).toBe(true);
    expect(canTransition('pa', 'NonConsegnato', 'AttestazioneTrasmissioneFattura')).toBe(true);
    expect(canTransition('pa', 'Consegnato', 'AccettatoDalDestinatario')).toBe(true);
    expect(canTransition('b2b', 'Consegnato', 'AccettatoDalDestinatario')).toBe(false);
    expect(canTransition('pa', 'Consegnato', 'DecorrenzaTermini')).toBe(true);
    expect(canTransition('pa', 'AccettatoDalDestinatario', 'DecorrenzaTermini')).toBe(false);
    expect(canTransition('pa', 'Scartato', 'Inviato')).toBe(false);
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
