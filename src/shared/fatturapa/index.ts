export { InvoiceDocumentError } from './errors.ts';
export type { InvoiceDocumentErrorCode, InvoiceDocumentErrorDetails } from './errors.ts';
export {
  parseInvoiceXml,
  decodeXmlBytes,
  xmlCharset,
  ALWAYS_ARRAY_ELEMENTS,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_DEPTH,
} from './xml-document.ts';
export type { InvoiceFormat, InvoiceXml, ParseInvoiceXmlOptions } from './xml-document.ts';
export { summarizeInvoice, partyKey } from './summary.ts';
export type { DocumentSummary, InvoiceSummary, PartyIdentity } from './summary.ts';
export {
  checkVatNumber,
  codiceFiscaleCheckChar,
  isValidCodiceFiscale,
  isValidPartitaIva,
  partitaIvaCheckDigit,
} from './identifiers.ts';
export type { VatNumberCheck } from './identifiers.ts';
export {
  checkSdiFileName,
  generateSdiFileName,
  isSignedFileName,
  MAX_SDI_FILE_NAME_LENGTH,
} from './file-name.ts';
export type { SdiFileNameCheck } from './file-name.ts';
export { detectPayloadKind, unwrapP7m } from './p7m.ts';
export type { PayloadKind } from './p7m.ts';
export { verifyP7m } from './p7m-verify.ts';
export type {
  P7mProblem,
  P7mProblemCode,
  P7mSigner,
  P7mVerification,
  VerifyP7mOptions,
} from './p7m-verify.ts';
export { documentTypeRule, documentTypeRules, documentTypesWhere } from './document-type-rules.ts';
export type { DocumentIssuer, DocumentTypeRule, LinkedInvoiceNeed } from './document-type-rules.ts';
export { MAX_PROBLEMS_PER_FILE } from './problem-limit.ts';
export type { BoundedProblems } from './problem-limit.ts';
export {
  runSdiChecks,
  runSdiChecksBounded,
  hasSdiErrors,
  SDI_CHECKS,
  sdiMessages,
  describeSdiProblem,
  SDI_CHECK_CODES,
  SDI_MAX_FILE_SIZE,
} from './sdi-checks/index.ts';
export type {
  SdiCheck,
  SdiCheckCode,
  SdiCheckContext,
  SdiProblem,
  SdiProblemDescription,
  SdiSeverity,
  SdiFiscalId,
  SdiInvoiceKey,
  SdiRecipientCodeStatus,
} from './sdi-checks/index.ts';
export {
  invoiceToJson,
  invoiceToXml,
  validateStructure,
  validateStructureBounded,
  validateInvoiceXmlStructure,
  validateInvoiceXmlStructureBounded,
  readInvoiceXml,
  structureMessages,
  describeStructureProblem,
  ORDINARY_MODEL,
  ORDINARY_NAMESPACE,
  SIMPLIFIED_MODEL,
  SIMPLIFIED_NAMESPACE,
  DSIG_NAMESPACE,
} from './model/index.ts';
export type {
  StructureProblem,
  StructureProblemKind,
  StructureReport,
  ValidateXmlOptions,
  InvoiceXmlReading,
  ReadInvoiceXmlOptions,
  InvoiceToXmlOptions,
  DescribedStructureProblem,
  StructureMessage,
  FatturaPAJson,
  OrdinaryInvoiceJson,
  SimplifiedInvoiceJson,
  HeaderJson,
  BodyJson,
  SimplifiedHeaderJson,
  SimplifiedBodyJson,
  DatiTrasmissioneJson,
  CedentePrestatoreJson,
  CessionarioCommittenteJson,
  IdFiscaleJson,
  AnagraficaJson,
  IndirizzoJson,
  DatiGeneraliJson,
  DatiGeneraliDocumentoJson,
  DatiBeniServiziJson,
  DettaglioLineeJson,
  DatiRiepilogoJson,
  DatiPagamentoJson,
  DettaglioPagamentoJson,
  AllegatiJson,
  JsonElement,
  JsonElementObject,
  AnyTypeDef,
  AttributeDef,
  ChoiceDef,
  ComplexTypeDef,
  ElementDef,
  Occurs,
  RootDef,
  SimpleTypeDef,
  TypeDef,
} from './model/index.ts';
