export { runSdiChecks, runSdiChecksBounded, hasSdiErrors, SDI_CHECKS } from './run.ts';
export { sdiMessages, describeSdiProblem } from './messages.ts';
export type { SdiMessage, SdiProblemDescription } from './messages.ts';
export { SDI_CHECK_CODES, SDI_MAX_FILE_SIZE } from './types.ts';
export type {
  CheckInput,
  SdiFiscalId,
  SdiInvoiceKey,
  SdiRecipientCodeStatus,
  SdiCheck,
  SdiCheckCode,
  SdiCheckContext,
  SdiProblem,
  SdiSeverity,
} from './types.ts';
