/**
 * The JSON Schema of one answer, as the build writes it from the contract's zod schema
 * (scripts/vite-answer-schemas.ts, decision 020). Only these keywords: the build refuses a
 * schema with any other, so nothing here is silently left unchecked.
 */
export interface AnswerSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: AnswerSchema[];
  $ref?: string;
  $defs?: Record<string, AnswerSchema>;
  properties?: Record<string, AnswerSchema>;
  required?: string[];
  additionalProperties?: boolean | AnswerSchema;
  propertyNames?: AnswerSchema;
  items?: AnswerSchema;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  /** Informative: the build makes sure every format comes with the pattern that checks it. */
  format?: string;
}

/** The keywords `matchesAnswerSchema` checks (or, for the first two, knows to be notes). */
export const ANSWER_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  '$schema',
  'format',
  'type',
  'const',
  'enum',
  'anyOf',
  '$ref',
  '$defs',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'minimum',
  'maximum',
  'pattern',
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function hasType(type: string, value: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'string':
    case 'boolean':
      return typeof value === type;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      return false;
  }
}

const patterns = new Map<string, RegExp>();
function regex(source: string): RegExp {
  let compiled = patterns.get(source);
  if (!compiled) {
    compiled = new RegExp(source);
    patterns.set(source, compiled);
  }
  return compiled;
}

/**
 * Whether a parsed JSON answer is what `schema` describes: the same question the contract's zod
 * schema answers, without bringing zod to pages that only read (about 25 KB of gzip JavaScript).
 */
export function matchesAnswerSchema(schema: AnswerSchema, value: unknown): boolean {
  const check = (node: AnswerSchema, item: unknown): boolean => {
    if (node.$ref !== undefined) {
      const name = node.$ref.startsWith('#/$defs/') ? node.$ref.slice('#/$defs/'.length) : '';
      const target = schema.$defs?.[name];
      if (!target || !check(target, item)) return false;
    }
    if (node.anyOf && !node.anyOf.some((option) => check(option, item))) return false;
    if ('const' in node && item !== node.const) return false;
    if (node.enum && !node.enum.includes(item)) return false;
    if (node.type !== undefined && ![node.type].flat().some((type) => hasType(type, item))) {
      return false;
    }
    if (typeof item === 'string' && node.pattern !== undefined && !regex(node.pattern).test(item)) {
      return false;
    }
    if (typeof item === 'number') {
      if (node.minimum !== undefined && item < node.minimum) return false;
      if (node.maximum !== undefined && item > node.maximum) return false;
    }
    if (Array.isArray(item) && node.items) {
      const items = node.items;
      if (!item.every((element) => check(items, element))) return false;
    }
    if (isObject(item)) return objectMatches(node, item, check);
    return true;
  };
  return check(schema, value);
}

function objectMatches(
  node: AnswerSchema,
  item: Record<string, unknown>,
  check: (node: AnswerSchema, item: unknown) => boolean,
): boolean {
  const properties = node.properties ?? {};
  for (const key of node.required ?? []) {
    if (!Object.hasOwn(item, key)) return false;
  }
  for (const [key, value] of Object.entries(item)) {
    if (node.propertyNames && !check(node.propertyNames, key)) return false;
    const declared = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (declared) {
      if (!check(declared, value)) return false;
    } else if (node.additionalProperties === false) {
      return false;
    } else if (isObject(node.additionalProperties) && !check(node.additionalProperties, value)) {
      return false;
    }
  }
  return true;
}
