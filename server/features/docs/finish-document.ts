import { operationIds } from '../../../common/contract/index.ts';
import { TAGS } from '../../../common/contract/tags.ts';
import { ERROR_CODE_LIST } from '../../../common/error-codes.ts';
import { type AccessOperation, describeAccess } from './describe-access.ts';
import { ERROR_CODE_MEANINGS } from './error-code-meanings.ts';
import { OPERATION_EXAMPLES } from './operation-examples.ts';

// What the generator cannot say from the zod schemas alone, added once to the built document
// (issue 32, decision 045): each operation's id, the tags with their descriptions, and answers
// open to fields added later.

type Schema = Record<string, unknown>;
interface Media {
  schema?: Schema;
  example?: unknown;
}
interface Document {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
  tags?: unknown;
  info?: Record<string, unknown>;
}
interface Operation extends AccessOperation {
  operationId?: string;
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
}

/** The document as partners' tools read it; changes `document` in place and returns it. */
export function finishDocument<D extends object>(document: D): D {
  const doc = document as Document;
  doc.tags = TAGS.map((tag) => ({ ...tag }));
  // Where a partner asks for help: the support address the site's footer shows.
  doc.info = { ...doc.info, contact: { name: 'RedHope support', email: 'support@redhope.org' } };
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const id = operationIds.get(`${method.toUpperCase()} ${path}`);
      if (id) operation.operationId = id;
      if (id) addExamples(operation, OPERATION_EXAMPLES[id] ?? {});
    }
  }
  everyChangeMayBeRefused(doc);
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      describeAccess(method, path, operation);
    }
  }
  openAnswersToAddedFields(doc);
  sayWhatEachCodeMeans(doc);
  return document;
}

/** The examples kept on the server (./operation-examples.ts) where the contract gives none. */
function addExamples(operation: Operation, examples: Record<string, unknown>) {
  const give = (content: Record<string, Media> | undefined, example: unknown) => {
    if (example === undefined) return;
    for (const media of Object.values(content ?? {})) media.example ??= example;
  };
  give(operation.requestBody?.content, examples.body);
  for (const [status, answer] of Object.entries(operation.responses ?? {})) {
    give(answer.content, examples[status]);
  }
}

/** The error code's description lists every code with its meaning (kept out of the browser). */
function sayWhatEachCodeMeans(doc: Document) {
  const error = doc.components?.schemas?.Error as
    | { properties?: { error?: { properties?: { code?: Schema } } } }
    | undefined;
  const code = error?.properties?.error?.properties?.code;
  if (!code) return;
  const meanings = ERROR_CODE_LIST.map((name) => `${name} (${ERROR_CODE_MEANINGS[name]})`);
  code.description = `A stable code for programs: ${meanings.join('; ')}`;
}

const CHANGES = new Set(['post', 'put', 'patch', 'delete']);
const ERROR_CONTENT = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

/**
 * Two refusals the app gives every change before its route runs (server/app.ts), whatever its
 * definition lists: 403 CROSS_SITE_REQUEST (an Origin not ours) and 413 PAYLOAD_TOO_LARGE (a body
 * over the limit, even where none is expected).
 */
function everyChangeMayBeRefused(doc: Document) {
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!CHANGES.has(method)) continue;
      operation.responses ??= {};
      operation.responses['403'] ??= {
        description: 'Not allowed (CROSS_SITE_REQUEST: sent from another site)',
        content: ERROR_CONTENT,
      } as never;
      operation.responses['413'] ??= {
        description: 'The body is too large (PAYLOAD_TOO_LARGE)',
        content: ERROR_CONTENT,
      } as never;
    }
  }
}

/**
 * Our zod answer schemas are strict, so the API tests catch a field we did not mean to send; the
 * document must not be: a validating client would refuse every answer once a field is added.
 * Every schema an answer reaches (inline, or a named one through $ref) loses
 * `additionalProperties: false`; request bodies keep it (the server refuses unknown fields).
 */
function openAnswersToAddedFields(doc: Document) {
  const named = doc.components?.schemas ?? {};
  const opened = new Set<string>();
  const open = (schema: unknown): void => {
    if (Array.isArray(schema)) {
      for (const item of schema) open(item);
      return;
    }
    if (typeof schema !== 'object' || schema === null) return;
    const node = schema as Schema;
    const ref = typeof node.$ref === 'string' ? node.$ref : undefined;
    if (ref?.startsWith('#/components/schemas/')) {
      const name = ref.slice('#/components/schemas/'.length);
      if (!opened.has(name)) {
        opened.add(name);
        open(named[name]);
      }
    }
    if (node.additionalProperties === false) delete node.additionalProperties;
    for (const key of ['properties', 'patternProperties', '$defs']) {
      const children = node[key];
      if (children && typeof children === 'object') Object.values(children).forEach(open);
    }
    for (const key of ['items', 'prefixItems', 'allOf', 'anyOf', 'oneOf', 'additionalProperties']) {
      open(node[key]);
    }
  };
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const answer of Object.values(operation.responses ?? {})) {
        for (const media of Object.values(answer.content ?? {})) open(media.schema);
      }
    }
  }
}
