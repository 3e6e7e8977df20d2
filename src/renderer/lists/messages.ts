/**
 * The invoice lists' own texts in it/en/de (totals, read state, the local index and what the header search finds
 * in it), kept here so each catalog gains one `lists` entry. English is the shape; the other two must have every
 * key.
 */
export const listsEn = {
  total: {
    of_one: 'Total (1 invoice)',
    of_other: 'Total of all {{count}} invoices',
    discarded_one: '1 invoice rejected by SDI not counted ({{amounts}})',
    discarded_other: '{{count}} invoices rejected by SDI not counted ({{amounts}})',
    discardedHint:
      'SDI rejected these invoices: fiscally they were never issued, so the total leaves them out. They stay in the list and in its export.',
    unknownHint:
      'An unread received invoice shows its amount once it is read (open it, or use Show amounts). Reading it counts an operation.',
  },
  creditNote: 'Credit note: subtracted from totals.',
  local: {
    sort_one:
      'Sorted by the app over the 1 invoice of this filter: the service does not sort by this column.',
    sort_other:
      'Sorted by the app over all {{shown}} invoices of this filter: the service does not sort by this column.',
    unknownLast_one:
      'The invoice without this value (such as a received invoice not read yet) is at the end.',
    unknownLast_other:
      'The {{count}} invoices without this value (such as received invoices not read yet) are at the end.',
    amount_one: 'Amount looked for in the 1 invoice of this filter, as document total or net to pay.',
    amount_other:
      'Amount looked for in the {{shown}} invoices of this filter, as document total or net to pay.',
    amountUnknown_one: '1 received invoice not read yet has no amount: it cannot be found by amount.',
    amountUnknown_other:
      '{{count}} received invoices not read yet have no amount: they cannot be found by amount.',
  },
  columns: {
    customerVat: 'Customer VAT number',
    customerFiscalCode: 'Customer tax code',
    supplierVat: 'Supplier VAT number',
    supplierFiscalCode: 'Supplier tax code',
    taxable: 'Taxable amount',
    vat: 'VAT',
    withholding: 'Withholding',
    netToPay: 'Net to pay',
    firstDue: 'First due date',
    identifier: 'SDI identifier',
    total: 'Total',
  },
  dashboard: {
    turnover: 'Turnover, {{month}}',
    purchases: 'Purchases, {{month}}',
    documents_one: '1 document by document date',
    documents_other: '{{count}} documents by document date',
    creditNotes_one: '1 credit note subtracted',
    creditNotes_other: '{{count}} credit notes subtracted',
    discarded_one: '1 rejected by SDI left out',
    discarded_other: '{{count}} rejected by SDI left out',
    unknown_one: '1 amount unknown (not read yet)',
    unknown_other: '{{count}} amounts unknown (not read yet)',
  },
  export: {
    byDocumentDate:
      'Invoices are chosen by their document date (the date written on the invoice), not by the day they were sent or received.',
    byDocumentDateReceived:
      'Received invoices are chosen by their document date (the date the supplier wrote), not by the day they arrived.',
    byReceivedDate:
      'Received invoices are chosen by the day they arrived (Italian time), the date that counts for the purchase VAT register. The service exports by document date only, so the app reads the period’s invoices one page at a time and makes the ZIP here, with the same folders.',
    basisLabel: 'Choose received invoices by',
    basisDocument: 'Document date',
    basisReceived: 'Date received',
    receivedRange: 'Dates received',
    progress: '{{done}} of {{total}} invoices read',
    unreadTitle: 'Unread invoices',
    unread_one:
      '1 received invoice in this export has not been read yet: exporting it marks it read and counts 1 operation.',
    unread_other:
      '{{count}} received invoices in this export have not been read yet: exporting them marks them read and counts {{count}} operations.',
    unreadConfirm_one: 'Export, reading 1 invoice',
    unreadConfirm_other: 'Export, reading {{count}} invoices',
  },
  readColumn: 'Status',
  amountUnread: 'Not read yet: the amount shows once the invoice is read.',
  amountUnknown: 'The file gives no amount the app can tell.',
  operationsLeft: 'Operations left on this account: {{left}}.',
  sandboxFree: 'In the sandbox, operations use no credit.',
  index: {
    title: 'Local index',
    why: 'Amounts, document types and descriptions of the invoices the app has read, kept on this device so lists open fast and the search finds amounts and descriptions.',
    summary: '{{sent}} sent and {{received}} received invoices indexed, encrypted.',
    memoryOnly:
      'No key to encrypt the index with: it is kept in memory only, and built again after a reload.',
    rebuild: 'Rebuild index',
    plan: 'Rebuilding reads again the files of {{sent}} sent invoices and of {{read}} received invoices already read. This counts no operation.',
    planUnread_one:
      '1 unread received invoice is left alone: reading it would count 1 operation and mark it read.',
    planUnread_other:
      '{{count}} unread received invoices are left alone: reading them would count {{count}} operations and mark them read.',
    start: 'Rebuild',
    progress: '{{done}} of {{total}} invoices read',
    done: 'Index rebuilt: {{count}} invoices.',
    failed: 'The index could not be rebuilt: {{message}}',
  },
  search: {
    content: 'Found inside invoices',
    sent: 'sent',
    received: 'received',
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type ListsMessages = Shape<typeof listsEn>;

export const listsIt: ListsMessages = {
  total: {
    of_one: 'Totale (1 fattura)',
    of_other: 'Totale di tutte le {{count}} fatture',
    discarded_one: '1 fattura scartata dallo SDI non conteggiata ({{amounts}})',
    discarded_other: '{{count}} fatture scartate dallo SDI non conteggiate ({{amounts}})',
    discardedHint:
      "Lo SDI ha scartato queste fatture: fiscalmente non sono mai state emesse, quindi il totale non le conta. Restano nell'elenco e nella sua esportazione.",
    unknownHint:
      "Una fattura ricevuta non ancora letta mostra l'importo quando viene letta (aprendola, o con Mostra importi). Leggerla conta un'operazione.",
  },
  creditNote: 'Nota di credito: sottratta dai totali.',
  local: {
    sort_one:
      "Ordinamento fatto dall'app sull'unica fattura del filtro: il servizio non ordina per questa colonna.",
    sort_other:
      "Ordinamento fatto dall'app su tutte le {{shown}} fatture del filtro: il servizio non ordina per questa colonna.",
    unknownLast_one: 'La fattura senza questo dato (ad esempio una ricevuta non ancora letta) è in fondo.',
    unknownLast_other:
      'Le {{count}} fatture senza questo dato (ad esempio ricevute non ancora lette) sono in fondo.',
    amount_one: "Importo cercato nell'unica fattura del filtro, come totale documento o netto a pagare.",
    amount_other:
      'Importo cercato fra le {{shown}} fatture del filtro, come totale documento o netto a pagare.',
    amountUnknown_one:
      '1 fattura ricevuta non ancora letta non ha importo: non può essere trovata per importo.',
    amountUnknown_other:
      '{{count}} fatture ricevute non ancora lette non hanno importo: non possono essere trovate per importo.',
  },
  columns: {
    customerVat: 'P. IVA cliente',
    customerFiscalCode: 'Codice fiscale cliente',
    supplierVat: 'P. IVA fornitore',
    supplierFiscalCode: 'Codice fiscale fornitore',
    taxable: 'Imponibile',
    vat: 'IVA',
    withholding: 'Ritenuta',
    netToPay: 'Netto a pagare',
    firstDue: 'Prima scadenza',
    identifier: 'Identificativo SDI',
    total: 'Totale',
  },
  dashboard: {
    turnover: 'Fatturato di {{month}}',
    purchases: 'Acquisti di {{month}}',
    documents_one: '1 documento per data documento',
    documents_other: '{{count}} documenti per data documento',
    creditNotes_one: '1 nota di credito sottratta',
    creditNotes_other: '{{count}} note di credito sottratte',
    discarded_one: '1 scartata dallo SDI esclusa',
    discarded_other: '{{count}} scartate dallo SDI escluse',
    unknown_one: '1 importo non noto (non ancora letta)',
    unknown_other: '{{count}} importi non noti (non ancora lette)',
  },
  export: {
    byDocumentDate:
      'Le fatture sono scelte per data del documento (la data scritta in fattura), non per il giorno di invio o di ricezione.',
    byDocumentDateReceived:
      'Le fatture ricevute sono scelte per data del documento (quella scritta dal fornitore), non per il giorno in cui sono arrivate.',
    byReceivedDate:
      "Le fatture ricevute sono scelte per giorno di ricezione (ora italiana), la data che conta per il registro IVA acquisti. Il servizio esporta solo per data del documento: l'app legge le fatture del periodo una pagina alla volta e prepara qui lo ZIP, con le stesse cartelle.",
    basisLabel: 'Scegli le fatture ricevute per',
    basisDocument: 'Data documento',
    basisReceived: 'Data di ricezione',
    receivedRange: 'Date di ricezione',
    progress: '{{done}} di {{total}} fatture lette',
    unreadTitle: 'Fatture non lette',
    unread_one:
      "1 fattura ricevuta dell'esportazione non è ancora stata letta: esportarla la segna come letta e conta 1 operazione.",
    unread_other:
      "{{count}} fatture ricevute dell'esportazione non sono ancora state lette: esportarle le segna come lette e conta {{count}} operazioni.",
    unreadConfirm_one: 'Esporta e leggi 1 fattura',
    unreadConfirm_other: 'Esporta e leggi {{count}} fatture',
  },
  readColumn: 'Stato',
  amountUnread: "Non ancora letta: l'importo compare quando la fattura viene letta.",
  amountUnknown: "Il file non riporta un importo leggibile dall'app.",
  operationsLeft: 'Operazioni rimaste sul conto: {{left}}.',
  sandboxFree: 'Nella sandbox le operazioni non consumano crediti.',
  index: {
    title: 'Indice locale',
    why: "Importi, tipi di documento e descrizioni delle fatture già lette dall'app, conservati su questo dispositivo perché gli elenchi si aprano subito e la ricerca trovi importi e descrizioni.",
    summary: '{{sent}} fatture inviate e {{received}} ricevute nell’indice, cifrato.',
    memoryOnly:
      'Nessuna chiave con cui cifrare l’indice: resta solo in memoria e si ricostruisce dopo ogni ricaricamento.',
    rebuild: 'Ricostruisci indice',
    plan: 'La ricostruzione rilegge i file di {{sent}} fatture inviate e di {{read}} fatture ricevute già lette. Non conta alcuna operazione.',
    planUnread_one:
      '1 fattura ricevuta non letta non viene aperta: leggerla conterebbe 1 operazione e la segnerebbe come letta.',
    planUnread_other:
      '{{count}} fatture ricevute non lette non vengono aperte: leggerle conterebbe {{count}} operazioni e le segnerebbe come lette.',
    start: 'Ricostruisci',
    progress: '{{done}} di {{total}} fatture lette',
    done: 'Indice ricostruito: {{count}} fatture.',
    failed: 'Impossibile ricostruire l’indice: {{message}}',
  },
  search: {
    content: 'Trovate nel contenuto delle fatture',
    sent: 'inviata',
    received: 'ricevuta',
  },
};

export const listsDe: ListsMessages = {
  total: {
    of_one: 'Summe (1 Rechnung)',
    of_other: 'Summe aller {{count}} Rechnungen',
    discarded_one: '1 vom SDI abgelehnte Rechnung nicht mitgezählt ({{amounts}})',
    discarded_other: '{{count}} vom SDI abgelehnte Rechnungen nicht mitgezählt ({{amounts}})',
    discardedHint:
      'Das SDI hat diese Rechnungen abgelehnt: steuerlich wurden sie nie ausgestellt, daher zählt die Summe sie nicht. Sie bleiben in der Liste und in ihrem Export.',
    unknownHint:
      'Eine ungelesene empfangene Rechnung zeigt ihren Betrag, sobald sie gelesen ist (öffnen oder „Beträge anzeigen“). Das Lesen zählt einen Vorgang.',
  },
  creditNote: 'Gutschrift: wird von den Summen abgezogen.',
  local: {
    sort_one:
      'Von der App über die 1 Rechnung dieses Filters sortiert: der Dienst sortiert nicht nach dieser Spalte.',
    sort_other:
      'Von der App über alle {{shown}} Rechnungen dieses Filters sortiert: der Dienst sortiert nicht nach dieser Spalte.',
    unknownLast_one:
      'Die Rechnung ohne diesen Wert (etwa eine noch nicht gelesene empfangene Rechnung) steht am Ende.',
    unknownLast_other:
      'Die {{count}} Rechnungen ohne diesen Wert (etwa noch nicht gelesene empfangene Rechnungen) stehen am Ende.',
    amount_one: 'Betrag in der 1 Rechnung dieses Filters gesucht, als Belegsumme oder Zahlbetrag.',
    amount_other:
      'Betrag in den {{shown}} Rechnungen dieses Filters gesucht, als Belegsumme oder Zahlbetrag.',
    amountUnknown_one:
      '1 noch nicht gelesene empfangene Rechnung hat keinen Betrag: sie kann nicht nach Betrag gefunden werden.',
    amountUnknown_other:
      '{{count}} noch nicht gelesene empfangene Rechnungen haben keinen Betrag: sie können nicht nach Betrag gefunden werden.',
  },
  columns: {
    customerVat: 'USt-IdNr. Kunde',
    customerFiscalCode: 'Steuernummer Kunde',
    supplierVat: 'USt-IdNr. Lieferant',
    supplierFiscalCode: 'Steuernummer Lieferant',
    taxable: 'Bemessungsgrundlage',
    vat: 'MwSt',
    withholding: 'Quellensteuer',
    netToPay: 'Zahlbetrag',
    firstDue: 'Erste Fälligkeit',
    identifier: 'SDI-Kennung',
    total: 'Summe',
  },
  dashboard: {
    turnover: 'Umsatz {{month}}',
    purchases: 'Einkäufe {{month}}',
    documents_one: '1 Beleg nach Belegdatum',
    documents_other: '{{count}} Belege nach Belegdatum',
    creditNotes_one: '1 Gutschrift abgezogen',
    creditNotes_other: '{{count}} Gutschriften abgezogen',
    discarded_one: '1 vom SDI abgelehnte nicht mitgezählt',
    discarded_other: '{{count}} vom SDI abgelehnte nicht mitgezählt',
    unknown_one: '1 Betrag unbekannt (noch nicht gelesen)',
    unknown_other: '{{count}} Beträge unbekannt (noch nicht gelesen)',
  },
  export: {
    byDocumentDate:
      'Die Rechnungen werden nach Belegdatum gewählt (dem Datum auf der Rechnung), nicht nach dem Tag des Versands oder Empfangs.',
    byDocumentDateReceived:
      'Empfangene Rechnungen werden nach Belegdatum gewählt (dem Datum des Lieferanten), nicht nach dem Tag ihres Eingangs.',
    byReceivedDate:
      'Empfangene Rechnungen werden nach dem Tag ihres Eingangs gewählt (italienische Zeit), dem Datum für das MwSt-Einkaufsregister. Der Dienst exportiert nur nach Belegdatum: die App liest die Rechnungen des Zeitraums seitenweise und erstellt das ZIP hier, mit denselben Ordnern.',
    basisLabel: 'Empfangene Rechnungen wählen nach',
    basisDocument: 'Belegdatum',
    basisReceived: 'Eingangsdatum',
    receivedRange: 'Eingangsdaten',
    progress: '{{done}} von {{total}} Rechnungen gelesen',
    unreadTitle: 'Ungelesene Rechnungen',
    unread_one:
      '1 empfangene Rechnung dieses Exports ist noch nicht gelesen: der Export markiert sie als gelesen und zählt 1 Vorgang.',
    unread_other:
      '{{count}} empfangene Rechnungen dieses Exports sind noch nicht gelesen: der Export markiert sie als gelesen und zählt {{count}} Vorgänge.',
    unreadConfirm_one: 'Exportieren und 1 Rechnung lesen',
    unreadConfirm_other: 'Exportieren und {{count}} Rechnungen lesen',
  },
  readColumn: 'Status',
  amountUnread: 'Noch nicht gelesen: der Betrag erscheint, sobald die Rechnung gelesen ist.',
  amountUnknown: 'Die Datei nennt keinen Betrag, den die App erkennt.',
  operationsLeft: 'Verbleibende Vorgänge auf diesem Konto: {{left}}.',
  sandboxFree: 'In der Sandbox verbrauchen Vorgänge kein Guthaben.',
  index: {
    title: 'Lokaler Index',
    why: 'Beträge, Belegarten und Beschreibungen der Rechnungen, die die App gelesen hat, auf diesem Gerät gespeichert, damit Listen sofort öffnen und die Suche Beträge und Beschreibungen findet.',
    summary: '{{sent}} gesendete und {{received}} empfangene Rechnungen im Index, verschlüsselt.',
    memoryOnly:
      'Kein Schlüssel zum Verschlüsseln des Index: er bleibt nur im Speicher und wird nach jedem Neuladen neu aufgebaut.',
    rebuild: 'Index neu aufbauen',
    plan: 'Der Neuaufbau liest die Dateien von {{sent}} gesendeten und von {{read}} bereits gelesenen empfangenen Rechnungen erneut. Das zählt keinen Vorgang.',
    planUnread_one:
      '1 ungelesene empfangene Rechnung wird nicht geöffnet: sie zu lesen zählte 1 Vorgang und markierte sie als gelesen.',
    planUnread_other:
      '{{count}} ungelesene empfangene Rechnungen werden nicht geöffnet: sie zu lesen zählte {{count}} Vorgänge und markierte sie als gelesen.',
    start: 'Neu aufbauen',
    progress: '{{done}} von {{total}} Rechnungen gelesen',
    done: 'Index neu aufgebaut: {{count}} Rechnungen.',
    failed: 'Der Index konnte nicht neu aufgebaut werden: {{message}}',
  },
  search: {
    content: 'In Rechnungen gefunden',
    sent: 'gesendet',
    received: 'empfangen',
  },
};
