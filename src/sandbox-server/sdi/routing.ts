import type { Company } from '../../shared/api/types.ts';
import type { NotificationFamily } from './notifications/index.ts';
import type { ForcedDelivery } from './scenario.ts';

/** The sandbox's own receiving channel: invoices for recipients not registered yet wait there. */
export const SCAMBIO_CHANNEL = 'SCAMBIO';
const NO_CHANNEL = '0000000';
const FOREIGN_BUYER = 'XXXXXXX';

export type Route =
  /** A company of the same environment is the recipient: a Receive in its account. */
  | { state: 'Consegnato'; via: 'local'; recipient: Company }
  /** Held on the SCAMBIO channel until the recipient registers; for the sender it is delivered. */
  | { state: 'Consegnato'; via: 'held' }
  /** The simulated outside recipient (another channel, a PEC address, a PA office) gets it. */
  | { state: 'Consegnato'; via: 'external' }
  /** Nobody can receive it: in the recipient's reserved area (B2B) or a failed delivery to a PA. */
  | { state: 'ImpossibilitaDiRecapito' | 'NonConsegnato'; via: 'none' };

export interface RoutingInput {
  family: NotificationFamily;
  codiceDestinatario: string | null;
  pecDestinatario: string | null;
  localRecipient: Company | null;
  forced?: ForcedDelivery;
}

/** Where SDI delivers an accepted invoice (sandbox-scenarios.md "Where an invoice goes"). */
export function routeInvoice(input: RoutingInput): Route {
  const undeliverable: Route = {
    state: input.family === 'pa' ? 'NonConsegnato' : 'ImpossibilitaDiRecapito',
    via: 'none',
  };
  // A forced failure wins even over a local recipient, like SBXMC01 "even with a reachable code".
  if (input.forced === 'ImpossibilitaDiRecapito' || input.forced === 'NonConsegnato') return undeliverable;
  if (input.localRecipient) return { state: 'Consegnato', via: 'local', recipient: input.localRecipient };
  const code = input.codiceDestinatario;
  if (code === SCAMBIO_CHANNEL) return { state: 'Consegnato', via: 'held' };
  const noChannel = (code === NO_CHANNEL && !input.pecDestinatario) || code === FOREIGN_BUYER;
  if (input.family === 'b2b' && noChannel && input.forced !== 'Consegnato') return undeliverable;
  return { state: 'Consegnato', via: 'external' };
}
