import type { Catalog } from './messages.ts';

export const de: Catalog = {
  title: {
    'bad-request': 'Ungültige Anfrage',
    unauthorized: 'Authentifizierung erforderlich',
    forbidden: 'Zugriff verweigert',
    'not-found': 'Nicht gefunden',
    conflict: 'Konflikt',
    invalid: 'Nicht verarbeitbarer Inhalt',
    'too-large': 'Inhalt zu groß',
    'unsupported-media-type': 'Nicht unterstützter Medientyp',
    'rate-limited': 'Zu viele Anfragen',
    internal: 'Interner Serverfehler',
    'insufficient-storage': 'Speicherplatz unzureichend',
    'headers-too-large': 'Anfrage-Header zu groß',
    timeout: 'Zeitüberschreitung der Anfrage',
  },
  auth: {
    missing:
      'Senden Sie Ihren API-Schlüssel per HTTP-Basic-Authentifizierung: den Schlüssel als Benutzernamen und ein leeres Passwort.',
    invalid: 'Der API-Schlüssel ist ungültig oder wurde widerrufen.',
    sandboxOnly: 'Dieser Aufruf steht nur Sandbox-Schlüsseln (Test) zur Verfügung.',
    malformed:
      "Der Authorization-Header ist kein gültiges HTTP Basic: 'Basic ' gefolgt vom Base64 von 'Schlüssel:' (der Schlüssel, ein Doppelpunkt, ein leeres Passwort).",
  },
  query: {
    integer: "Der Abfrageparameter '{{parameter}}' muss eine ganze Zahl sein.",
    range: "Der Abfrageparameter '{{parameter}}' muss zwischen {{min}} und {{max}} liegen.",
    boolean: "Der Abfrageparameter '{{parameter}}' muss true oder false sein.",
    dateTime:
      "Der Abfrageparameter '{{parameter}}' muss ein UTC-Zeitpunkt nach ISO 8601 sein, z. B. 2024-11-29T12:34:56Z.",
    enum: "Der Abfrageparameter '{{parameter}}' muss einer der folgenden Werte sein: {{allowed}}.",
    sort: "Nach '{{value}}' kann nicht sortiert werden. Sortierbare Felder: {{allowed}} ('-' voranstellen für absteigende Reihenfolge).",
    ids: "Der Abfrageparameter 'ids' darf höchstens {{max}} durch Kommas getrennte IDs enthalten.",
    repeated: "Der Abfrageparameter '{{parameter}}' darf nur einmal vorkommen.",
    unknown:
      "Der Abfrageparameter '{{parameter}}' gehört nicht zu diesem Vorgang (strenger Modus). Erlaubt sind: {{allowed}}.",
    order: "Der Abfrageparameter '{{parameter}}' darf nicht nach '{{other}}' liegen.",
  },
  notFound: {
    route: 'Den Endpunkt {{method}} {{path}} gibt es nicht.',
    company: 'Kein Unternehmen {{id}} in diesem Konto.',
    send: 'Keine gesendete Rechnung {{id}} in diesem Konto.',
    receive: 'Keine empfangene Rechnung {{id}} in diesem Konto.',
    event: 'Kein Protokollereignis {{id}} in diesem Konto.',
    companyFilter: 'company_id {{id}} ist keines Ihrer Unternehmen.',
    webhook: 'Kein Webhook {{id}} in diesem Konto.',
    webhookHistory: 'Keine Webhook-Zustellung {{id}} in diesem Konto.',
    update: 'Keine SDI-Statusmeldung {{id}} in diesem Konto.',
    notification: 'Zur Statusmeldung {{id}} hat SDI keine Benachrichtigungsdatei ausgestellt.',
    receiveNotification: 'SDI hat zur empfangenen Rechnung {{id}} keine Datei {{file}} gesendet.',
    receiveMetadata:
      'Die empfangene Rechnung {{id}} hat keine Metadatendatei: Sie ist eingegangen, bevor die Sandbox sie aufbewahrte.',
    receiver:
      'Der eingebaute Webhook-Empfänger läuft für dieses Konto nicht: zuerst starten (POST /_sandbox/receiver).',
  },
  company: {
    vatRegistered:
      'Ein Unternehmen mit der USt-IdNr. {{vat}} ist in diesem Konto bereits registriert (ID {{id}}).',
    vatOwnedElsewhere: 'Die USt-IdNr. {{vat}} gehört einem Unternehmen eines anderen Kontos.',
    versionMismatch:
      'Das Unternehmen wurde seit dem Lesen geändert (Version {{given}} gesendet, {{current}} gespeichert). Lesen Sie es erneut und wiederholen Sie den Vorgang.',
    linked:
      'Unternehmen {{id}} hat noch verknüpfte Daten: {{send}} gesendete und {{receive}} empfangene Rechnungen, {{update}} SDI-Meldungen, {{log}} Protokollereignisse. Wiederholen Sie mit force=true, um es mit allen Daten zu löschen.',
  },
  body: {
    invalid: 'Der Anfragetext hat {{count}} Problem(e); siehe errors.',
    malformedJson: 'Der Anfragetext ist kein gültiges JSON.',
    tooLarge: 'Der Anfragetext überschreitet die Grenze von {{limit}} Bytes.',
    expectedObject: 'Der Anfragetext muss ein JSON-Objekt sein.',
    expectedMultipart: "Laden Sie die Rechnung als multipart/form-data mit einem Teil namens 'file' hoch.",
    contentType: "Der Content-Type-Header '{{value}}' ist kein gültiger Medientyp.",
    charset: "Der Zeichensatz '{{charset}}' wird nicht unterstützt; senden Sie den Anfragetext in UTF-8.",
    encoding:
      "Das Content-Encoding '{{encoding}}' wird hier nicht unterstützt; senden Sie den Anfragetext unkomprimiert oder mit gzip, deflate oder br komprimiert (nicht bei multipart-Uploads).",
    corrupt: "Der Anfragetext lässt sich nicht gemäß seinem Content-Encoding '{{encoding}}' dekodieren.",
    incomplete: 'Der Anfragetext endete, bevor er vollständig war.',
    malformedMultipart:
      'Der multipart/form-data-Anfragetext ist fehlerhaft oder unvollständig: prüfen Sie die Boundary und dass er mit der schließenden Boundary endet.',
    tooDeep: 'Der JSON-Anfragetext verschachtelt Objekte und Arrays tiefer als {{limit}} Ebenen.',
  },
  field: {
    required: "'{{field}}' ist erforderlich.",
    string: "'{{field}}' muss ein Text sein.",
    integer: "'{{field}}' muss eine ganze Zahl sein.",
    tooLong: "'{{field}}' darf höchstens {{max}} Zeichen lang sein.",
    stringMap: "'{{field}}' muss ein Objekt sein, dessen Werte alle Texte sind.",
    vatMissingCountry:
      'Die USt-IdNr. {{value}} muss mit dem zweistelligen Ländercode beginnen, z. B. IT{{value}}.',
    vatFormat:
      'Die USt-IdNr. {{value}} ist falsch aufgebaut: IT gefolgt von 11 Ziffern oder ein Ländercode gefolgt von 2 bis 28 Buchstaben und Ziffern.',
    vatCheckDigit: 'Die USt-IdNr. {{value}} hat eine falsche Prüfziffer.',
    fiscalCode:
      'Die Steuernummer {{value}} ist ungültig: 16 Zeichen für eine Person oder 11 Ziffern für ein Unternehmen, mit korrektem Prüfzeichen.',
    fiscalCodeForeign: 'Die Steuernummer {{value}} muss aus 1 bis 28 Buchstaben und Ziffern bestehen.',
  },
  hint: {
    vat: 'Schreiben Sie Ländercode und Nummer ohne Leerzeichen, z. B. IT12345678903.',
    fiscalCode: 'Übernehmen Sie den Code aus der Steuerkarte oder dem Handelsregisterauszug.',
    fileName:
      'Verwenden Sie <Land><Übermittler-ID>_<1-5 Buchstaben oder Ziffern>.xml, z. B. IT01234567890_00001.xml.',
    xml: 'Öffnen Sie die Datei in einem XML-Editor, um den Fehler zu finden, oder exportieren Sie sie erneut aus Ihrer Rechnungssoftware.',
    p7m: 'Signieren Sie das XML erneut mit Ihrer Signatursoftware oder senden Sie das unsignierte XML.',
    supplier:
      'Tragen Sie die USt-IdNr. des Lieferanten in CedentePrestatore/DatiAnagrafici/IdFiscaleIVA ein.',
    base64: 'Senden Sie das XML als Text oder Base64 der Bytes der XML- oder P7M-Datei.',
    trust:
      'Signieren Sie mit einem qualifizierten Zertifikat, oder senden Sie das XML unsigniert mit signature=Auto oder Force, damit die Sandbox es signiert. Diese Sandbox vertraut ihrer eigenen CA (signing/sandbox-ca.pem in ihrem Datenordner) und den mit serve --trust-ca DATEI.pem angegebenen; serve --trust-any-certificate akzeptiert jedes Zertifikat.',
    paOffice:
      'Erfragen Sie bei der Verwaltung den Code ihrer Dienststelle für elektronische Rechnungen. In dieser Sandbox listet GET /_sandbox/pa-offices die bekannten Dienststellen, POST /_sandbox/pa-offices fügt eine hinzu, und serve --lenient-ipa schaltet die Prüfung ab.',
  },
  invoice: {
    invalid: 'Die Rechnungsdatei hat {{count}} Problem(e); siehe errors.',
    empty: 'Die Rechnungsdatei ist leer.',
    tooLarge: 'Die Rechnungsdatei hat {{size}} Bytes; SDI akzeptiert höchstens {{limit}} Bytes.',
    dtd: 'Das XML enthält eine DOCTYPE- oder Entity-Deklaration; Rechnungsdateien dürfen keine haben.',
    notWellFormed: 'Das XML ist in Zeile {{line}}, Spalte {{column}} nicht wohlgeformt: {{detail}}.',
    tooDeep: 'Das XML verschachtelt Elemente tiefer als {{limit}} Ebenen.',
    notAnInvoice: 'Das Wurzelelement des XML ist nicht FatturaElettronica.',
    unknownFormat: "Das Attribut 'versione' von FatturaElettronica muss FPR12, FPA12 oder FSM10 sein.",
    notCms: 'Die signierte Datei ist kein lesbarer CAdES-(PKCS#7-)Umschlag.',
    cmsWithoutContent: 'Die signierte Datei enthält das Rechnungs-XML nicht (abgesetzte Signatur).',
    notXmlOrBase64: 'Der Payload ist weder XML-Text noch Base64 einer XML- oder P7M-Datei.',
    notXml: 'Der Anfragetext muss ein FatturaPA-XML-Dokument sein.',
    fileNamePath: "Der Dateiname '{{value}}' darf keine Ordner, '..' oder Steuerzeichen enthalten.",
    fileNameTooLong: "Der Dateiname '{{value}}' ist länger als 50 Zeichen.",
    fileNameFormat: "Der Dateiname '{{value}}' folgt nicht der SDI-Namensregel.",
    fileNameIdLength:
      "Im Dateinamen '{{value}}' muss eine italienische Übermittler-ID 11 oder 16 Zeichen haben.",
    fileNameSigned:
      "Der Dateiname '{{value}}' muss bei signierten Dateien auf .xml.p7m und sonst auf .xml enden.",
    supplierMissing:
      'Die Rechnung hat keine USt-IdNr. des Lieferanten (CedentePrestatore/DatiAnagrafici/IdFiscaleIVA).',
    supplierOwnedElsewhere:
      'Die USt-IdNr. {{vat}} des Lieferanten gehört einem Unternehmen eines anderen Kontos.',
  },
  limits: {
    exceeded: 'Zu viele Anfragen für diesen Schlüssel. Versuchen Sie es in {{seconds}} Sekunde(n) erneut.',
    healthExceeded:
      'Zu viele Statusabfragen von dieser Adresse. Versuchen Sie es in {{seconds}} Sekunde(n) erneut.',
  },
  idempotency: {
    keyLength: 'Der Header Idempotency-Key muss 1 bis 255 Zeichen haben.',
    inFlight:
      'Eine Anfrage mit diesem Idempotency-Key wird noch verarbeitet. Wiederholen Sie sie nach deren Abschluss.',
    mismatch:
      'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet. Verwenden Sie für eine neue Rechnung einen neuen Schlüssel.',
  },
  cors: {
    originNotAllowed: 'Der Ursprung {{origin}} ist für diesen API-Schlüssel nicht zugelassen.',
  },
  signature: {
    expired: 'Das Signaturzertifikat ({{subject}}) ist am {{notAfter}} abgelaufen.',
    broken:
      'Die Signatur ist ungültig: Die Datei wurde nach dem Signieren geändert oder der Umschlag ist beschädigt.',
    noSigningTime: 'Die Signatur hat keinen Signaturzeitpunkt.',
    timeOutsideValidity: 'Der Signaturzeitpunkt liegt außerhalb der Gültigkeit des Zertifikats.',
    certificateInvalid: 'Das Signaturzertifikat fehlt oder ist zum Signieren nicht gültig.',
    untrusted:
      'Das Signaturzertifikat ({{subject}}) wurde nicht von einer Zertifizierungsstelle ausgestellt, der SDI vertraut (Aussteller: {{issuer}}).',
  },
  ipa: {
    unknownOffice:
      '1.1.4 <CodiceDestinatario> ist ungültig: Die Dienststelle {{code}} steht nicht im Verzeichnis der öffentlichen Verwaltungen (IPA).',
    inactiveOffice:
      '1.1.4 <CodiceDestinatario> ist nicht aktiv: Die Dienststelle {{code}} ist im Verzeichnis der öffentlichen Verwaltungen (IPA) nicht mehr aktiv.',
    code: "'code' muss ein Dienststellencode einer öffentlichen Verwaltung sein: 6 Großbuchstaben oder Ziffern, z. B. UFY9MH.",
    notFound:
      'Im Verzeichnis der öffentlichen Verwaltungen dieser Sandbox gibt es keine Dienststelle {{code}}.',
  },
  export: {
    yearAlone: 'Das Jahr braucht einen Monat oder ein Quartal: year mit month oder year mit quarter.',
    needsYear: "'{{parameter}}' braucht ein Jahr (year).",
    monthAndQuarter: 'Wählen Sie einen Monat oder ein Quartal, nicht beides.',
    periodAndRange:
      'Wählen Sie einen Zeitraum (Jahr mit Monat oder Quartal) oder einen Datumsbereich, nicht beides.',
    inFlight: 'Ein Export dieses Kontos läuft bereits. Versuchen Sie es erneut, wenn er abgeschlossen ist.',
  },
  sdi: {
    esitoNotPa:
      'Die Rechnung {{id}} ist {{format}}: Nur Rechnungen an eine öffentliche Verwaltung (FPA12) erhalten einen Bescheid des Empfängers.',
    esitoNotAtSdi:
      'Die Rechnung {{id}} wurde von SDI noch nicht übernommen: Sie hat keine SDI-Kennung, auf die sich ein Ergebnis beziehen könnte.',
  },
  sandbox: {
    scenarioHeader: 'Der Header Sandbox-Scenario ist ungültig: {{reason}}.',
    clockEmpty: "Geben Sie mindestens eines von 'advance', 'set' und 'freeze' an.",
    duration: "'{{field}}' muss eine Dauer wie 15d, 36h oder 30s oder eine Anzahl Sekunden sein.",
    dateTime: "'{{field}}' muss ein ISO-8601-Zeitpunkt wie 2026-01-31T09:00:00Z sein.",
    boolean: "'{{field}}' muss true oder false sein.",
    esito: "'esito' muss EC01 (angenommen) oder EC02 (abgelehnt) sein.",
    format: "'{{field}}' muss FPR12 oder FPA12 sein.",
    inboundBody: "Senden Sie entweder 'payload' (mit optionalem 'file_name') oder 'generate'.",
  },
  seed: {
    notEmpty:
      'Dieses Sandbox-Konto enthält bereits Daten: Demodaten werden nur in ein leeres Konto geladen. Setzen Sie es zuerst zurück (POST /_sandbox/reset).',
    vatTaken:
      'Das Demo-Unternehmen {{vat}} ({{name}}) ist von einem anderen Konto dieser Sandbox registriert.',
    busy: 'Die Demodaten werden bereits geladen; warten Sie, bis das abgeschlossen ist.',
    profile: "'profile' muss demo oder qa sein.",
    seed: "'seed' muss eine ganze Zahl ab 0 sein.",
  },
  quota: {
    operations:
      'Die Operationen dieses Kontos sind aufgebraucht ({{quota}} insgesamt). Sandbox-Schlüssel sind nie begrenzt.',
    signatures:
      'Die Signaturen dieses Kontos sind aufgebraucht ({{quota}} insgesamt): senden Sie die Rechnung bereits signiert oder mit signature=None. Sandbox-Schlüssel sind nie begrenzt.',
  },
  webhook: {
    url: 'Die Webhook-URL {{value}} muss eine absolute http://- oder https://-Adresse sein.',
    urlCredentials:
      'Die Webhook-URL darf weder Benutzername noch Passwort enthalten: Sie wird im Klartext gespeichert und angezeigt. Ob eine Zustellung von diesem Dienst stammt, zeigt ihr Header Service-Signature.',
    events: 'Webhook-Ereignisse müssen eine Liste aus folgenden Werten sein: {{allowed}}.',
    limit:
      'Ein Konto kann je Umgebung höchstens {{max}} Webhooks haben: Löschen Sie zuerst einen, der nicht mehr gebraucht wird.',
    redeliveryNoBody:
      'Die Webhook-Zustellung {{id}} wurde ohne ihren Inhalt gespeichert (bevor die Sandbox Inhalte aufbewahrte): sie kann nicht erneut gesendet werden.',
  },
  request: {
    badPath:
      "Der URL-Pfad enthält eine ungültige Prozentkodierung: auf '%' müssen zwei Hexadezimalziffern von UTF-8 folgen.",
    malformed: 'Die Anfrage ist fehlerhaft.',
    headersTooLarge: 'Anfragezeile und Header zusammen dürfen {{limit}} Bytes nicht überschreiten.',
    timeout: 'Die Anfrage wurde nicht rechtzeitig vollständig empfangen.',
  },
  internal: {
    unexpected:
      'Auf dem Server ist ein Fehler aufgetreten. Die Anfrage-ID kennzeichnet ihn im Serverprotokoll.',
    storageFull:
      'Auf dem Server ist kein Speicherplatz mehr frei, um diese Anfrage zu speichern; nichts davon wurde übernommen. Versuchen Sie es erneut, sobald Platz frei ist.',
  },
  fault: {
    header:
      "Der Header Sandbox-Fault ist bei '{{part}}' ungültig: schreiben Sie z. B. status=503;retry-after=2, latency=2s, hang oder reset, mit p=0.3 für eine Wahrscheinlichkeit.",
    byHeader: 'Von der Sandbox simulierter Fehler, wie vom Header Sandbox-Fault verlangt: {{fault}}.',
    byRule: 'Von der Sandbox simulierter Fehler, nach Fehlerregel {{id}}: {{fault}}.',
    title502: 'Ungültiges Gateway',
    title503: 'Dienst nicht verfügbar',
    title504: 'Gateway-Zeitüberschreitung',
    rulePath:
      "'path' muss ein Pfad sein, der mit / beginnt (* steht für beliebige Zeichen), höchstens 200 Zeichen.",
    ruleMethod: "'method' muss eine HTTP-Methode wie GET oder POST sein.",
    ruleFault:
      "'fault' ist bei '{{part}}' ungültig: schreiben Sie z. B. status=503;retry-after=2, latency=2s, hang oder reset, mit p=0.3 für eine Wahrscheinlichkeit.",
    ruleTimes: "'times' muss eine ganze Zahl von 1 bis 10000 sein.",
    ruleExpires: "'expires_in' muss eine Dauer wie 30s, 10m oder 1h sein.",
    ruleNotFound: 'Keine Fehlerregel {{id}} in diesem Konto.',
    limits: "'rate_limit' muss unlimited oder Grenzen wie 5/s,100/m,1000/d sein.",
  },
};
