import { EMAIL_MAX_LENGTH, EMAIL_MIN_LENGTH, type PassLanguage } from '@trailpass/contract';
import type { FastifyRequest } from 'fastify';
import { de, en, es, fr } from 'zod/v4/locales';
import type { ValidationIssue, ValidationRefusal, ValidationWords } from '../../plugins/errors';
import { type Translate, translator } from './i18n';

/**
 * A validation refusal (400 invalid_input) in the request's language (decision 0049). The sentences around
 * the fields are the catalogue's (`validation.*`); each field's message is zod's own in that language when
 * the issue's message is zod's English default (zod 4's locales, the same issue told by `en` gives the same
 * text), the catalogue's for the few messages of a schema's own that the holder app shows (below), and else
 * the schema's message as written (a developer's: the app never sends what it refuses).
 */

/** zod's message of an issue, from a locale's map (which may answer a string or `{ message }`). */
type LocaleError = (issue: never) => unknown;

const ENGLISH_ZOD: LocaleError = en().localeError;

const ZOD_LOCALES: Readonly<Record<Exclude<PassLanguage, 'en'>, LocaleError>> = {
  es: es().localeError,
  fr: fr().localeError,
  de: de().localeError,
};

/**
 * The schema messages of the contract that a holder sees, by their English text: the sign-in form shows a
 * 400's `fields.email` (LoginPage), and a redemption's red alert shows a 400's message. The test checks
 * each is still what the contract's schema says.
 */
const OWN_MESSAGES: ReadonlyMap<string, (t: Translate) => string> = new Map<string, (t: Translate) => string>(
  [
    [`Min ${EMAIL_MIN_LENGTH} characters`, (t) => t('validation.emailTooShort', { min: EMAIL_MIN_LENGTH })],
    [
      `At most ${EMAIL_MAX_LENGTH} characters`,
      (t) => t('validation.emailTooLong', { max: EMAIL_MAX_LENGTH }),
    ],
    ['Enter a valid e-mail address', (t) => t('validation.emailInvalid')],
    ['Enter the 4-digit code.', (t) => t('validation.pinInvalid')],
  ],
);

/** The English schema messages this module translates (for the test that each is the contract's). */
export const TRANSLATED_SCHEMA_MESSAGES: readonly string[] = [...OWN_MESSAGES.keys()];

/** The catalogue's English of each schema message this module translates (the test compares). */
export function englishSchemaMessage(message: string): string | undefined {
  return OWN_MESSAGES.get(message)?.(translator('en'));
}

function textOf(answer: unknown): string | undefined {
  if (typeof answer === 'string') return answer;
  if (answer !== null && typeof answer === 'object' && 'message' in answer) {
    return typeof answer.message === 'string' ? answer.message : undefined;
  }
  return undefined;
}

/** Where each part of a request is on the request (the value an issue was about is read there). */
const PARTS: Readonly<Record<string, (request: FastifyRequest) => unknown>> = {
  body: (request) => request.body,
  querystring: (request) => request.query,
  params: (request) => request.params,
  headers: (request) => request.headers,
};

/**
 * The value an issue was about: fastify-type-provider-zod passes every key of zod's issue but `input`
 * (zod keeps it only when asked to), and zod's `invalid_type` message names the type it received. The
 * request still holds the part that failed as it came (Fastify replaces it only once valid), so it is
 * read there by the issue's path. A path zod reached through a transform, or a key holding a `/`, may
 * find another value: then `en` does not give the issue's own message, and it stays as it is.
 */
function inputOf(request: FastifyRequest | undefined, context: string, issue: ValidationIssue): unknown {
  const part = request ? PARTS[context] : undefined;
  if (!part || !request) return undefined;
  let value = part(request);
  for (const key of issue.instancePath.split('/').slice(1)) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** `issue` as zod had it (code, path and its other keys), with the value it was about. */
function zodIssue(issue: ValidationIssue, input: unknown): never {
  return {
    ...issue.params,
    code: issue.keyword,
    path: issue.instancePath.split('/').slice(1),
    input,
  } as never;
}

/** zod's message for `issue` in `language` when its message is zod's English one, else null. */
function zodMessage(
  issue: ValidationIssue,
  language: Exclude<PassLanguage, 'en'>,
  input: () => unknown,
): string | null {
  try {
    const asZod = zodIssue(issue, input());
    if (textOf(ENGLISH_ZOD(asZod)) !== issue.message) return null;
    return textOf(ZOD_LOCALES[language](asZod)) ?? null;
  } catch {
    // A locale reading a key this issue lacks: the message stays as it is.
    return null;
  }
}

/** The words of a validation refusal in `language` (not English), reading the request for zod's types. */
export function validationWords(
  language: Exclude<PassLanguage, 'en'>,
  refusal: ValidationRefusal,
  request?: FastifyRequest,
): ValidationWords {
  const t = translator(language);
  return {
    t,
    issue: (issue) => {
      const { message } = issue;
      if (message === undefined) return undefined;
      const own = OWN_MESSAGES.get(message);
      if (own) return own(t);
      return zodMessage(issue, language, () => inputOf(request, refusal.context, issue)) ?? message;
    },
  };
}
