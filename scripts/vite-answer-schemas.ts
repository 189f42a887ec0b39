import path from 'node:path';
import type { Plugin } from 'vite';
import { z } from 'zod';
import type { Endpoint } from '../common/contract/define.ts';
import { contract } from '../common/contract/index.ts';
import { ANSWER_SCHEMA_KEYWORDS } from '../web/lib/answer-check.ts';

/**
 * The web app's view of common/contract (decision 020). The browser reads an endpoint's method,
 * path and success answers only; the zod schemas those answers are written in would bring zod
 * (about 25 KB of gzip JavaScript) to every page that merely reads a list. So when a module of
 * web/ imports `common/contract/<feature>.contract.ts`, it gets a module made here instead: the
 * same exported endpoints, each with its method, path and the JSON Schema of each 2xx answer,
 * written by zod itself (`z.toJSONSchema`) from the one contract; `web/lib/answer-check.ts`
 * checks answers against them. Forms still validate with zod and the shared schemas, loaded
 * with the form.
 *
 * The build fails rather than guess: on a schema zod cannot write as JSON Schema (a transform),
 * on a keyword the checker does not know, or on a format without the pattern that checks it.
 */
const CONTRACT_FILE = /[/\\]common[/\\]contract[/\\]([a-z-]+)\.contract\.ts$/;
const VIRTUAL_PREFIX = '\0web-contract:';
const WEB_DIR = `${path.resolve('web')}${path.sep}`;

export function answerSchemas(): Plugin {
  return {
    name: 'redhope-answer-schemas',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.startsWith(WEB_DIR) || !source.includes('contract/')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const feature = resolved ? CONTRACT_FILE.exec(resolved.id)?.[1] : undefined;
      return feature ? `${VIRTUAL_PREFIX}${feature}` : null;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL_PREFIX)) return null;
      return webContractModule(id.slice(VIRTUAL_PREFIX.length));
    },
  };
}

/** The module web/ gets for common/contract/<file>.contract.ts. */
export function webContractModule(file: string): string {
  const key = file.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
  const feature = (contract as Record<string, Record<string, unknown>>)[key];
  if (!feature) throw new Error(`common/contract/${file}.contract.ts is not in the contract index`);
  const lines = Object.entries(feature)
    .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
    .map(
      ([name, endpoint]) =>
        `export const ${name} = ${JSON.stringify(webEndpoint(endpoint, `${file}.${name}`))};`,
    );
  return `${lines.join('\n')}\n`;
}

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

function webEndpoint(endpoint: Endpoint, where: string) {
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(endpoint.responses)) {
    const schema = (answer as { content?: { 'application/json'?: { schema?: unknown } } })
      .content?.['application/json']?.schema;
    if (!status.startsWith('2')) continue;
    // A success with no body (204): declared, with nothing to read or check.
    if (!(schema instanceof z.ZodType)) {
      responses[status] = {};
      continue;
    }
    // As the answer comes in (io: 'input'): with no transform or default, zod's output is it.
    const { $schema: _, ...json } = z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'throw',
    });
    assertCheckable(json, `${where} ${status}`);
    responses[status] = { content: { 'application/json': { schema: json } } };
  }
  return { method: endpoint.method, path: endpoint.path, responses };
}

/** Throws unless `web/lib/answer-check.ts` checks every keyword of the schema. */
export function assertCheckable(node: unknown, where: string): void {
  if (Array.isArray(node)) {
    for (const item of node) assertCheckable(item, where);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  for (const keyword of Object.keys(schema)) {
    if (!ANSWER_SCHEMA_KEYWORDS.has(keyword)) {
      throw new Error(`${where}: the answer check does not know the keyword "${keyword}"`);
    }
  }
  // zod drops the unknown keys of a plain z.object, which a check alone cannot do.
  if (schema.properties !== undefined && schema.additionalProperties !== false) {
    throw new Error(`${where}: an answer's object must be a z.strictObject`);
  }
  if (schema.format !== undefined && typeof schema.pattern !== 'string') {
    throw new Error(`${where}: format "${String(schema.format)}" comes without a pattern`);
  }
  for (const keyword of ['properties', '$defs'] as const) {
    for (const child of Object.values((schema[keyword] as object | undefined) ?? {})) {
      assertCheckable(child, where);
    }
  }
  for (const keyword of ['anyOf', 'items', 'additionalProperties', 'propertyNames'] as const) {
    assertCheckable(schema[keyword], where);
  }
}
