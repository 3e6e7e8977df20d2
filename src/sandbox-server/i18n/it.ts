import type { Catalog } from './messages.ts';

export const it: Catalog = {
  title: {
    'bad-request': 'Richiesta non valida',
    unauthorized: 'Autenticazione richiesta',
    forbidden: 'Accesso negato',
    'not-found': 'Non trovato',
    conflict: 'Conflitto',
    invalid: 'Contenuto non elaborabile',
    'too-large': 'Contenuto troppo grande',
    'unsupported-media-type': 'Tipo di contenuto non supportato',
    'rate-limited': 'Troppe richieste',
    internal: 'Errore interno del server',
    'insufficient-storage': 'Spazio di archiviazione insufficiente',
    'headers-too-large': 'Intestazioni della richiesta troppo grandi',
    timeout: 'Tempo della richiesta scaduto',
  },
  auth: {
    missing:
      "Invia la tua chiave API con l'autenticazione HTTP Basic: la chiave come nome utente e la password vuota.",
    invalid: 'La chiave API non è valida o è stata revocata.',
    sandboxOnly: 'Questa chiamata è disponibile solo con chiavi sandbox (test).',
    malformed:
      "L'intestazione Authorization non è HTTP Basic valido: 'Basic ' seguito dal Base64 di 'chiave:' (la chiave, i due punti, una password vuota).",
  },
  query: {
    integer: "Il parametro '{{parameter}}' deve essere un numero intero.",
    range: "Il parametro '{{parameter}}' deve essere compreso tra {{min}} e {{max}}.",
    boolean: "Il parametro '{{parameter}}' deve essere true o false.",
    dateTime:
      "Il parametro '{{parameter}}' deve essere una data e ora UTC ISO 8601, ad esempio 2024-11-29T12:34:56Z.",
    enum: "Il parametro '{{parameter}}' deve essere uno tra: {{allowed}}.",
    sort: "Impossibile ordinare per '{{value}}'. Campi ordinabili: {{allowed}} (anteponi '-' per l'ordine decrescente).",
    ids: "Il parametro 'ids' può elencare al massimo {{max}} id separati da virgole.",
    repeated: "Il parametro '{{parameter}}' può comparire una sola volta.",
    unknown:
      "Il parametro '{{parameter}}' non è tra quelli di questa operazione (modalità rigorosa). Quelli ammessi: {{allowed}}.",
    order: "Il parametro '{{parameter}}' non può essere successivo a '{{other}}'.",
  },
  notFound: {
    route: "L'endpoint {{method}} {{path}} non esiste.",
    company: 'Nessuna azienda {{id}} in questo account.',
    send: 'Nessuna fattura inviata {{id}} in questo account.',
    receive: 'Nessuna fattura ricevuta {{id}} in questo account.',
    event: 'Nessun evento di log {{id}} in questo account.',
    companyFilter: 'company_id {{id}} non è una delle tue aziende.',
    webhook: 'Nessun webhook {{id}} in questo account.',
    webhookHistory: 'Nessuna consegna di webhook {{id}} in questo account.',
    update: 'Nessun aggiornamento SDI {{id}} in questo account.',
    notification: "Con l'aggiornamento {{id}} SDI non ha emesso alcun file di notifica.",
    receiveNotification: 'SDI non ha inviato alcun file {{file}} per la fattura ricevuta {{id}}.',
    receiveMetadata:
      'La fattura ricevuta {{id}} non ha un file metadati: è arrivata prima che la sandbox li conservasse.',
    receiver:
      'Il ricevitore di webhook integrato non è attivo per questo account: avvialo prima (POST /_sandbox/receiver).',
  },
  company: {
    vatRegistered: 'Un’azienda con partita IVA {{vat}} è già registrata in questo account (id {{id}}).',
    vatOwnedElsewhere: 'La partita IVA {{vat}} appartiene a un’azienda di un altro account.',
    versionMismatch:
      "L'azienda è cambiata da quando l'hai letta (versione {{given}} inviata, {{current}} memorizzata). Rileggila e riprova.",
    linked:
      "L'azienda {{id}} ha ancora dati collegati: {{send}} fatture inviate e {{receive}} ricevute, {{update}} notifiche SDI, {{log}} eventi di log. Ripeti con force=true per eliminarla insieme a tutti questi dati.",
  },
  body: {
    invalid: 'Il corpo della richiesta ha {{count}} problema/i; vedi errors.',
    malformedJson: 'Il corpo della richiesta non è JSON valido.',
    tooLarge: 'Il corpo della richiesta supera il limite di {{limit}} byte.',
    expectedObject: 'Il corpo della richiesta deve essere un oggetto JSON.',
    expectedMultipart: "Carica la fattura come multipart/form-data con una parte chiamata 'file'.",
    contentType: "L'intestazione Content-Type '{{value}}' non è un tipo di contenuto valido.",
    charset: "Il charset '{{charset}}' non è supportato; invia il corpo in UTF-8.",
    encoding:
      "Il Content-Encoding '{{encoding}}' non è supportato qui; invia il corpo non compresso, oppure compresso con gzip, deflate o br (non per i caricamenti multipart).",
    corrupt:
      "Il corpo della richiesta non si può decodificare secondo il suo Content-Encoding '{{encoding}}'.",
    incomplete: 'Il corpo della richiesta si è interrotto prima di essere completo.',
    malformedMultipart:
      'Il corpo multipart/form-data è malformato o incompleto: controlla il boundary e che termini con il boundary di chiusura.',
    tooDeep: 'Il corpo JSON annida oggetti e array per più di {{limit}} livelli.',
  },
  field: {
    required: "'{{field}}' è obbligatorio.",
    string: "'{{field}}' deve essere un testo.",
    integer: "'{{field}}' deve essere un numero intero.",
    tooLong: "'{{field}}' può avere al massimo {{max}} caratteri.",
    stringMap: "'{{field}}' deve essere un oggetto con soli valori di testo.",
    vatMissingCountry:
      'La partita IVA {{value}} deve iniziare con il codice del paese di due lettere, ad esempio IT{{value}}.',
    vatFormat:
      'La partita IVA {{value}} non è ben formata: IT seguito da 11 cifre, oppure un codice paese seguito da 2-28 lettere e cifre.',
    vatCheckDigit: 'La partita IVA {{value}} ha la cifra di controllo errata.',
    fiscalCode:
      'Il codice fiscale {{value}} non è valido: 16 caratteri per una persona o 11 cifre per una società, con il carattere di controllo corretto.',
    fiscalCodeForeign: 'Il codice fiscale {{value}} deve avere da 1 a 28 lettere e cifre.',
  },
  hint: {
    vat: 'Scrivi il codice paese e il numero senza spazi, ad esempio IT12345678903.',
    fiscalCode: 'Copia il codice dalla tessera sanitaria o dalla visura camerale.',
    fileName: 'Usa <paese><id trasmittente>_<1-5 lettere o cifre>.xml, ad esempio IT01234567890_00001.xml.',
    xml: "Apri il file in un editor XML per trovare l'errore, oppure esportalo di nuovo dal gestionale.",
    p7m: "Firma di nuovo l'XML con il software di firma, oppure invia l'XML non firmato.",
    supplier: 'Compila CedentePrestatore/DatiAnagrafici/IdFiscaleIVA con la partita IVA del fornitore.',
    base64: "Invia l'XML come testo, oppure il Base64 dei byte del file XML o P7M.",
    trust:
      "Firma con un certificato qualificato, oppure invia l'XML non firmato con signature=Auto o Force perché lo firmi il sandbox. Questo sandbox riconosce la propria CA (signing/sandbox-ca.pem nella sua cartella dati) e quelle indicate con serve --trust-ca FILE.pem; serve --trust-any-certificate accetta qualunque certificato.",
    paOffice:
      "Chiedi all'amministrazione il codice del suo ufficio di fatturazione elettronica. In questo sandbox GET /_sandbox/pa-offices elenca gli uffici noti, POST /_sandbox/pa-offices ne aggiunge uno e serve --lenient-ipa disattiva il controllo.",
  },
  invoice: {
    invalid: 'Il file della fattura ha {{count}} problema/i; vedi errors.',
    empty: 'Il file della fattura è vuoto.',
    tooLarge: 'Il file della fattura è di {{size}} byte; lo SDI accetta al massimo {{limit}} byte.',
    dtd: "L'XML contiene una dichiarazione DOCTYPE o di entità; i file fattura non devono averne.",
    notWellFormed: "L'XML non è ben formato alla riga {{line}}, colonna {{column}}: {{detail}}.",
    tooDeep: "L'XML annida gli elementi per più di {{limit}} livelli.",
    notAnInvoice: "L'elemento radice dell'XML non è FatturaElettronica.",
    unknownFormat: "L'attributo 'versione' di FatturaElettronica deve essere FPR12, FPA12 o FSM10.",
    notCms: 'Il file firmato non è una busta CAdES (PKCS#7) leggibile.',
    cmsWithoutContent: "Il file firmato non contiene l'XML della fattura (firma staccata).",
    notXmlOrBase64: 'Il payload non è né testo XML né Base64 di un file XML o P7M.',
    notXml: 'Il corpo deve essere un documento XML FatturaPA.',
    fileNamePath: "Il nome file '{{value}}' non deve contenere cartelle, '..' o caratteri di controllo.",
    fileNameTooLong: "Il nome file '{{value}}' supera i 50 caratteri.",
    fileNameFormat: "Il nome file '{{value}}' non rispetta la regola di nomenclatura SDI.",
    fileNameIdLength:
      "Nel nome file '{{value}}' un identificativo italiano del trasmittente deve avere 11 o 16 caratteri.",
    fileNameSigned: "Il nome file '{{value}}' deve terminare con .xml.p7m se firmato e con .xml altrimenti.",
    supplierMissing:
      'La fattura non ha la partita IVA del fornitore (CedentePrestatore/DatiAnagrafici/IdFiscaleIVA).',
    supplierOwnedElsewhere:
      'La partita IVA del fornitore {{vat}} appartiene a un’azienda di un altro account.',
  },
  limits: {
    exceeded: 'Troppe richieste per questa chiave. Riprova tra {{seconds}} secondo/i.',
    healthExceeded: 'Troppe verifiche di stato da questo indirizzo. Riprova tra {{seconds}} secondo/i.',
  },
  idempotency: {
    keyLength: "L'intestazione Idempotency-Key deve avere da 1 a 255 caratteri.",
    inFlight:
      'Una richiesta con questa Idempotency-Key è ancora in elaborazione. Riprova quando sarà terminata.',
    mismatch:
      'Questa Idempotency-Key è già stata usata per una richiesta diversa. Usa una nuova chiave per una nuova fattura.',
  },
  cors: {
    originNotAllowed: "L'origine {{origin}} non è consentita per questa chiave API.",
  },
  signature: {
    expired: 'Il certificato di firma ({{subject}}) è scaduto il {{notAfter}}.',
    broken: 'La firma non è valida: il file è stato modificato dopo la firma o la busta è danneggiata.',
    noSigningTime: 'La firma non ha un riferimento temporale.',
    timeOutsideValidity: 'Il riferimento temporale della firma è fuori dalla validità del certificato.',
    certificateInvalid: 'Il certificato di firma manca o non è valido per la firma.',
    untrusted:
      "Il certificato di firma ({{subject}}) non è stato emesso da un'autorità di certificazione riconosciuta da SDI (emittente: {{issuer}}).",
  },
  ipa: {
    unknownOffice:
      "1.1.4 <CodiceDestinatario> non valido: l'ufficio {{code}} non è presente nell'Indice delle Pubbliche Amministrazioni (IPA).",
    inactiveOffice:
      "1.1.4 <CodiceDestinatario> non attivo: l'ufficio {{code}} non è più attivo nell'Indice delle Pubbliche Amministrazioni (IPA).",
    code: "'code' deve essere un codice ufficio della pubblica amministrazione: 6 lettere maiuscole o cifre, ad esempio UFY9MH.",
    notFound: "Nell'indice delle pubbliche amministrazioni di questo sandbox non c'è l'ufficio {{code}}.",
  },
  export: {
    yearAlone: "L'anno richiede un mese o un trimestre: usa year con month, oppure year con quarter.",
    needsYear: "'{{parameter}}' richiede un anno (year).",
    monthAndQuarter: 'Scegli un mese o un trimestre, non entrambi.',
    periodAndRange:
      'Scegli un periodo (anno con mese o trimestre) oppure un intervallo di date, non entrambi.',
    inFlight: 'Un export di questo account è già in corso. Riprova quando sarà terminato.',
  },
  sdi: {
    esitoNotPa:
      'La fattura {{id}} è {{format}}: solo le fatture verso una pubblica amministrazione (FPA12) ricevono un esito dal destinatario.',
    esitoNotAtSdi:
      'La fattura {{id}} non è ancora stata presa in carico da SDI: non ha un identificativo SDI a cui un esito possa riferirsi.',
  },
  sandbox: {
    scenarioHeader: "L'intestazione Sandbox-Scenario non è valida: {{reason}}.",
    clockEmpty: "Indica almeno uno tra 'advance', 'set' e 'freeze'.",
    duration: "'{{field}}' deve essere una durata come 15d, 36h o 30s, oppure un numero di secondi.",
    dateTime: "'{{field}}' deve essere una data e ora ISO 8601 come 2026-01-31T09:00:00Z.",
    boolean: "'{{field}}' deve essere true o false.",
    esito: "'esito' deve essere EC01 (accettata) o EC02 (rifiutata).",
    format: "'{{field}}' deve essere FPR12 o FPA12.",
    inboundBody: "Invia 'payload' (con 'file_name' facoltativo) oppure 'generate'.",
  },
  seed: {
    notEmpty:
      'Questo account della sandbox contiene già dei dati: i dati dimostrativi si caricano solo in un account vuoto. Azzeralo prima (POST /_sandbox/reset).',
    vatTaken: "L'azienda dimostrativa {{vat}} ({{name}}) è registrata da un altro account di questa sandbox.",
    busy: 'Il caricamento dei dati dimostrativi è già in corso: attendi che finisca.',
    profile: "'profile' deve essere demo o qa.",
    seed: "'seed' deve essere un numero intero da 0 in su.",
  },
  quota: {
    operations:
      'Le operazioni di questo account sono esaurite ({{quota}} in tutto). Le chiavi sandbox non hanno limiti.',
    signatures:
      'Le firme di questo account sono esaurite ({{quota}} in tutto): invia la fattura già firmata, oppure con signature=None. Le chiavi sandbox non hanno limiti.',
  },
  webhook: {
    url: "L'URL del webhook {{value}} deve essere un indirizzo assoluto http:// o https://.",
    urlCredentials:
      "L'URL del webhook non deve contenere nome utente o password: è conservato e mostrato in chiaro. Per sapere che una consegna viene da questo servizio, verifica la sua intestazione Service-Signature.",
    events: 'Gli eventi del webhook devono essere una lista tra: {{allowed}}.',
    limit:
      'Un account può avere al massimo {{max}} webhook per ambiente: elimina prima uno che non serve più.',
    redeliveryNoBody:
      'La consegna di webhook {{id}} è stata registrata senza il suo corpo (prima che la sandbox conservasse i corpi): non si può inviare di nuovo.',
  },
  request: {
    badPath:
      "Il percorso dell'URL contiene una codifica percentuale non valida: '%' deve essere seguito da due cifre esadecimali di UTF-8.",
    malformed: 'La richiesta non è valida.',
    headersTooLarge: 'La riga di richiesta e le intestazioni insieme non devono superare {{limit}} byte.',
    timeout: 'La richiesta non è stata ricevuta completamente in tempo.',
  },
  internal: {
    unexpected:
      "Si è verificato un errore sul server. L'id della richiesta lo identifica nel log del server.",
    storageFull:
      'Il server non ha più spazio su disco per salvare questa richiesta; non ne è stato salvato nulla. Riprova quando lo spazio è stato liberato.',
  },
  fault: {
    header:
      "L'intestazione Sandbox-Fault non è valida in '{{part}}': scrivi ad esempio status=503;retry-after=2, latency=2s, hang o reset, con p=0.3 per una probabilità.",
    byHeader: "Errore simulato dalla sandbox, come chiesto dall'intestazione Sandbox-Fault: {{fault}}.",
    byRule: 'Errore simulato dalla sandbox, secondo la regola {{id}}: {{fault}}.',
    title502: 'Gateway non valido',
    title503: 'Servizio non disponibile',
    title504: 'Timeout del gateway',
    rulePath:
      "'path' deve essere un percorso che inizia con / (* sta per qualsiasi carattere), al massimo 200 caratteri.",
    ruleMethod: "'method' deve essere un metodo HTTP come GET o POST.",
    ruleFault:
      "'fault' non è valido in '{{part}}': scrivi ad esempio status=503;retry-after=2, latency=2s, hang o reset, con p=0.3 per una probabilità.",
    ruleTimes: "'times' deve essere un numero intero da 1 a 10000.",
    ruleExpires: "'expires_in' deve essere una durata come 30s, 10m o 1h.",
    ruleNotFound: 'Nessuna regola di errore {{id}} in questo account.',
    limits: "'rate_limit' deve essere unlimited o dei limiti come 5/s,100/m,1000/d.",
  },
};
