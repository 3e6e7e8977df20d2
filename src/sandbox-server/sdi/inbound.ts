import type { Company, Environment, PayloadEncoding, Receive } from '../../shared/api/types.ts';
import { partyKey } from '../../shared/fatturapa/index.ts';
import type { Clocks } from '../clock.ts';
import type { RandomSource } from '../random.ts';
import type { Scope } from '../store/scope.ts';
import type { Store } from '../store/store.ts';
import { readInvoiceFile, type InvoiceFile, type InvoiceFileLimits } from '../domain/invoice-file.ts';
import { toDateTime } from '../domain/submission.ts';
import { newMessageId, newSdiIdentifier } from './identifiers.ts';
import { metadataFile } from './recipient-files.ts';

export type InboundOutcome =
  { delivered: Receive } | { held: { id: number; recipient: string; identifier: string } };

/**
 * Invoices that reach an account through SDI from a supplier. They are routed by the recipient's VAT number
 * (or fiscal code); an invoice for a recipient nobody has registered is held and delivered the moment a
 * company with that identity is created (spec: "No invoice is lost").
 */
export class InboundService {
  constructor(
    private readonly deps: {
      store: Store;
      clocks: Clocks;
      random: RandomSource;
      limits: InvoiceFileLimits;
    },
  ) {}

  private readonly deliveredHooks: ((scope: Scope, receive: Receive) => void)[] = [];

  /** Called inside the transaction that created each Receive (webhooks' `receive.add`). */
  onDelivered(hook: (scope: Scope, receive: Receive) => void): void {
    this.deliveredHooks.push(hook);
  }

  /** An invoice from outside, posted by `sender` (`/_sandbox/inbound`): delivered to its recipient, or held. */
  receive(sender: Scope, bytes: Uint8Array, encoding: PayloadEncoding, fileName: string): InboundOutcome {
    const file = readInvoiceFile(bytes, this.deps.limits);
    const identifier = newSdiIdentifier(this.deps.random);
    const { environment } = sender;
    return this.deps.store.transaction(() => {
      const recipient = this.recipientFor(environment, file);
      if (recipient) {
        const scope: Scope = { accountId: recipient.user_id, environment };
        return { delivered: this.deliver(scope, recipient, file, encoding, fileName, identifier) };
      }
      return { held: this.hold(sender, file, encoding, fileName, identifier) };
    });
  }

  /**
   * Delivers an invoice SDI accepted from a local sender (the simulated SDI's routing): a Receive in the
   * recipient's account with the sender's identifier. Call inside a transaction.
   *
   * Two accounts' sandboxes may run on different clocks: the arrival is the same moment of real time as the
   * delivery step `at` on the sender's clock, dated on the recipient's (the same instant when they share a clock).
   */
  deliverFromSdi(
    sender: Scope,
    recipient: Company,
    file: InvoiceFile,
    encoding: PayloadEncoding,
    fileName: string,
    identifier: string,
    at: Date,
  ): Receive {
    const scope: Scope = { accountId: recipient.user_id, environment: sender.environment };
    const arrival = this.deps.clocks.translate(at, sender, scope);
    return this.deliver(scope, recipient, file, encoding, fileName, identifier, arrival);
  }

  /** Keeps an invoice until its recipient registers (the `SCAMBIO` channel). Call inside a transaction. */
  hold(
    sender: Scope,
    file: InvoiceFile,
    encoding: PayloadEncoding,
    fileName: string,
    identifier: string,
    at: Date = this.deps.clocks.now(sender),
  ): { id: number; recipient: string; identifier: string } {
    const key = partyKey(file.summary.committente) ?? 'unknown';
    const id = this.deps.store.held.insert({
      environment: sender.environment,
      senderAccountId: sender.accountId,
      recipient: key,
      fileName,
      identifier,
      payload: Buffer.from(file.bytes),
      encoding,
      created: at.toISOString(),
    });
    return { id, recipient: key, identifier };
  }

  /** The company an invoice is addressed to, in any account of the environment; null when none is registered. */
  recipientFor(environment: Environment, file: InvoiceFile): Company | null {
    const { vat, fiscalCode } = file.summary.committente;
    const { companies } = this.deps.store;
    return (
      (vat ? companies.ownerOfVat(environment, vat) : null) ??
      (fiscalCode ? companies.findByFiscalCode(environment, fiscalCode) : null)
    );
  }

  /**
   * Delivers what was held for a company that now exists (wired to company creation in composition.ts). Called
   * inside the transaction that created the company, so the company and its invoices appear together.
   */
  releaseHeld(scope: Scope, company: Company): void {
    const held = this.deps.store.held.forRecipients(scope.environment, [company.vat, company.fiscal_code]);
    for (const invoice of held) {
      const file = readInvoiceFile(invoice.payload, this.deps.limits);
      this.deliver(scope, company, file, invoice.encoding, invoice.fileName, invoice.identifier);
      this.deps.store.held.delete(invoice.id);
    }
  }

  private deliver(
    scope: Scope,
    company: Company,
    file: InvoiceFile,
    encoding: PayloadEncoding,
    fileName: string,
    identifier: string,
    at: Date = this.deps.clocks.now(scope),
  ): Receive {
    const now = at.toISOString();
    const { summary } = file;
    const first = summary.documents[0];
    const messageId = newMessageId(this.deps.random);
    const receive = this.deps.store.receives.insert(scope, {
      companyId: company.id,
      identifier,
      messageId,
      fileName,
      format: summary.format,
      encoding: file.signed ? 'Base64' : encoding,
      payload: file.bytes,
      committente: partyKey(summary.committente),
      prestatore: partyKey(summary.prestatore),
      nomePrestatore: summary.prestatore.name,
      documentNumber: first?.number ?? null,
      documentDate: toDateTime(first?.date ?? null),
      documents: summary.documents.map((d) => ({ number: d.number, date: toDateTime(d.date) })),
      dateSent: now,
      lastUpdate: now,
      created: now,
    });
    // SDI delivers the invoice together with its metadata file, the first file it sends the recipient about it.
    const metadata = metadataFile(
      {
        identifier,
        fileName,
        bytes: file.bytes,
        format: summary.format,
        codiceDestinatario: summary.codiceDestinatario,
      },
      { messageId, progressive: 1, at },
    );
    this.deps.store.recipientNotifications.insert(scope, {
      about: { receiveId: receive.id },
      type: 'MT',
      fileName: metadata.fileName,
      messageId,
      xml: metadata.xml,
      at: now,
    });
    for (const hook of this.deliveredHooks) hook(scope, receive);
    return receive;
  }
}
