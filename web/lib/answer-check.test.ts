import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Endpoint } from '../../common/contract/define.ts';
// The index is not swapped for web/ (only <feature>.contract.ts files are): the real zod schemas.
import { allEndpoints } from '../../common/contract/index.ts';
import { listRequests } from '../../common/contract/requests.contract.ts';
import { type AnswerSchema, matchesAnswerSchema } from './answer-check.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A value the schema describes: the first option, the first enum value, one item. */
function sample(schema: AnswerSchema, root: AnswerSchema = schema): Json {
  if (schema.$ref) return sample(root.$defs?.[schema.$ref.slice('#/$defs/'.length)] ?? {}, root);
  if (schema.anyOf) return sample(schema.anyOf[0] ?? {}, root);
  if ('const' in schema) return schema.const as Json;
  if (schema.enum) return schema.enum[0] as Json;
  const type = [schema.type].flat()[0];
  if (type === 'string' && schema.format === 'date-time') return '2026-11-27T07:30:00.000Z';
  if (type === 'string' && schema.format === 'date') return '2026-11-27';
  if (type === 'string') return 'text';
  if (type === 'integer' || type === 'number') return Math.max(schema.minimum ?? 0, 1);
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  if (type === 'array') return [sample(schema.items ?? {}, root)];
  const object: { [key: string]: Json } = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    object[key] = sample(property, root);
  }
  for (const key of schema.required ?? []) {
    if (!(key in object) && typeof schema.additionalProperties === 'object') {
      object[key] = sample(schema.additionalProperties, root);
    }
  }
  return object;
}

/** The sample and, for each of its object fields anywhere, the sample with that field changed. */
function variants(value: Json): Json[] {
  const found: Json[] = [value, null, 'text', 7, [], {}];
  const visit = (node: Json, replace: (next: Json) => Json) => {
    if (Array.isArray(node)) {
      found.push(replace([]), replace([...node, node[0] ?? null]), replace([7]));
      node.forEach((item, i) => {
        visit(item, (next) => replace(node.map((old, j) => (j === i ? next : old))));
      });
    } else if (node !== null && typeof node === 'object') {
      found.push(replace({ ...node, unexpected: 'x' }));
      for (const key of Object.keys(node)) {
        const { [key]: _, ...without } = node;
        found.push(replace(without));
        for (const other of [null, 'text', 'not-a-date', '2026-02-30', 7, 1.5, -1, true, [], {}]) {
          found.push(replace({ ...node, [key]: other }));
        }
        visit(node[key] as Json, (next) => replace({ ...node, [key]: next }));
      }
    }
  };
  visit(value, (next) => next);
  return found;
}

const successAnswers = allEndpoints.flatMap((endpoint: Endpoint) =>
  Object.entries(endpoint.responses).flatMap(([status, answer]) => {
    const schema = (answer as { content?: { 'application/json'?: { schema?: z.ZodType } } })
      .content?.['application/json']?.schema;
    return status.startsWith('2') && schema
      ? [{ name: `${endpoint.method} ${endpoint.path} ${status}`, schema }]
      : [];
  }),
);

describe('the answer check web/ uses in place of zod', () => {
  it("sees the contract as the build gives it to web/: JSON Schemas, not zod's", () => {
    const answer = listRequests.responses[200].content['application/json'].schema as unknown;
    expect(answer).toMatchObject({ type: 'array', items: { additionalProperties: false } });
    expect(answer).not.toHaveProperty('safeParse');
  });

  it('agrees with zod on every success answer of the contract, valid or broken', async () => {
    const { z } = await import('zod');
    expect(successAnswers.length).toBeGreaterThan(50);
    const disagreements: string[] = [];
    for (const { name, schema } of successAnswers) {
      const json = z.toJSONSchema(schema, { io: 'input' }) as AnswerSchema;
      const valid = sample(json);
      expect(schema.safeParse(valid).success, `${name}: the sample is valid`).toBe(true);
      for (const value of variants(valid)) {
        const zodSays = schema.safeParse(value).success;
        if (matchesAnswerSchema(json, value) !== zodSays) {
          disagreements.push(`${name}: zod ${zodSays} for ${JSON.stringify(value).slice(0, 200)}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('refuses what does not match, and accepts what does', () => {
    const schema: AnswerSchema = {
      type: 'object',
      properties: {
        at: { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
        count: { type: 'integer', minimum: 0 },
        group: { anyOf: [{ type: 'string', enum: ['A+', 'O-'] }, { type: 'null' }] },
      },
      required: ['at', 'count'],
      additionalProperties: false,
    };
    expect(matchesAnswerSchema(schema, { at: '2026-11-27', count: 0, group: null })).toBe(true);
    expect(matchesAnswerSchema(schema, { at: '2026-11-27', count: 2 })).toBe(true);
    expect(matchesAnswerSchema(schema, { at: '27/11/2026', count: 2 })).toBe(false);
    expect(matchesAnswerSchema(schema, { at: '2026-11-27', count: -1 })).toBe(false);
    expect(matchesAnswerSchema(schema, { at: '2026-11-27', count: 1.5 })).toBe(false);
    expect(matchesAnswerSchema(schema, { at: '2026-11-27', count: 1, group: 'B+' })).toBe(false);
    expect(matchesAnswerSchema(schema, { at: '2026-11-27', count: 1, extra: 1 })).toBe(false);
    expect(matchesAnswerSchema(schema, { count: 1 })).toBe(false);
    expect(matchesAnswerSchema(schema, [])).toBe(false);
  });
});
