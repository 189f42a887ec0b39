import { expect } from 'vitest';
import type { z } from 'zod';
import { errorResponseSchema } from '../../common/contract/define.ts';
import { allEndpoints } from '../../common/contract/index.ts';

interface Candidate {
  method: string;
  pattern: RegExp;
  params: number;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

const candidates: Candidate[] = allEndpoints.map((endpoint) => ({
  method: endpoint.method.toUpperCase(),
  pattern: new RegExp(`^/api${endpoint.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  params: (endpoint.path.match(/\{/g) ?? []).length,
  responses: endpoint.responses as Candidate['responses'],
}));

/** The definition serving `method path`: literal segments win over parameters, as in the app. */
function endpointFor(method: string, path: string): Candidate | undefined {
  return candidates
    .filter((c) => c.method === method && c.pattern.test(path))
    .sort((a, b) => a.params - b.params)[0];
}

/**
 * Holds every answer a test receives to the contract: the status must be one its definition
 * declares, and a JSON body must parse, strictly, with the schema declared for that status (so a
 * field missing from the answer, or an undeclared extra one, fails the test). Answers of paths
 * with no definition (unknown routes, closed better-auth paths) must be the error shape.
 */
export function expectAnswerMatchesContract(
  method: string,
  url: string,
  status: number,
  headers: Headers,
  body: unknown,
): void {
  const path = new URL(url, 'http://localhost').pathname;
  if (!path.startsWith('/api/') || path.startsWith('/api/docs') || path === '/api/openapi.json')
    return;
  const endpoint = endpointFor(method, path);
  const isJson = headers.get('content-type')?.includes('application/json') ?? false;
  if (!endpoint) {
    if (status >= 400 && isJson)
      parseOrFail(errorResponseSchema, body, `${method} ${path} ${status}`);
    return;
  }
  const declared = endpoint.responses[String(status)];
  expect(
    declared,
    `${method} ${path} answered ${status}, which its definition does not declare`,
  ).toBeDefined();
  const schema = declared?.content?.['application/json']?.schema as z.ZodType | undefined;
  if (schema && isJson) parseOrFail(schema, body, `${method} ${path} ${status}`);
}

function parseOrFail(schema: z.ZodType, body: unknown, what: string) {
  const result = schema.safeParse(body);
  if (!result.success) {
    expect.fail(
      `${what}: the answer does not match its schema: ${JSON.stringify(result.error.issues).slice(0, 600)}`,
    );
  }
}
