/**
 * JSON Schema validation of a pass-import/1 document (ajv, draft 2020-12) with errors rewritten for
 * people: one line per problem, located by a JSON path such as `$.products[3].venue_id`.
 */
import { readFileSync } from 'node:fs';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { dateProblem } from './dates.js';
import { type ImportIssue, pointerToPath } from './issues.js';

let compiled: ValidateFunction | undefined;

/** The pass-import/1 JSON Schema (a copy of demo/pass-import.schema.json kept beside this file). */
export function loadPassImportSchema(): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL('./pass-import.schema.json', import.meta.url), 'utf8'));
}

function validator(): ValidateFunction {
  if (!compiled) {
    const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true });
    compiled = ajv.compile(loadPassImportSchema());
  }
  return compiled;
}

/** Problems found by the JSON Schema, or an empty list. */
export function schemaIssues(doc: unknown): ImportIssue[] {
  const validate = validator();
  if (validate(doc)) return [];
  const raw = (validate.errors ?? []).map(toRaw);
  return dedupe(
    consolidateAnyOf(raw).map((r) => ({ path: pointerToPath(doc, r.pointer), message: r.message })),
  );
}

// ---------------------------------------------------------------------------------------------------------

interface RawIssue {
  /** JSON pointer of the value the message is about. */
  pointer: string;
  keyword: string;
  message: string;
  /** Only for keyword 'type': the types the schema wanted. */
  types?: string[];
  /** Only for keyword 'enum': the values the schema allowed. */
  allowed?: unknown[];
  data?: unknown;
}

const PATTERN_MESSAGES: Record<string, string> = {
  '^#[0-9A-Fa-f]{6}$': 'must be a colour of six hex digits like #0B6E8A',
  '^(media/[a-z0-9][a-z0-9._-]*|https?://\\S+)$':
    "must be media/<file> (lower-case letters, digits, '.', '_' or '-') or an http(s):// URL",
  '^/pass(/|$)': 'must be a path under /pass',
  '^[0-2][0-9]:[0-5][0-9]$': 'must be a time of day HH:MM',
  '^[0-9]+$': 'must be an attribute id (digits), or 0 for all',
  '^[0-9]+\\.[0-9]{2}$': 'must be an amount with two decimals like "0.00"',
  '^[0-9]{4}$': 'must be exactly 4 digits',
  '^[A-Za-z0-9_-]+$': "may contain only letters, digits, '_' and '-'",
  '^[^@\\s]+@[^@\\s]+\\.[^@\\s]{2,}$': 'must be an e-mail address like name@example.com',
  '^[a-z0-9.-]+\\.[a-z]{2,}$': 'must be a domain name like trailpass.example',
  '^[a-z]': 'must start with a lower-case letter',
  '^[a-z][a-z0-9_]*$': "must be lower-case letters, digits and '_', starting with a letter",
};

const TYPE_NAMES: Record<string, string> = {
  integer: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value) ?? String(value);
  const shown = text.length > 40 ? `${text.slice(0, 37)}...` : text;
  if (typeof value === 'string') return `the string ${shown}`;
  if (typeof value === 'number')
    return Number.isInteger(value) ? `the integer ${shown}` : `the number ${shown}`;
  return shown;
}

function joinAlternatives(items: string[]): string {
  const unique = [...new Set(items)];
  if (unique.length <= 1) return unique[0] ?? '';
  return `${unique.slice(0, -1).join(', ')} or ${unique[unique.length - 1]}`;
}

function closest(word: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const d = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

const escapePointer = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

function toRaw(e: ErrorObject): RawIssue {
  const at = e.instancePath;
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return {
        pointer: `${at}/${escapePointer(String(params.missingProperty))}`,
        keyword: e.keyword,
        message: 'is required but missing',
      };
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const parent = e.parentSchema as { properties?: Record<string, unknown> } | undefined;
      const known = Object.keys(parent?.properties ?? {});
      const guess = closest(key, known);
      return {
        pointer: `${at}/${escapePointer(key)}`,
        keyword: e.keyword,
        message: guess
          ? `unknown key "${key}" (did you mean "${guess}"?)`
          : `unknown key "${key}"${known.length ? ` (allowed: ${known.join(', ')})` : ''}`,
      };
    }
    case 'type': {
      const types = String(params.type).split(',');
      return {
        pointer: at,
        keyword: e.keyword,
        types,
        data: e.data,
        message: `must be ${joinAlternatives(types.map((t) => TYPE_NAMES[t] ?? t))}, not ${describe(e.data)}`,
      };
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]) ?? [];
      return {
        pointer: at,
        keyword: e.keyword,
        allowed,
        data: e.data,
        message: `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}, not ${describe(e.data)}`,
      };
    }
    case 'const':
      return {
        pointer: at,
        keyword: e.keyword,
        message: `must be ${JSON.stringify(params.allowedValue)}, not ${describe(e.data)}`,
      };
    case 'pattern': {
      const pattern = String(params.pattern);
      // Inside propertyNames, the error is about a key of the object at instancePath.
      const propertyName = (e as ErrorObject & { propertyName?: string }).propertyName;
      const pointer = propertyName === undefined ? at : `${at}/${escapePointer(propertyName)}`;
      const value = propertyName ?? e.data;
      let message = PATTERN_MESSAGES[pattern] ?? `must match the pattern ${pattern}`;
      if (e.schemaPath.includes('/$defs/date/') && typeof value === 'string') {
        message = dateProblem(value) ?? message;
      }
      if (propertyName !== undefined) message = `key name ${message}`;
      return { pointer, keyword: e.keyword, message: `${message}, not ${describe(value)}` };
    }
    case 'propertyNames':
      // Reported by the pattern error inside propertyNames.
      return { pointer: at, keyword: e.keyword, message: '' };
    case 'minimum':
    case 'maximum':
      return {
        pointer: at,
        keyword: e.keyword,
        message: `must be ${e.keyword === 'minimum' ? 'at least' : 'at most'} ${String(params.limit)}, not ${describe(e.data)}`,
      };
    case 'minLength':
      return {
        pointer: at,
        keyword: e.keyword,
        message: `must be at least ${String(params.limit)} characters long`,
      };
    case 'uniqueItems':
      return {
        pointer: at,
        keyword: e.keyword,
        message: `must not repeat a value (items ${Math.min(Number(params.i), Number(params.j))} and ${Math.max(Number(params.i), Number(params.j))} are equal)`,
      };
    default:
      return { pointer: at, keyword: e.keyword, message: e.message ?? `fails ${e.keyword}` };
  }
}

const isWithin = (pointer: string, base: string) => pointer === base || pointer.startsWith(`${base}/`);

/**
 * `anyOf: [X, null]` and similar make ajv report every failed branch. For each value with a failed anyOf,
 * keep the errors of the branch whose type matched (the detail that matters); when no branch's type
 * matched, say which types are accepted, in one line.
 */
function consolidateAnyOf(errors: RawIssue[]): RawIssue[] {
  let list = errors.filter((e) => e.keyword !== 'propertyNames');
  const anyOfPointers = [...new Set(list.filter((e) => e.keyword === 'anyOf').map((e) => e.pointer))].sort(
    (a, b) => b.length - a.length,
  );
  for (const base of anyOfPointers) {
    const group = list.filter((e) => isWithin(e.pointer, base));
    const firstIndex = list.findIndex((e) => isWithin(e.pointer, base));
    const rest = list.filter((e) => !isWithin(e.pointer, base));
    const typeErrors = group.filter((e) => e.pointer === base && e.keyword === 'type');
    const substantive = group.filter(
      (e) => !(e.pointer === base && (e.keyword === 'type' || e.keyword === 'anyOf')),
    );
    let replacement: RawIssue[];
    if (substantive.length > 0) {
      const nullAllowed = typeErrors.some((e) => e.types?.includes('null'));
      replacement = substantive.map((e) =>
        e.pointer === base && e.keyword === 'enum' && nullAllowed
          ? {
              ...e,
              message: `must be one of ${(e.allowed ?? []).map((v) => JSON.stringify(v)).join(', ')} or null, not ${describe(e.data)}`,
            }
          : e,
      );
    } else {
      const wanted = typeErrors.flatMap((e) => e.types ?? []).map((t) => TYPE_NAMES[t] ?? t);
      const data = typeErrors[0]?.data;
      replacement = [
        {
          pointer: base,
          keyword: 'anyOf',
          message: wanted.length
            ? `must be ${joinAlternatives(wanted)}, not ${describe(data)}`
            : 'does not match any allowed form',
        },
      ];
    }
    list = [
      ...rest.slice(0, Math.max(0, firstIndex)),
      ...replacement,
      ...rest.slice(Math.max(0, firstIndex)),
    ];
  }
  return list;
}

function dedupe(issues: ImportIssue[]): ImportIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
