/** English messages: the reference catalog. Every other language has exactly these keys (checked by the compiler). */
export const en = {
  title: {
    'bad-request': 'Bad request',
    unauthorized: 'Authentication required',
    forbidden: 'Forbidden',
    'not-found': 'Not found',
    conflict: 'Conflict',
    invalid: 'Unprocessable content',
    'too-large': 'Content too large',
    'unsupported-media-type': 'Unsupported media type',
    'rate-limited': 'Too many requests',
    internal: 'Internal server error',
    'insufficient-storage': 'Insufficient storage',
    'headers-too-large': 'Request header fields too large',
    timeout: 'Request timeout',
  },
  auth: {
    missing: 'Send your API key with HTTP Basic authentication: the key as user name and an empty password.',
    invalid: 'The API key is not valid or has been revoked.',
    sandboxOnly: 'This call is available to sandbox (test) keys only.',
    malformed:
      "The Authorization header is not valid HTTP Basic: 'Basic ' followed by the Base64 of 'key:' (the key, a colon, an empty password).",
  },
  query: {
    integer: "The query parameter '{{parameter}}' must be a whole number.",
    range: "The query parameter '{{parameter}}' must be between {{min}} and {{max}}.",
    boolean: "The query parameter '{{parameter}}' must be true or false.",
    dateTime:
      "The query parameter '{{parameter}}' must be a UTC ISO 8601 date-time such as 2024-11-29T12:34:56Z.",
    enum: "The query parameter '{{parameter}}' must be one of: {{allowed}}.",
    sort: "Cannot sort by '{{value}}'. Sortable fields: {{allowed}} (prefix with '-' for descending order).",
    ids: "The query parameter 'ids' must list at most {{max}} comma-separated ids.",
    repeated: "The query parameter '{{parameter}}' may appear only once.",
    unknown:
      "The query parameter '{{parameter}}' is not one this operation takes (strict mode). It takes: {{allowed}}.",
    order: "The query parameter '{{parameter}}' must not be after '{{other}}'.",
  },
  notFound: {
    route: 'There is no endpoint {{method}} {{path}}.',
    company: 'No company {{id}} in this account.',
    send: 'No sent invoice {{id}} in this account.',
    receive: 'No received invoice {{id}} in this account.',
    event: 'No log event {{id}} in this account.',
    companyFilter: 'company_id {{id}} is not one of your companies.',
    webhook: 'No webhook {{id}} in this account.',
    webhookHistory: 'No webhook delivery {{id}} in this account.',
    update: 'No SDI update {{id}} in this account.',
    notification: 'SDI issued no notification file with update {{id}}.',
    receiveNotification: 'SDI sent no file {{file}} about received invoice {{id}}.',
    receiveMetadata: 'Received invoice {{id}} has no metadata file: it arrived before the sandbox kept them.',
    receiver:
      'The built-in webhook receiver is not running for this account: start it first (POST /_sandbox/receiver).',
  },
  company: {
    vatRegistered: 'A company with VAT number {{vat}} is already registered in this account (id {{id}}).',
    vatOwnedElsewhere: 'The VAT number {{vat}} belongs to a company of another account.',
    versionMismatch:
      'The company has changed since you read it (version {{given}} sent, {{current}} stored). Read it again and retry.',
    linked:
      'Company {{id}} still has linked data: {{send}} sent and {{receive}} received invoices, {{update}} SDI updates, {{log}} log events. Repeat with force=true to delete it with all of them.',
  },
  body: {
    invalid: 'The request body has {{count}} problem(s); see errors.',
    malformedJson: 'The request body is not valid JSON.',
    tooLarge: 'The request body is larger than the limit of {{limit}} bytes.',
    expectedObject: 'The request body must be a JSON object.',
    expectedMultipart: "Upload the invoice as multipart/form-data with one part named 'file'.",
    contentType: "The Content-Type header '{{value}}' is not a valid media type.",
    charset: "The charset '{{charset}}' is not supported; send the body in UTF-8.",
    encoding:
      "The Content-Encoding '{{encoding}}' is not supported here; send the body uncompressed, or compressed with gzip, deflate or br (not multipart uploads).",
    corrupt: "The request body cannot be decoded as its Content-Encoding '{{encoding}}' says.",
    incomplete: 'The request body ended before it was complete.',
    malformedMultipart:
      'The multipart/form-data body is malformed or incomplete: check its boundary and that it ends with the closing boundary.',
    tooDeep: 'The JSON body nests objects and arrays more than {{limit}} levels deep.',
  },
  field: {
    required: "'{{field}}' is required.",
    string: "'{{field}}' must be a text value.",
    integer: "'{{field}}' must be a whole number.",
    tooLong: "'{{field}}' must be at most {{max}} characters long.",
    stringMap: "'{{field}}' must be an object whose values are all text.",
    vatMissingCountry:
      'The VAT number {{value}} must start with its two-letter country code, e.g. IT{{value}}.',
    vatFormat:
      'The VAT number {{value}} is not well formed: IT followed by 11 digits, or a country code followed by 2 to 28 letters and digits.',
    vatCheckDigit: 'The VAT number {{value}} has a wrong check digit.',
    fiscalCode:
      'The fiscal code {{value}} is not valid: 16 characters for a person or 11 digits for a company, with the right check character.',
    fiscalCodeForeign: 'The fiscal code {{value}} must be 1 to 28 letters and digits.',
  },
  hint: {
    vat: 'Write the country code and the number without spaces, e.g. IT12345678903.',
    fiscalCode: 'Copy the code from the tax card or the chamber of commerce record.',
    fileName: 'Use <country><transmitter id>_<1-5 letters or digits>.xml, e.g. IT01234567890_00001.xml.',
    xml: 'Open the file in an XML editor to find the error, or export it again from your invoicing software.',
    p7m: 'Sign the XML again with your signing software, or send the unsigned XML.',
    supplier: 'Fill in CedentePrestatore/DatiAnagrafici/IdFiscaleIVA with the supplier VAT number.',
    base64: 'Send the XML as text, or Base64 of the XML or P7M file bytes.',
    trust:
      'Sign with a qualified certificate, or send the XML unsigned with signature=Auto or Force so that the sandbox signs it. This sandbox trusts its own CA (signing/sandbox-ca.pem in its data folder) and those given with serve --trust-ca FILE.pem; serve --trust-any-certificate trusts every certificate.',
    paOffice:
      'Ask the administration for the code of its e-invoicing office. In this sandbox GET /_sandbox/pa-offices lists the offices it knows, POST /_sandbox/pa-offices adds one, and serve --lenient-ipa turns the check off.',
  },
  invoice: {
    invalid: 'The invoice file has {{count}} problem(s); see errors.',
    empty: 'The invoice file is empty.',
    tooLarge: 'The invoice file is {{size}} bytes; SDI accepts at most {{limit}} bytes.',
    dtd: 'The XML contains a DOCTYPE or entity declaration; invoice files must not have one.',
    notWellFormed: 'The XML is not well formed at line {{line}}, column {{column}}: {{detail}}.',
    tooDeep: 'The XML nests elements more than {{limit}} levels deep.',
    notAnInvoice: 'The XML root element is not FatturaElettronica.',
    unknownFormat: "The FatturaElettronica 'versione' attribute must be FPR12, FPA12 or FSM10.",
    notCms: 'The signed file is not a readable CAdES (PKCS#7) envelope.',
    cmsWithoutContent: 'The signed file does not contain the invoice XML (detached signature).',
    notXmlOrBase64: 'The payload is neither XML text nor Base64 of an XML or P7M file.',
    notXml: 'The body must be a FatturaPA XML document.',
    fileNamePath: "The file name '{{value}}' must not contain folders, '..' or control characters.",
    fileNameTooLong: "The file name '{{value}}' is longer than 50 characters.",
    fileNameFormat: "The file name '{{value}}' does not follow the SDI naming rule.",
    fileNameIdLength: "In the file name '{{value}}' an Italian transmitter id must have 11 or 16 characters.",
    fileNameSigned: "The file name '{{value}}' must end in .xml.p7m for a signed file and .xml otherwise.",
    supplierMissing:
      'The invoice has no supplier VAT number (CedentePrestatore/DatiAnagrafici/IdFiscaleIVA).',
    supplierOwnedElsewhere: 'The supplier VAT number {{vat}} belongs to a company of another account.',
  },
  limits: {
    exceeded: 'Too many requests for this key. Retry in {{seconds}} second(s).',
    healthExceeded: 'Too many health checks from this address. Retry in {{seconds}} second(s).',
  },
  idempotency: {
    keyLength: 'The Idempotency-Key header must have 1 to 255 characters.',
    inFlight: 'A request with this Idempotency-Key is still being processed. Retry when it has finished.',
    mismatch:
      'This Idempotency-Key was already used with a different request. Use a new key for a new invoice.',
  },
  cors: {
    originNotAllowed: 'The origin {{origin}} is not allowed for this API key.',
  },
  signature: {
    expired: 'The signing certificate ({{subject}}) expired on {{notAfter}}.',
    broken: 'The signature does not verify: the file was changed after signing or the envelope is damaged.',
    noSigningTime: 'The signature has no signing time.',
    timeOutsideValidity: 'The signing time is outside the validity of the signing certificate.',
    certificateInvalid: 'The signing certificate is missing or not valid for signing.',
    untrusted:
      'The signing certificate ({{subject}}) was not issued by a certification authority SDI trusts (issuer: {{issuer}}).',
  },
  ipa: {
    unknownOffice:
      '1.1.4 <CodiceDestinatario> is not valid: there is no office {{code}} in the directory of public administrations (IPA).',
    inactiveOffice:
      '1.1.4 <CodiceDestinatario> is not active: the office {{code}} is no longer active in the directory of public administrations (IPA).',
    code: "'code' must be a public administration office code: 6 upper-case letters or digits, e.g. UFY9MH.",
    notFound: 'There is no office {{code}} in this sandbox’s directory of public administrations.',
  },
  export: {
    yearAlone: 'The year needs a month or a quarter: use year with month, or year with quarter.',
    needsYear: "'{{parameter}}' needs a year.",
    monthAndQuarter: 'Choose a month or a quarter, not both.',
    periodAndRange: 'Choose a period (year with month or quarter) or a document date range, not both.',
    inFlight: 'An export of this account is already running. Retry when it has finished.',
  },
  sdi: {
    esitoNotPa:
      'Invoice {{id}} is {{format}}: only invoices to a public administration (FPA12) get an outcome from their recipient.',
    esitoNotAtSdi:
      'Invoice {{id}} has not been taken by SDI yet: it has no SDI identifier an outcome could refer to.',
  },
  sandbox: {
    scenarioHeader: 'The Sandbox-Scenario header is not valid: {{reason}}.',
    clockEmpty: "Give at least one of 'advance', 'set' and 'freeze'.",
    duration: "'{{field}}' must be a duration such as 15d, 36h or 30s, or a number of seconds.",
    dateTime: "'{{field}}' must be an ISO 8601 date-time such as 2026-01-31T09:00:00Z.",
    boolean: "'{{field}}' must be true or false.",
    esito: "'esito' must be EC01 (accepted) or EC02 (refused).",
    format: "'{{field}}' must be FPR12 or FPA12.",
    inboundBody: "Send either 'payload' (with an optional 'file_name') or 'generate'.",
  },
  seed: {
    notEmpty:
      'This sandbox account already has data: demo data is only loaded into an empty one. Reset it first (POST /_sandbox/reset).',
    vatTaken: 'The demo company {{vat}} ({{name}}) is registered by another account of this sandbox.',
    busy: 'Demo data is already being loaded; wait for it to finish.',
    profile: "'profile' must be demo or qa.",
    seed: "'seed' must be a whole number from 0 upwards.",
  },
  quota: {
    operations:
      'The operations of this account are used up ({{quota}} in all). Sandbox keys are never limited.',
    signatures:
      'The signatures of this account are used up ({{quota}} in all): send the invoice signed, or with signature=None. Sandbox keys are never limited.',
  },
  webhook: {
    url: 'The webhook URL {{value}} must be an absolute http:// or https:// address.',
    urlCredentials:
      'The webhook URL must not contain a user name or password: it is stored and shown in clear. To know that a delivery comes from this service, check its Service-Signature header.',
    events: 'Webhook events must be a list of: {{allowed}}.',
    limit:
      'An account may have at most {{max}} webhooks in each environment: delete one it no longer needs first.',
    redeliveryNoBody:
      'Webhook delivery {{id}} was recorded without its body (before the sandbox kept bodies): it cannot be sent again.',
  },
  request: {
    badPath:
      "The URL path contains an invalid percent-encoding: '%' must be followed by two hexadecimal digits of UTF-8.",
    malformed: 'The request is malformed.',
    headersTooLarge: 'The request line and headers together must not exceed {{limit}} bytes.',
    timeout: 'The request was not received completely in time.',
  },
  internal: {
    unexpected: 'Something went wrong on the server. The request id identifies it in the server log.',
    storageFull:
      'The server has no disk space left to store this request; nothing of it was kept. Try again once space is freed.',
  },
  fault: {
    header:
      "The Sandbox-Fault header is not valid at '{{part}}': write for example status=503;retry-after=2, latency=2s, hang or reset, with p=0.3 for a probability.",
    byHeader: 'The sandbox injected this fault, as the Sandbox-Fault header asked: {{fault}}.',
    byRule: 'The sandbox injected this fault, by fault rule {{id}}: {{fault}}.',
    title502: 'Bad gateway',
    title503: 'Service unavailable',
    title504: 'Gateway timeout',
    rulePath: "'path' must be a path starting with / (* stands for any characters), at most 200 characters.",
    ruleMethod: "'method' must be an HTTP method such as GET or POST.",
    ruleFault:
      "'fault' is not valid at '{{part}}': write for example status=503;retry-after=2, latency=2s, hang or reset, with p=0.3 for a probability.",
    ruleTimes: "'times' must be a whole number from 1 to 10000.",
    ruleExpires: "'expires_in' must be a duration such as 30s, 10m or 1h.",
    ruleNotFound: 'There is no fault rule {{id}} in this account.',
    limits: "'rate_limit' must be unlimited or limits such as 5/s,100/m,1000/d.",
  },
} as const;
