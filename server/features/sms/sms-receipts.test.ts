import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { expectAnswerMatchesContract } from '../../test/contract-check.ts';
import { bearerFor, createUser } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testWorker } from '../../test/worker.ts';

// Issue 28: the HTTP adapter's delivery receipts. An aggregator's HTTP API on 127.0.0.1 takes
// the SMS (answering its id); its receipts come back to POST /api/sms/receipts/<secret> and mark
// the message as the SMPP gateway's deliver_sm does.

const SECRET = 'rcpt_0123456789abcdefghijkl';
const clock = manualClock();
let t: TestApp | undefined;
let gateway: http.Server | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
  await new Promise<void>((resolve) => (gateway ? gateway.close(() => resolve()) : resolve()));
  gateway = undefined;
});

/**
 * An HTTP SMS API that accepts every SMS as gw-1, gw-2, … and keeps what it got; `beforeAnswer`
 * runs before it answers (a receipt racing the answer).
 */
async function startGateway(beforeAnswer?: (sms: { reference: string }) => Promise<void>) {
  const got: { to: string; text: string; reference: string }[] = [];
  gateway = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', async () => {
      const sms = JSON.parse(body);
      got.push(sms);
      await beforeAnswer?.(sms);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: `gw-${got.length}` }));
    });
  });
  await new Promise<void>((resolve) => gateway?.listen(0, '127.0.0.1', () => resolve()));
  const { port } = gateway.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/send`, got };
}

/** The app on the HTTP adapter, and one SMS sent through it (a verification code): its row. */
async function oneSentSms(env: Record<string, string> = { SMS_RECEIPT_SECRET: SECRET }) {
  const { url, got } = await startGateway();
  const lines: string[] = [];
  t = await createTestApp(
    { SMS_URL: url, ...env },
    { clock, logTo: { write: (line: string) => lines.push(line) } },
  );
  const app = t;
  const user = await createUser(app.db);
  const asked = await call(app, 'POST', '/api/users/me/phone', {
    headers: await bearerFor(app.db, user.id),
    body: { phone: '01712345678' },
  });
  expect(asked.status).toBe(202);
  await testWorker(app).runDue();
  expect(got).toHaveLength(1);
  const message = () => app.db.selectFrom('smsMessage').selectAll().executeTakeFirstOrThrow();
  expect(await message()).toMatchObject({ gatewayId: 'gw-1', status: 'sent' });
  return { app, message, reference: got[0]?.reference ?? '', lines };
}

const receipt = (app: TestApp, secret: string, body: unknown) =>
  call(app, 'POST', `/api/sms/receipts/${secret}`, { headers: { origin: '' }, body });

/**
 * A receipt posted as a form (application/x-www-form-urlencoded, or another type given), as most
 * Bangladeshi gateways post it: no Origin, no cookie. The answer is checked against the contract.
 */
async function formReceipt(
  app: TestApp,
  secret: string,
  fields: Record<string, string>,
  { contentType = 'application/x-www-form-urlencoded', language = 'en' } = {},
) {
  const path = `/api/sms/receipts/${secret}`;
  const res = await app.app.request(path, {
    method: 'POST',
    headers: { 'content-type': contentType, 'accept-language': language },
    body: new URLSearchParams(fields).toString(),
  });
  const body = await res.json();
  expectAnswerMatchesContract('POST', path, res.status, res.headers, body);
  return { status: res.status, body };
}

describe(`HTTP SMS delivery receipts (${process.env.TEST_ENGINE})`, () => {
  it('marks the SMS the gateway names delivered, and one named by our reference undelivered', async () => {
    const { app, message, reference } = await oneSentSms();
    const delivered = await receipt(app, SECRET, { id: 'gw-1', status: 'DELIVRD' });
    expect(delivered.status).toBe(200);
    expect(delivered.body).toEqual({ status: 'delivered' });
    expect((await message()).status).toBe('delivered');

    const failed = await receipt(app, SECRET, { reference, status: 'failed' });
    expect(failed.status).toBe(200);
    expect(failed.body).toEqual({ status: 'undelivered' });
    expect(await message()).toMatchObject({ id: reference, status: 'undelivered' });
  });

  it('takes a state on the way without changing anything, and refuses an unknown state or message', async () => {
    const { app, message } = await oneSentSms();
    const onTheWay = await receipt(app, SECRET, { message_id: 'gw-1', status: 'ENROUTE' });
    expect(onTheWay.status).toBe(200);
    expect(onTheWay.body).toEqual({ status: 'ignored' });
    expect((await message()).status).toBe('sent');

    const strange = await receipt(app, SECRET, { id: 'gw-1', status: 'MAYBE' });
    expect(strange.status).toBe(400);
    expect(strange.body.error.code).toBe('SMS_RECEIPT_STATE');
    expect(strange.body.error.message).toContain('delivered (DELIVRD)');

    const nameless = await receipt(app, SECRET, { status: 'DELIVRD' });
    expect(nameless.status).toBe(400);
    expect(JSON.stringify(nameless.body)).toContain('Name the message');

    const unknown = await receipt(app, SECRET, { id: 'gw-999', status: 'DELIVRD' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('SMS_RECEIPT_UNKNOWN');
    expect((await message()).status).toBe('sent');
  });

  it('refuses a wrong secret with 403, before the body, changing nothing; and logs no secret', async () => {
    const { app, message, lines } = await oneSentSms();
    for (const body of [{ id: 'gw-1', status: 'DELIVRD' }, { nonsense: true }]) {
      const refused = await receipt(app, 'rcpt_wrong_wrong_wrong_wrong_wrong', body);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('FORBIDDEN');
    }
    const almost = await receipt(app, SECRET.slice(0, -1), { id: 'gw-1', status: 'DELIVRD' });
    expect(almost.status).toBe(403);
    expect((await message()).status).toBe('sent');

    expect((await receipt(app, SECRET, { id: 'gw-1', status: 'DELIVRD' })).status).toBe(200);
    const log = lines.join('\n');
    expect(log).toContain('/api/sms/receipts/[secret]');
    expect(log).not.toContain(SECRET);
  });

  it('keeps a receipt that came, naming our reference, before the gateway answered the send', async () => {
    const early: number[] = [];
    const { url } = await startGateway(async ({ reference }) => {
      if (!t) return;
      early.push((await receipt(t, SECRET, { reference, status: 'DELIVRD' })).status);
    });
    t = await createTestApp({ SMS_URL: url, SMS_RECEIPT_SECRET: SECRET }, { clock });
    const user = await createUser(t.db);
    await call(t, 'POST', '/api/users/me/phone', {
      headers: await bearerFor(t.db, user.id),
      body: { phone: '01712345678' },
    });
    await testWorker(t).runDue();
    expect(early).toEqual([200]);
    // The worker's "sent" (with the gateway's id) came after, and did not undo "delivered".
    expect(await t.db.selectFrom('smsMessage').selectAll().executeTakeFirstOrThrow()).toMatchObject(
      { gatewayId: 'gw-1', status: 'delivered' },
    );
  });

  it('does not exist without SMS_RECEIPT_SECRET', async () => {
    const { app, message } = await oneSentSms({});
    const answer = await receipt(app, SECRET, { id: 'gw-1', status: 'DELIVRD' });
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('NOT_FOUND');
    expect((await message()).status).toBe('sent');
  });

  it('takes a receipt posted as a form, with the same fields and the same answers', async () => {
    const { app, message, reference } = await oneSentSms();
    // A gateway's form carries fields of its own besides ours: they are passed over.
    const onTheWay = await formReceipt(app, SECRET, {
      message_id: 'gw-1',
      status: 'ENROUTE',
      msisdn: '8801712345678',
    });
    expect(onTheWay).toMatchObject({ status: 200, body: { status: 'ignored' } });
    expect((await message()).status).toBe('sent');

    const delivered = await formReceipt(app, SECRET, { id: 'gw-1', status: 'DELIVRD' });
    expect(delivered).toMatchObject({ status: 200, body: { status: 'delivered' } });
    expect((await message()).status).toBe('delivered');

    const failed = await formReceipt(app, SECRET, { reference, status: 'failed' });
    expect(failed).toMatchObject({ status: 200, body: { status: 'undelivered' } });
    expect((await message()).status).toBe('undelivered');
  });

  it('checks a form receipt as a JSON one: secret first, then its fields, in words, changing nothing', async () => {
    const { app, message } = await oneSentSms();
    const wrong = await formReceipt(app, 'rcpt_wrong_wrong_wrong_wrong_wrong', {
      id: 'gw-1',
      status: 'DELIVRD',
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.message).toContain('check the secret');

    const nameless = await formReceipt(app, SECRET, { status: 'DELIVRD' });
    expect(nameless.status).toBe(400);
    expect(nameless.body.error.message).toContain('Name the message');
    const stateless = await formReceipt(app, SECRET, { id: 'gw-1' }, { language: 'bn' });
    expect(stateless.status).toBe(400);
    expect(stateless.body.error.code).toBe('VALIDATION_FAILED');
    expect(stateless.body.error.message).toMatch(/[\u0980-\u09FF]/);
    const strange = await formReceipt(app, SECRET, { id: 'gw-1', status: 'MAYBE' });
    expect(strange.status).toBe(400);
    expect(strange.body.error.code).toBe('SMS_RECEIPT_STATE');
    const unknown = await formReceipt(app, SECRET, { id: 'gw-999', status: 'DELIVRD' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('SMS_RECEIPT_UNKNOWN');

    // No body at all, and a type that is neither JSON nor a form: refused, never a 500.
    const empty = await app.app.request(`/api/sms/receipts/${SECRET}`, { method: 'POST' });
    expect(empty.status).toBe(400);
    const text = await formReceipt(
      app,
      SECRET,
      { id: 'gw-1', status: 'DELIVRD' },
      { contentType: 'text/plain', language: 'bn' },
    );
    expect(text.status).toBe(415);
    expect(text.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(text.body.error.message).toMatch(/[\u0980-\u09FF]/);
    expect((await message()).status).toBe('sent');
  });
});
