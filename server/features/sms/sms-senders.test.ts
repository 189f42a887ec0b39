import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../../lib/env.ts';
import { httpSmsSender } from '../../lib/http-sms-sender.ts';
import { createLogger } from '../../lib/logger.ts';
import { parseSmppUrl } from '../../lib/smpp-sender.ts';
import { smsSenderFor } from '../../lib/sms-senders.ts';
import { startServer } from '../../start.ts';

// Issue 28: the HTTP adapter's request shape, the SMPP URL, and the start-up line saying SMS is
// off without SMS_URL.

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function gateway(answer: (body: string) => [number, string]) {
  const seen: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      const [status, text] = answer(body);
      res.writeHead(status, { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/send?api_key=k1`, seen };
}

const logger = createLogger('silent', { write: () => {} });

describe('the HTTP SMS adapter', () => {
  it('posts the documented JSON with the token, keeps the query string, and reads the id', async () => {
    const { url, seen } = await gateway(() => [200, '{"id":"gw-7"}']);
    const sender = smsSenderFor(url, parseEnv({ SMS_HTTP_TOKEN: 'tok-123' }), logger);
    const sent = await sender.send({ id: 'job-1', to: '+8801712345678', text: 'রক্ত দরকার' });
    expect(sent).toEqual({ gatewayId: 'gw-7' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('/send?api_key=k1');
    expect(seen[0]?.headers.authorization).toBe('Bearer tok-123');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({
      to: '8801712345678',
      from: 'RedHope',
      text: 'রক্ত দরকার',
      reference: 'job-1',
    });
  });

  it('posts form fields under the aggregator’s names when set so, leaving out one named empty', async () => {
    const { url, seen } = await gateway(() => [200, '{"message_id":9001}']);
    const env = parseEnv({
      SMS_HTTP_BODY: 'form',
      SMS_HTTP_FIELDS: 'to=number, from=senderid, text=message, reference=',
    });
    const sender = smsSenderFor(url, env, logger);
    const sent = await sender.send({ id: 'job-3', to: '+8801712345678', text: 'রক্ত দরকার & আজই' });
    expect(sent).toEqual({ gatewayId: '9001' });
    expect(seen[0]?.url).toBe('/send?api_key=k1');
    expect(seen[0]?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(seen[0]?.body ?? ''))).toEqual({
      number: '8801712345678',
      senderid: 'RedHope',
      message: 'রক্ত দরকার & আজই',
    });
  });

  it('fails on a refusal, so the outbox tries again', async () => {
    const { url } = await gateway(() => [503, 'busy']);
    const sender = httpSmsSender(url, 'RedHope');
    await expect(sender.send({ id: 'job-2', to: '+8801712345678', text: 'x' })).rejects.toThrow(
      /answered 503: busy/,
    );
  });
});

describe('SMS settings', () => {
  it('reads system id and password from an smpp:// URL, percent-encoded', () => {
    expect(parseSmppUrl('smpp://red%40hope:p%3Ass@smpp.example:2776')).toEqual({
      url: 'smpp://smpp.example:2776',
      systemId: 'red@hope',
      password: 'p:ss',
    });
    expect(parseSmppUrl('smpp://a:b@h').url).toBe('smpp://h:2775');
  });

  it('refuses an SMS_URL of another kind', () => {
    expect(() => parseEnv({ SMS_URL: 'ftp://x' })).toThrow(/SMS_URL/);
    expect(() => parseEnv({ SMS_SENDER_ID: 'A name much too long' })).toThrow(/SMS_SENDER_ID/);
  });

  it('refuses HTTP field names it cannot use, saying why', () => {
    for (const [fields, why] of [
      ['phone=number', /ours are to, from, text, reference/],
      ['to=number,to=msisdn', /names "to" twice/],
      ['text=', /cannot leave out "text"/],
      ['to=a b', /is not a field name/],
      ['to=x,text=x', /same name/],
    ] as const) {
      expect(() => parseEnv({ SMS_HTTP_FIELDS: fields })).toThrow(why);
    }
    expect(() => parseEnv({ SMS_HTTP_BODY: 'xml' })).toThrow(/SMS_HTTP_BODY/);
    expect(parseEnv({}).SMS_HTTP_FIELDS).toEqual({
      to: 'to',
      from: 'from',
      text: 'text',
      reference: 'reference',
    });
  });

  it('says at start that SMS is off when SMS_URL is not set', async () => {
    const lines: string[] = [];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-sms-'));
    const env = parseEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test' });
    const logger = createLogger('info', { write: (line: string) => lines.push(line) });
    const running = await startServer(env, path.join(dataDir, 'no-web'), logger);
    await running.stop();
    expect(lines.join('\n')).toMatch(/SMS is off: SMS_URL is not set/);
  });
});
