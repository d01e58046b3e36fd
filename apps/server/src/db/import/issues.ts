/** A problem in a pass-import/1 file, located by a JSON path such as `$.products[3].venue_id`. */
export interface ImportIssue {
  path: string;
  message: string;
}

export type PassImportErrorCode = 'invalid_file' | 'database_not_empty' | 'import_failed';

/** Thrown by importPassFile; nothing has been written when it is thrown. */
export class PassImportError extends Error {
  readonly code: PassImportErrorCode;
  readonly issues: ImportIssue[];

  constructor(code: PassImportErrorCode, issues: ImportIssue[], options?: { cause?: unknown }) {
    const first = issues[0];
    const summary = first ? `${first.path}: ${first.message}` : code;
    super(
      issues.length > 1 ? `${summary} (and ${issues.length - 1} more problem(s))` : summary,
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'PassImportError';
    this.code = code;
    this.issues = issues;
  }
}

export const formatIssue = (issue: ImportIssue) => `${issue.path}: ${issue.message}`;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `$`, `.key` or `["odd key"]`, `[3]`: one step of a JSON path. */
export function pathStep(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return IDENTIFIER.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/** Turns a JSON pointer (`/products/3/venue_id`) into a JSON path, using the document to tell arrays from objects. */
export function pointerToPath(doc: unknown, pointer: string): string {
  if (pointer === '') return '$';
  let path = '$';
  let node: unknown = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node) && /^\d+$/.test(key)) {
      const index = Number(key);
      path = pathStep(path, index);
      node = node[index];
    } else {
      path = pathStep(path, key);
      node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    }
  }
  return path;
}
