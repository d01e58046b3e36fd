import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { type ZodType, z } from 'zod';
import { passHeaders } from '../helpers';
import type { CatalogueRoute } from './routes';
import type { Kind } from './world';

/**
 * Requests built from a route's schemas. The zod schemas are read through their JSON Schema (input side),
 * a small and stable format: objects, strings with patterns, integers, enums, unions, arrays, records.
 * Fields that name objects (ids) take their values from a world (world.ts) through `idFor`; every request
 * is checked against the zod schemas themselves, refinements included, before it is used.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
}

export type Location = 'params' | 'querystring' | 'body';

/** A field of a request: where it is and its key path (array indices left out). */
export interface FieldRef {
  location: Location;
  path: string[];
}

export const fieldName = (field: FieldRef) => `${field.location}:${field.path.join('.')}`;

const jsonSchemas = new WeakMap<ZodType, JsonSchema>();
export function jsonSchemaOf(schema: ZodType): JsonSchema {
  let json = jsonSchemas.get(schema);
  if (!json) {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    jsonSchemas.set(schema, json);
  }
  return json;
}

/** Enums whose value decides what a sibling id names (an assignment's type, an item's type). */
const DECIDING_ENUMS = new Set(['type', 'itemType']);

const ASSIGNMENT_KINDS: Record<string, Kind> = {
  offer: 'offer',
  deal: 'deal',
  venue: 'venue',
  product: 'product',
};
/** The cart and distribution calls name an order item by its type (order_products...) and id. */
const ORDER_ITEM_TYPES = new Set(['order_products', 'order_deals', 'order_packages']);

/**
 * The kind of object a field names, from where it is; undefined for a field that names none. `siblings`
 * are the fields of the same object already filled (the deciding enums come first), `parent` its schema.
 */
export function kindOf(
  route: CatalogueRoute,
  field: FieldRef,
  siblings: Record<string, unknown>,
  parent: JsonSchema | undefined,
): Kind | undefined {
  const key = field.path.at(-1) ?? '';
  const parentPath = field.path.slice(0, -1).join('.');
  const itemType = String(siblings.itemType ?? '');
  if (key === 'itemId') {
    // An order item of the holder's by its type (order_products...), or in the cart's create and add
    // calls (itemType product, deal or package) a reward item.
    const types = siblings.itemType !== undefined ? [itemType] : (parent?.properties?.itemType?.enum ?? []);
    if (types.some((type) => ORDER_ITEM_TYPES.has(String(type)))) return 'orderItem';
    return field.location === 'body' ? 'rewardItem' : undefined;
  }
  if (field.location === 'params') {
    if (key === 'assignmentId') return ASSIGNMENT_KINDS[String(siblings.type)];
    const params: Record<string, Kind> = {
      id: 'user',
      orderId: 'order',
      messageId: 'message',
      listId: 'list',
      pollId: 'poll',
      moduleAssignment: 'assignment',
      productId: 'product',
    };
    return params[key];
  }
  if (field.location === 'querystring') {
    if (key === 'productId' || key === 'itemIds')
      return itemType === 'reward_item' ? 'rewardItem' : 'product';
    const query: Record<string, Kind> = {
      offerId: 'offer',
      o: 'offer',
      dealId: 'deal',
      pickupPoint: 'pickupPoint',
    };
    return query[key];
  }
  if (parentPath === 'partnerUser' && key === 'id') return 'user';
  // The subscription body repeats the list id of its path.
  if (parentPath === '' && key === 'id' && route.contractPath.includes('/messageLists/')) return 'list';
  // The preview calls name a product of the previewed offer in the redeem calls' orderProductIds.
  if (key === 'orderProductIds' && route.contractPath.startsWith('/preview/')) return 'product';
  const body: Record<string, Kind> = {
    partnerUserId: 'user',
    offerId: 'offer',
    partnerId: 'partner',
    orderId: 'order',
    orderProductIds: 'orderProduct',
    orderItemIds: 'orderItem',
    orderProductId: 'orderProduct',
    orderItemId: 'orderItem',
    votes: 'pollOption',
    pickupPoint: 'pickupPoint',
    attributeId: 'attribute',
    module_id: 'module',
    deal_id: 'deal',
    dealId: 'deal',
    venue_id: 'venue',
    product_id: 'product',
  };
  return body[key];
}

/** A date a few days ahead, YYYY-MM-DD: the availability and booking calls want one still to come. */
const SOON = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

/** Values for fields whose pattern alone would give a value the server reads as nonsense. */
function plainValue(field: FieldRef, email: string): unknown {
  const key = field.path.at(-1);
  if (field.location === 'params' && key === 'location') return 'pass';
  if (key === 'date') return SOON;
  if (key === 'time') return '16:00';
  if (key === 'email' && field.location === 'body' && field.path.length === 1) return email;
  if (key === 'phone') return '+15555550100';
  if (key === 'latitude') return field.location === 'body' ? 44.5 : '44.5';
  if (key === 'longitude') return field.location === 'body' ? -87.5 : '-87.5';
  return undefined;
}

const matching = new Map<string, string>();
/** One value matching a pattern, the same on every run. */
function stringMatching(pattern: string): string {
  let value = matching.get(pattern);
  if (value === undefined) {
    [value = ''] = fc.sample(fc.stringMatching(new RegExp(pattern), { size: 'xsmall' }), {
      seed: 7,
      numRuns: 1,
    });
    matching.set(pattern, value);
  }
  return value;
}

/**
 * Which optional keys a request carries: none, all that name an object or have a plain value, or only the
 * n-th of those in each object (the schemas that want exactly one of two ids).
 */
export type OptionalChoice = 'none' | 'all' | number;

export interface FillOptions {
  route: CatalogueRoute;
  /** The id a field naming an object of this kind gets; undefined leaves an optional field out. */
  idFor(field: FieldRef, kind: Kind): number | undefined;
  email: string;
  optional: OptionalChoice;
  /** The value of the deciding enums: the n-th (or the last). */
  enumIndex: number;
  /** Told of each field that names an object. */
  onField?: (field: FieldRef, kind: Kind) => void;
}

/** Null when the value cannot be made (an optional id with no object to name). */
function fill(
  node: JsonSchema,
  field: FieldRef,
  siblings: Record<string, unknown>,
  o: FillOptions,
  parent?: JsonSchema,
): unknown {
  const kind = field.path.length > 0 ? kindOf(o.route, field, siblings, parent) : undefined;
  if (kind !== undefined) {
    o.onField?.(field, kind);
    const id = o.idFor(field, kind);
    if (id === undefined) return undefined;
    // Path and query values are strings (itemIds may be one or several).
    if (field.location !== 'body') return String(id);
    const types = typesOf(node);
    if (types.includes('array')) return [id];
    return types.includes('integer') || types.includes('number') ? id : String(id);
  }
  const plain = plainValue(field, o.email);
  if (plain !== undefined) return plain;
  if (node.const !== undefined) return node.const;
  if (node.enum) {
    const index = DECIDING_ENUMS.has(field.path.at(-1) ?? '')
      ? Math.min(o.enumIndex, node.enum.length - 1)
      : 0;
    return node.enum[index];
  }
  if (node.anyOf) {
    const options = node.anyOf.filter((option) => !typesOf(option).includes('null'));
    return fill(options[0] ?? node.anyOf[0] ?? {}, field, siblings, o, parent);
  }
  const [type] = typesOf(node);
  switch (type) {
    case 'object':
      return fillObject(node, field, o);
    case 'array': {
      const item = fill(node.items ?? {}, field, siblings, o, parent);
      return item === undefined
        ? undefined
        : Array.from({ length: Math.max(1, node.minItems ?? 1) }, () => item);
    }
    case 'string':
      return node.pattern ? stringMatching(node.pattern) : 'x'.repeat(Math.max(1, node.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(node.minimum ?? 0, node.exclusiveMinimum === undefined ? 0 : node.exclusiveMinimum + 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'x';
  }
}

function fillObject(node: JsonSchema, field: FieldRef, o: FillOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = new Set(node.required ?? []);
  // Deciding enums first, so that the ids beside them know what they name.
  const keys = Object.keys(node.properties ?? {})
    .filter((key) => key !== 't')
    .sort((a, b) => Number(DECIDING_ENUMS.has(b)) - Number(DECIDING_ENUMS.has(a)));
  // The optional keys worth sending: those naming an object or with a plain value, and objects of such.
  const names = (key: string, schema: JsonSchema, path: string[]): boolean => {
    const child: FieldRef = { location: field.location, path: [...path, key] };
    if (kindOf(o.route, child, {}, node) !== undefined || plainValue(child, o.email) !== undefined)
      return true;
    return Object.entries(schema.properties ?? {}).some(([inner, innerSchema]) =>
      names(inner, innerSchema, [...path, key]),
    );
  };
  const candidates = keys.filter(
    (key) =>
      !required.has(key) && !DECIDING_ENUMS.has(key) && names(key, node.properties?.[key] ?? {}, field.path),
  );
  const taken = new Set(candidates.filter((_key, index) => o.optional === 'all' || o.optional === index));
  for (const key of keys) {
    // An optional deciding enum goes with any optional id beside it (itemType with itemId).
    const take = required.has(key) || taken.has(key) || (DECIDING_ENUMS.has(key) && taken.size > 0);
    if (!take) continue;
    const child: FieldRef = { location: field.location, path: [...field.path, key] };
    const value = fill(node.properties?.[key] ?? {}, child, out, o, node);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** The JSON types a node admits, through its anyOf alternatives too. */
function typesOf(node: JsonSchema): string[] {
  if (node.anyOf) return node.anyOf.flatMap(typesOf);
  if (Array.isArray(node.type)) return node.type;
  if (node.type) return [node.type];
  if (node.properties) return ['object'];
  return [];
}

export interface ApiRequest {
  route: CatalogueRoute;
  /** Path parameters (strings as the router gives them; the fuzzing suite puts anything in). */
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** Absent: no body is sent. */
  body?: unknown;
  /** Raw body text instead of JSON.stringify(body) (malformed JSON). */
  rawBody?: string;
}

/** A value as URL text: what it is, or its JSON (an object may have no usable toString). */
export const textOf = (value: unknown): string =>
  value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);

/** A lone surrogate has no UTF-8 form: a URL carries U+FFFD for it, as a browser sends it. */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** The route's URL with its params put in and the query appended. */
export function urlOf(request: ApiRequest): string {
  let url = request.route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
    encodeURIComponent(wellFormed(textOf(request.params[name] ?? ''))),
  );
  // The docs' asset routes end in a wildcard.
  url = url.replace(/\*$/, 'index.html');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, textOf(item));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

/** Whether the request passes the route's zod schemas (so that a refusal is not mere validation). */
export function isValid(request: ApiRequest): boolean {
  const { schemas } = request.route;
  if (schemas.params && !schemas.params.safeParse(request.params).success) return false;
  if (schemas.querystring && !schemas.querystring.safeParse(request.query).success) return false;
  if (schemas.body && !schemas.body.safeParse(request.body ?? null).success) return false;
  return true;
}

const OPTIONAL_CHOICES: OptionalChoice[] = ['none', 0, 1, 2, 3, 'all'];
const ENUM_INDICES = [0, 1, 2, 3];

export interface BuiltRequest extends ApiRequest {
  /** The fields that name objects, with their kinds. */
  fields: { field: FieldRef; kind: Kind }[];
  /** The field withId changed. */
  swapped?: string;
}

/** One request from the route's schemas, with these choices. */
export function buildRequest(
  route: CatalogueRoute,
  options: Omit<FillOptions, 'route' | 'onField'>,
): BuiltRequest {
  const fields: BuiltRequest['fields'] = [];
  const o: FillOptions = {
    ...options,
    route,
    onField: (field, kind) => {
      if (!fields.some((f) => fieldName(f.field) === fieldName(field))) fields.push({ field, kind });
    },
  };
  const part = (location: Location, schema: ZodType | undefined) =>
    schema ? fill(jsonSchemaOf(schema), { location, path: [] }, {}, o) : undefined;
  const params = (part('params', route.schemas.params) ?? {}) as Record<string, unknown>;
  const query = (part('querystring', route.schemas.querystring) ?? {}) as Record<string, unknown>;
  const request: BuiltRequest = { route, params, query, fields };
  if (route.schemas.body) request.body = part('body', route.schemas.body);
  return request;
}

/**
 * The distinct valid requests the route's schemas admit with these ids: each choice of optional fields
 * and deciding enum values that passes the zod schemas. The first is the route's plain request.
 */
export function validRequests(
  route: CatalogueRoute,
  options: Omit<FillOptions, 'route' | 'onField' | 'optional' | 'enumIndex'>,
): BuiltRequest[] {
  const seen = new Set<string>();
  const out: BuiltRequest[] = [];
  for (const enumIndex of ENUM_INDICES) {
    for (const optional of OPTIONAL_CHOICES) {
      const request = buildRequest(route, { ...options, optional, enumIndex });
      const key = JSON.stringify([request.params, request.query, request.body]);
      if (seen.has(key) || !isValid(request)) continue;
      seen.add(key);
      out.push(request);
    }
  }
  return out;
}

/**
 * The request with one field set to `id` (in every element of the arrays on its path), in the form the
 * field had: a string in path and query, a number or a one-id list in the body.
 */
export function withId(request: BuiltRequest, field: FieldRef, id: number): BuiltRequest {
  const copy = structuredClone({ params: request.params, query: request.query, body: request.body });
  const root: unknown =
    field.location === 'params' ? copy.params : field.location === 'querystring' ? copy.query : copy.body;
  const set = (node: unknown, path: string[]): void => {
    if (Array.isArray(node)) {
      for (const item of node) set(item, path);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const [key, ...rest] = path;
    if (key === undefined || !(key in record)) return;
    if (rest.length > 0) {
      set(record[key], rest);
      return;
    }
    const old = record[key];
    record[key] = Array.isArray(old) ? [id] : typeof old === 'number' ? id : String(id);
  };
  set(root, field.path);
  return { ...request, ...copy, swapped: fieldName(field) };
}

export type InjectResponse = Awaited<ReturnType<FastifyInstance['inject']>>;

/** Sends the request as the web client would, with this token (or none). */
export function send(
  app: FastifyInstance,
  request: ApiRequest,
  token: string | undefined,
  headers: Record<string, string> = {},
): Promise<InjectResponse> {
  const hasBody = request.body !== undefined || request.rawBody !== undefined;
  return app.inject({
    method: request.route.method,
    url: urlOf(request),
    headers: {
      ...passHeaders(token),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(hasBody ? { payload: request.rawBody ?? JSON.stringify(request.body) } : {}),
  });
}
