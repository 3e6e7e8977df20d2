export { invoiceToJson } from './to-json.ts';
export { invoiceToXml } from './to-xml.ts';
export { fromPublicInvoiceJson } from './public-json.ts';
export type { InvoiceToXmlOptions } from './to-xml.ts';
export {
  validateStructure,
  validateStructureBounded,
  validateInvoiceXmlStructure,
  validateInvoiceXmlStructureBounded,
} from './validate-structure.ts';
export type {
  StructureProblem,
  StructureProblemKind,
  StructureReport,
  ValidateXmlOptions,
} from './validate-structure.ts';
export { readInvoiceXml } from './read-invoice-xml.ts';
export type { InvoiceXmlReading, ReadInvoiceXmlOptions } from './read-invoice-xml.ts';
export { structureMessages, describeStructureProblem } from './messages.ts';
export type { DescribedStructureProblem, StructureMessage } from './messages.ts';
export { ORDINARY_MODEL, ORDINARY_NAMESPACE } from './ordinary.ts';
export { SIMPLIFIED_MODEL, SIMPLIFIED_NAMESPACE } from './simplified.ts';
export { DSIG_NAMESPACE } from './simple-types.ts';
export type * from './json-types.ts';
export type {
  AnyTypeDef,
  AttributeDef,
  ChoiceDef,
  ComplexTypeDef,
  ElementDef,
  Occurs,
  RootDef,
  SimpleTypeDef,
  TypeDef,
} from './types.ts';
