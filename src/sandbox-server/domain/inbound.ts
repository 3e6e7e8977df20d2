import type { Company, Environment, PayloadEncoding, Receive } from '../../shared/api/types.ts';
import { partyKey } from '../../shared/fatturapa/index.ts';
import type { Clock } from '../clock.ts';
import type { RandomSource } from '../random.ts';
import type { Scope } from '../store/scope.ts';
import type { Store } from '../store/store.ts';
import type { CompanyService } from './companies.ts';
import { readInvoiceFile, type InvoiceFile, type InvoiceFileLimits } from './invoice-file.ts';
import { newMessageId, newSdiIdentifier } from './sdi-identifiers.ts';
import { toDateTime } from './submission.ts';

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
      clock: Clock;
      random: RandomSource;
      companies: CompanyService;
      limits: InvoiceFileLimits;
    },
  ) {
    deps.companies.onCreated((scope, company) => this.releaseHeld(scope, company));
  }

  receive(
    environment: Environment,
    bytes: Uint8Array,
    encoding: PayloadEncoding,
    fileName: string,
  ): InboundOutcome {
    const file = readInvoiceFile(bytes, this.deps.limits);
    const identifier = newSdiIdentifier(this.deps.random);
    const { store } = this.deps;
    return store.transaction(() => {
      const recipient = this.findRecipient(environment, file);
      if (recipient) {
        const scope: Scope = { accountId: recipient.user_id, environment };
        return { delivered: this.deliver(scope, recipient, file, encoding, fileName, identifier) };
      }
      const key = partyKey(file.summary.committente) ?? 'unknown';
      const id = store.held.insert({
        environment,
        recipient: key,
        fileName,
        identifier,
        payload: Buffer.from(file.bytes),
        encoding,
        created: this.deps.clock.now().toISOString(),
      });
      return { held: { id, recipient: key, identifier } };
    });
  }

  private findRecipient(environment: Environment, file: InvoiceFile): Company | null {
    const { vat, fiscalCode } = file.summary.committente;
    const { companies } = this.deps.store;
    return (
      (vat ? companies.ownerOfVat(environment, vat) : null) ??
      (fiscalCode ? companies.findByFiscalCode(environment, fiscalCode) : null)
    );
  }

  private releaseHeld(scope: Scope, company: Company): void {
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
  ): Receive {
    const now = this.deps.clock.now().toISOString();
    const { summary } = file;
    const first = summary.documents[0];
    return this.deps.store.receives.insert(scope, {
      companyId: company.id,
      identifier,
      messageId: newMessageId(this.deps.random),
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
  }
}
