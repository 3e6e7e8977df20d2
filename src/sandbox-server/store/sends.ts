import type { Send, SendReduced, SendState } from '../../shared/api/types.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Db } from './database.ts';
import {
  columnList,
  exportPage,
  INVOICE_COLUMNS,
  INVOICE_JSON_HEAD,
  invoiceHead,
  InvoiceRepository,
  jsonObject,
  parseDocuments,
  type InvoiceListQuery,
  type InvoiceRow,
  type InvoiceTable,
  type NewInvoice,
} from './invoices.ts';
import type { ExportFilter, ExportRow } from './exports.ts';
import type { Scope } from './scope.ts';
import { openText, sealText } from './sealed-columns.ts';
import { prepared } from './statements.ts';

interface SendRow extends InvoiceRow {
  nome_committente: string | null;
  meta_data: Buffer | string | null;
  latest_state: SendState | null;
}

/** The columns of a sent invoice that an Update carries along (`SendReduced`). */
interface SendReducedRow {
  id: number;
  identifier: string | null;
  prestatore: string | null;
  meta_data: Buffer | string | null;
  documents: string;
  date_sent: string | null;
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

const COLUMNS = [...INVOICE_COLUMNS, 'nome_committente', 'meta_data', 'latest_state'] as const;

/** `toSend` without the payload, in SQL: meta_data opens through the sealed_text() function. */
const SEND_JSON = jsonObject([
  ...INVOICE_JSON_HEAD,
  ['nome_committente', 'nome_committente'],
  // No call into JavaScript (sealed_text) for the usual empty meta_data.
  ['meta_data', "CASE WHEN meta_data IS NOT NULL THEN json(sealed_text(meta_data, 'sends.meta_data')) END"],
  ['latest_state', 'latest_state'],
  ['document_number', 'document_number'],
  ['document_date', 'document_date'],
]);

function toSend(row: SendRow, box: SecretBox): Send {
  return {
    ...invoiceHead(row),
    nome_committente: row.nome_committente,
    meta_data: metaData(row.meta_data, box),
    latest_state: row.latest_state,
    document_number: row.document_number,
    document_date: row.document_date,
  };
}

const SENDS: InvoiceTable<SendRow, Send, NewSend, SendListQuery> = {
  table: 'sends',
  fts: 'sends_fts',
  nameColumn: 'nome_committente',
  columns: COLUMNS,
  json: SEND_JSON,
  ownValues: (send, box) => ({
    nome_committente: send.nomeCommittente,
    meta_data: sealText(
      box,
      send.metaData === null ? null : JSON.stringify(send.metaData),
      'sends.meta_data',
    ),
  }),
  toApi: toSend,
  filter: (filter, query) => filter.equals('latest_state', query.latest_state).anyOf('id', query.ids),
};

/** The one reader of `sends.meta_data` in JavaScript (SEND_JSON is the one in SQL): it is sealed at rest. */
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

export class SendRepository extends InvoiceRepository<SendRow, Send, NewSend, SendListQuery> {
  constructor(db: Db, box: SecretBox) {
    super(db, box, SENDS);
  }

  getByIdentifier(scope: Scope, identifier: string, includePayload: boolean): Send | null {
    return this.one(
      `SELECT ${columnList(COLUMNS, includePayload)} FROM sends
       WHERE identifier = ? AND account_id = ? AND environment = ?`,
      identifier,
      scope.accountId,
      scope.environment,
    );
  }

  /**
   * The fields of these sent invoices that their Updates carry along (openapi.yml `SendReduced`), by id; ids of
   * invoices that are gone are left out.
   */
  reduced(ids: readonly number[]): Map<number, SendReduced> {
    if (ids.length === 0) return new Map();
    const rows = prepared(
      this.db,
      `SELECT id, identifier, prestatore, meta_data, documents, date_sent, latest_state FROM sends
       WHERE id IN (${ids.map(() => '?').join(',')})`,
    ).all(...ids) as SendReducedRow[];
    return new Map(
      rows.map((row) => [
        row.id,
        {
          identifier: row.identifier,
          prestatore: row.prestatore,
          meta_data: metaData(row.meta_data, this.box),
          documents: parseDocuments(row.documents),
          date_sent: row.date_sent,
          latest_state: row.latest_state,
        },
      ]),
    );
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
      { table: 'sends', payloadLabel: this.payloadLabel },
      { scope, filter, afterId, limit },
      {
        where: `(i.latest_state IN (${DEFINITIVE.map(() => '?').join(',')})
                 OR (i.latest_state = 'Consegnato' AND coalesce(i.format, '') <> 'FPA12'))`,
        params: DEFINITIVE,
      },
    );
  }
}
