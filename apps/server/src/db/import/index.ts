export type { PassDocument } from './document.js';
export {
  clearDatabase,
  countRows,
  type ImportedLink,
  type ImportOptions,
  type ImportResult,
  importPassDocument,
  importPassFile,
  isDatabaseEmpty,
  loadPassFile,
} from './import.js';
export { formatIssue, type ImportIssue, PassImportError, type PassImportErrorCode } from './issues.js';
export {
  type CheckResult,
  checkPassDocument,
  type ValidateOptions,
  validatePassDocument,
} from './validate.js';
