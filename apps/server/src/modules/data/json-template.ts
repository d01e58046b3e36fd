import type { z } from 'zod';
import { encoderOf } from '../../plugins/response-encoding';

/**
 * JSON text of an object schema built from pieces, for answers whose bulk is the same on every request
 * (GET /data: the offer's content is the same for every holder of the offer).
 *
 * Serialising the whole answer through its zod schema on each request cost more CPU than the database
 * took to read it (decision 0023). A template encodes the fixed keys through their zod schemas ONCE, and
 * on each request encodes only the varying keys, each through its own schema, so every byte sent has
 * still been checked by the contract. Keys come out in the schema's order, which is the order zod's own
 * encoding gives, so the text is the same as `JSON.stringify(schema.encode(value))` (tests compare them).
 */

/**
 * JSON text that was already encoded through the contract's schemas (a kept record, a list of rendered
 * templates). Its UTF-8 bytes are made once, when first asked for: a kept piece goes into many answers, and
 * encoding the whole answer text again on every request cost as much as compressing it (a single character
 * outside Latin-1, such as a typographic apostrophe in one description, makes V8 keep the whole joined text
 * in two bytes per character, which is slow to encode; decision 0023, round five).
 */
export class EncodedJson {
  private utf8: Buffer | undefined;
  constructor(readonly text: string) {}

  get bytes(): Buffer {
    if (this.utf8 === undefined) this.utf8 = Buffer.from(this.text, 'utf8');
    return this.utf8;
  }
}

/**
 * A JSON value made for one request from pieces in order: kept pieces (EncodedJson, whose bytes are kept
 * with them) and the text encoded for this request. `text` is the whole text; `toBuffer()` its UTF-8 bytes,
 * made from the kept pieces' bytes and only the request's own text encoded now.
 */
export class JsonPieces {
  constructor(readonly pieces: ReadonlyArray<EncodedJson | string>) {}

  get text(): string {
    let text = '';
    for (const piece of this.pieces) text += typeof piece === 'string' ? piece : piece.text;
    return text;
  }

  toBuffer(): Buffer {
    // Measured once and written into one buffer: a Buffer per string piece and a concat cost twice as much.
    let length = 0;
    for (const piece of this.pieces) {
      length += typeof piece === 'string' ? Buffer.byteLength(piece, 'utf8') : piece.bytes.length;
    }
    const out = Buffer.allocUnsafe(length);
    let offset = 0;
    for (const piece of this.pieces) {
      offset += typeof piece === 'string' ? out.write(piece, offset, 'utf8') : piece.bytes.copy(out, offset);
    }
    return out;
  }
}

/** Already encoded JSON: kept whole, or in pieces. */
export type Encoded = EncodedJson | JsonPieces;

type Out = Array<EncodedJson | string>;

function push(out: Out, value: Encoded): void {
  if (value instanceof EncodedJson) out.push(value);
  else for (const piece of value.pieces) out.push(piece);
}

const OPEN = new EncodedJson('{');
const CLOSE = new EncodedJson('}');
const COMMA = new EncodedJson(',');
const OPEN_LIST = new EncodedJson('[');
const CLOSE_LIST = new EncodedJson(']');

type ObjectSchema = z.ZodObject<z.ZodRawShape>;

/** `"key":<json>` of one key's value, encoded through the key's schema; '' when it encodes to nothing. */
function encodeEntry(key: string, schema: z.ZodType, value: unknown): string {
  if (value instanceof EncodedJson || value instanceof JsonPieces)
    return `${JSON.stringify(key)}:${value.text}`;
  const text = JSON.stringify(encoderOf(schema)(value));
  // An optional key left undefined is omitted, as zod and JSON.stringify omit it.
  return text === undefined ? '' : `${JSON.stringify(key)}:${text}`;
}

/** A kept piece of text, as it comes first in its object and after another entry (with a comma). */
interface KeptEntry {
  first: EncodedJson;
  next: EncodedJson;
}

function keptEntry(entry: string): KeptEntry {
  return { first: new EncodedJson(entry), next: new EncodedJson(`,${entry}`) };
}

/** A varying key: its schema, and the entries already encoded for simple values (see `write`). */
class Slot {
  private readonly known = new Map<unknown, KeptEntry | null>();
  /** `"key":`, for a value that arrives already encoded. */
  private readonly prefix: KeptEntry;
  constructor(
    readonly key: string,
    private readonly schema: z.ZodType,
  ) {
    this.prefix = keptEntry(`${JSON.stringify(key)}:`);
  }

  /**
   * Writes the key's entry for `value` (after a comma unless `first`); false when it encodes to nothing.
   * Numbers, booleans, null and empty lists encode the same way every time, so their checked text is kept
   * (a few hundred at most) rather than checked again on every request: most varying keys of /data are
   * counts, flags and empty lists.
   */
  write(value: unknown, out: Out, first: boolean): boolean {
    if (value instanceof EncodedJson || value instanceof JsonPieces) {
      out.push(first ? this.prefix.first : this.prefix.next);
      push(out, value);
      return true;
    }
    if (!isSimple(value)) {
      const entry = encodeEntry(this.key, this.schema, value);
      if (entry === '') return false;
      out.push(first ? entry : `,${entry}`);
      return true;
    }
    const memoKey = Array.isArray(value) ? EMPTY_LIST : value;
    let kept = this.known.get(memoKey);
    if (kept === undefined) {
      const entry = encodeEntry(this.key, this.schema, value);
      kept = entry === '' ? null : keptEntry(entry);
      if (this.known.size < MAX_KNOWN) this.known.set(memoKey, kept);
    }
    if (kept === null) return false;
    out.push(first ? kept.first : kept.next);
    return true;
  }
}

const EMPTY_LIST = Symbol('[]');
const MAX_KNOWN = 256;
/** Rendered texts kept per template (each varying key's simple values combined). */
const MAX_RENDERED = 32;

/** Values whose encoding depends on nothing else: the same value, the same checked text. */
function isSimple(value: unknown): boolean {
  return (
    value === null ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** A memo key for simple values (null, numbers, booleans, empty lists), told apart by type. */
function simpleKey(value: unknown): string {
  if (value === null) return 'n';
  if (typeof value === 'number') return `d${value}`;
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return 'a';
}

export class ObjectTemplate<Varying extends string> {
  /** Runs of fixed entries already as text, and the varying keys, in the schema's key order. */
  private readonly parts: ReadonlyArray<KeptEntry | Slot>;
  private readonly slots: readonly Slot[];
  /** Whole texts by the simple values they were rendered with. */
  private readonly rendered = new Map<string, EncodedJson>();

  /**
   * `fixed` holds the values of every key of the schema that is not in `varying`; they are encoded now
   * (a value the contract refuses throws here, as it would have when serialised).
   */
  constructor(schema: ObjectSchema, fixed: Record<string, unknown>, varying: readonly Varying[]) {
    const varyingKeys = new Set<string>(varying);
    const parts: Array<string | Slot> = [];
    for (const [key, keySchema] of Object.entries(schema.shape) as Array<[string, z.ZodType]>) {
      if (varyingKeys.has(key)) {
        parts.push(new Slot(key, keySchema));
        continue;
      }
      const entry = encodeEntry(key, keySchema, fixed[key]);
      if (entry === '') continue;
      // Runs of fixed keys become one string.
      const last = parts.length - 1;
      if (typeof parts[last] === 'string') parts[last] = `${parts[last]},${entry}`;
      else parts.push(entry);
    }
    for (const key of varyingKeys) {
      if (!(key in schema.shape)) throw new Error(`"${key}" is not a key of the schema`);
    }
    this.parts = parts.map((part) => (typeof part === 'string' ? keptEntry(part) : part));
    this.slots = parts.filter((part): part is Slot => typeof part !== 'string');
  }

  /** The object's JSON text with these values for the varying keys (see `json`). */
  render(values: Readonly<Record<Varying, unknown>>): string {
    return this.json(values).text;
  }

  /**
   * The object's JSON with these values for the varying keys. When they are all simple (a product nobody
   * ordered: two zero counts) the whole text is kept, with its bytes, for the next holder with the same
   * values; otherwise it comes in pieces, the fixed runs kept and only the varying entries made now.
   */
  json(values: Readonly<Record<Varying, unknown>>): Encoded {
    let key = '';
    for (const slot of this.slots) {
      const value = values[slot.key as Varying];
      if (!isSimple(value)) return this.pieces(values);
      key += `${simpleKey(value)}|`;
    }
    let kept = this.rendered.get(key);
    if (kept === undefined) {
      kept = new EncodedJson(new JsonPieces(this.write(values, [])).text);
      if (this.rendered.size < MAX_RENDERED) this.rendered.set(key, kept);
    }
    return kept;
  }

  /** The object's JSON in pieces, never kept whole: for an answer's outer object, which differs every time. */
  pieces(values: Readonly<Record<Varying, unknown>>): JsonPieces {
    return new JsonPieces(this.write(values, []));
  }

  private write(values: Readonly<Record<Varying, unknown>>, out: Out): Out {
    out.push(OPEN);
    let first = true;
    for (const part of this.parts) {
      if (part instanceof Slot) {
        if (part.write(values[part.key as Varying], out, first)) first = false;
      } else {
        out.push(first ? part.first : part.next);
        first = false;
      }
    }
    out.push(CLOSE);
    return out;
  }
}

/** A JSON array of already encoded items. */
export function encodedArray(items: readonly Encoded[]): JsonPieces {
  const out: Out = [OPEN_LIST];
  items.forEach((item, index) => {
    if (index > 0) out.push(COMMA);
    push(out, item);
  });
  out.push(CLOSE_LIST);
  return new JsonPieces(out);
}
