import type { Send, SendState } from '../../shared/api/types.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import { renderPayload } from '../domain/payload.ts';
import type { Db } from './database.ts';
import {
  columnList,
  exportPage,
  INVOICE_JSON_HEAD,
  invoiceFilter,
  jsonObject,
  parseDocuments,
  type InvoiceListQuery,
  type InvoiceRow,
  type NewInvoice,
} from './invoices.ts';
import type { ExportFilter, ExportRow } from './exports.ts';
import { listJson, listRows, type JsonListResult, type ListResult } from './list-query.ts';
import type { Scope } from './scope.ts';
import { openText, sealText } from './sealed-columns.ts';
import { prepared } from './statements.ts';

interface SendRow extends InvoiceRow {
  nome_committente: string | null;
  meta_data: Buffer | string | null;
  latest_state: SendState | null;
}

export interface NewSend extends NewInvoice {
  nomeCommittente: string | null;
  metaData: Record<string, string> | null;
}

export interface SendListQuery extends InvoiceListQuery {
  latest_state?: SendState;
  ids?: number[];
}

const COLUMNS = [
  'id',
  'account_id',
  'environment',
  'company_id',
  'identifier',
  'file_name',
  'format',
  'encoding',
  'payload',
  'committente',
  'prestatore',
  'nome_committente',
  'document_number',
  'document_date',
  'documents',
  'meta_data',
  'latest_state',
  'date_sent',
  'last_update',
  'created',
  'version',
] as const;

/** `toSend` without the payload, in SQL: meta_data opens through the sealed_text() function. */
const SEND_JSON = jsonObject([
  ...INVOICE_JSON_HEAD,
  ['nome_committente', 'nome_committente'],
  ['meta_data', "json(sealed_text(meta_data, 'sends.meta_data'))"],
  ['latest_state', 'latest_state'],
  ['document_number', 'document_number'],
  ['document_date', 'document_date'],
]);

function toSend(row: SendRow, box: SecretBox): Send {
  const send: Send = {
    id: row.id,
    created: row.created,
    version: row.version,
    user_id: row.account_id,
    company_id: row.company_id,
    committente: row.committente,
    prestatore: row.prestatore,
    identifier: row.identifier,
    file_name: row.file_name,
    format: row.format,
    last_update: row.last_update,
    date_sent: row.date_sent,
    documents: parseDocuments(row.documents),
    encoding: row.encoding,
    nome_committente: row.nome_committente,
    meta_data: metaData(row.meta_data, box),
    latest_state: row.latest_state,
    document_number: row.document_number,
    document_date: row.document_date,
  };
  if (row.payload !== undefined) send.payload = renderPayload(box.open(row.payload, PAYLOAD), row.encoding);
  return send;
}

const PAYLOAD = 'sends.payload';

function metaData(value: Buffer | string | null, box: SecretBox): Record<string, string> | null {
  const json = openText(box, value, 'sends.meta_data');
  return json === null ? null : (JSON.parse(json) as Record<string, string>);
}

/**
 * States after which SDI does nothing more with a sent invoice (contract "Export"); `Consegnato` is final
 * only for invoices to private recipients, since a PA may still accept or refuse.
 */
const DEFINITIVE = [
  'ImpossibilitaDiRecapito',
  'AccettatoDalDestinatario',
  'RifiutatoDalDestinatario',
  'DecorrenzaTermini',
  'AttestazioneTrasmissioneFattura',
];

export class SendRepository {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  insert(scope: Scope, send: NewSend): Send {
    const id = Number(
      prepared(
        this.db,
        `INSERT INTO sends (account_id, environment, company_id, identifier, file_name, format, encoding, payload,
           committente, prestatore, nome_committente, document_number, document_date, documents, meta_data,
           date_sent, last_update, created)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        scope.accountId,
        scope.environment,
        send.companyId,
        send.identifier,
        send.fileName,
        send.format,
        send.encoding,
        this.box.seal(send.payload, PAYLOAD),
        send.committente,
        send.prestatore,
        send.nomeCommittente,
        send.documentNumber,
        send.documentDate,
        JSON.stringify(send.documents),
        sealText(this.box, send.metaData === null ? null : JSON.stringify(send.metaData), 'sends.meta_data'),
        send.dateSent,
        send.lastUpdate,
        send.created,
      ).lastInsertRowid,
    );
    return this.get(scope, id, false)!;
  }

  get(scope: Scope, id: number, includePayload: boolean): Send | null {
    const row = prepared(
      this.db,
      `SELECT ${columnList(COLUMNS, includePayload)} FROM sends WHERE id = ? AND account_id = ? AND environment = ?`,
    ).get(id, scope.accountId, scope.environment) as SendRow | undefined;
    return row ? toSend(row, this.box) : null;
  }

  getByIdentifier(scope: Scope, identifier: string, includePayload: boolean): Send | null {
    const row = prepared(
      this.db,
      `SELECT ${columnList(COLUMNS, includePayload)} FROM sends
       WHERE identifier = ? AND account_id = ? AND environment = ?`,
    ).get(identifier, scope.accountId, scope.environment) as SendRow | undefined;
    return row ? toSend(row, this.box) : null;
  }

  /** Whether a file of this name already went through the environment's SDI (file names are never reused). */
  fileNameTaken(scope: Scope, fileName: string): boolean {
    return (
      prepared(this.db, 'SELECT 1 FROM sends WHERE environment = ? AND file_name = ? LIMIT 1').get(
        scope.environment,
        fileName,
      ) !== undefined
    );
  }

  /** The invoice file exactly as stored (DER for a signed file): what SDI checks and hashes. */
  fileBytes(scope: Scope, id: number): Buffer | null {
    const row = prepared(
      this.db,
      'SELECT payload FROM sends WHERE id = ? AND account_id = ? AND environment = ?',
    ).get(id, scope.accountId, scope.environment) as { payload: Buffer } | undefined;
    return row ? this.box.open(row.payload, PAYLOAD) : null;
  }

  /** Whether SDI already took a file of this name before the given send (00002: names are never reused). */
  fileNameUsedBefore(scope: Scope, fileName: string, sendId: number): boolean {
    return (
      prepared(this.db, 'SELECT 1 FROM sends WHERE environment = ? AND file_name = ? AND id < ? LIMIT 1').get(
        scope.environment,
        fileName,
        sendId,
      ) !== undefined
    );
  }

  /** Identifiers are unique across the whole database (the column is UNIQUE). */
  identifierTaken(identifier: string): boolean {
    return (
      prepared(this.db, 'SELECT 1 FROM sends WHERE identifier = ? LIMIT 1').get(identifier) !== undefined
    );
  }

  /** The sent invoice with this SDI identifier in any account of the environment, with its owner's scope. */
  findByIdentifier(
    environment: Scope['environment'],
    identifier: string,
  ): { scope: Scope; send: Send } | null {
    const row = prepared(
      this.db,
      `SELECT ${columnList(COLUMNS, false)} FROM sends WHERE identifier = ? AND environment = ?`,
    ).get(identifier, environment) as SendRow | undefined;
    if (!row) return null;
    return {
      scope: { accountId: row.account_id, environment: row.environment },
      send: toSend(row, this.box),
    };
  }

  /**
   * What the simulated SDI changes on a sent invoice: the identifier and reception time when it takes the file,
   * then the state and time of every update.
   */
  recordSdi(
    scope: Scope,
    id: number,
    fields: { latestState: SendState; lastUpdate: string; identifier?: string; dateSent?: string },
  ): void {
    const { accountId, environment } = scope;
    if (fields.identifier === undefined) {
      // Not naming `identifier` keeps its full-text index trigger from firing on every state change.
      prepared(
        this.db,
        `UPDATE sends SET latest_state = ?, last_update = ?, version = version + 1
         WHERE id = ? AND account_id = ? AND environment = ?`,
      ).run(fields.latestState, fields.lastUpdate, id, accountId, environment);
      return;
    }
    prepared(
      this.db,
      `UPDATE sends SET latest_state = ?, last_update = ?, identifier = ?, date_sent = coalesce(?, date_sent),
         version = version + 1
       WHERE id = ? AND account_id = ? AND environment = ?`,
    ).run(
      fields.latestState,
      fields.lastUpdate,
      fields.identifier,
      fields.dateSent ?? null,
      id,
      accountId,
      environment,
    );
  }

  /** One page of a send export: only invoices SDI is done with (see DEFINITIVE). */
  exportPage(scope: Scope, filter: ExportFilter, afterId: number, limit: number): ExportRow[] {
    return exportPage(
      this.db,
      this.box,
      { table: 'sends', payloadLabel: PAYLOAD },
      { scope, filter, afterId, limit },
      {
        where: `(i.latest_state IN (${DEFINITIVE.map(() => '?').join(',')})
                 OR (i.latest_state = 'Consegnato' AND coalesce(i.format, '') <> 'FPA12'))`,
        params: DEFINITIVE,
      },
    );
  }

  list(scope: Scope, query: SendListQuery): ListResult<Send> {
    const filter = this.listFilter(scope, query);
    const result = listRows<SendRow>(
      this.db,
      'sends',
      filter,
      query.sorting,
      query.paging,
      columnList(COLUMNS, query.include_payload === true),
    );
    return { rows: result.rows.map((row) => toSend(row, this.box)), total: result.total };
  }

  /**
   * The page `list` returns, as the JSON array `res.json` would send, built by SQLite. Not for
   * `include_payload` (the payload is opened and rendered in JS): use `list`.
   */
  listJson(scope: Scope, query: SendListQuery): JsonListResult {
    if (query.include_payload === true) throw new Error('listJson does not render payloads');
    return listJson(this.db, 'sends', this.listFilter(scope, query), query.sorting, query.paging, SEND_JSON);
  }

  private listFilter(scope: Scope, query: SendListQuery) {
    return invoiceFilter(scope, query, 'sends_fts', 'nome_committente')
      .equals('latest_state', query.latest_state)
      .anyOf('id', query.ids);
  }
}
