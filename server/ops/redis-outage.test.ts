import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChildServer,
  httpCall,
  type ProcessDatabase,
  processDatabase,
  startChildServer,
} from '../test/child-server.ts';

/*
 * Regression (issue 25): with Redis down, every rate-limited route (sign-in, sign-up, contact,
 * upload, token, reset) answered 500 after 10-15 s, so nobody could sign in during an outage.
 * Now a Redis that does not answer is noticed at once and the limits count in the database
 * until it is back. The Redis here is this test's own, on a free port, stopped and started
 * again (never the shared one). The engine does not matter: runs in api-processes-sqlite.
 */

/** A free TCP port on this machine (asked of the kernel, then released). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A throwaway redis-server on `port`, keeping nothing on disk; resolves once it accepts. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`redis-server did not start:\n${output}`)),
      10_000,
    );
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', () => reject(new Error(`redis-server exited:\n${output}`)));
  });
  return child;
}

async function stopRedis(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

let database: ProcessDatabase;
let server: ChildServer;
let redisPort: number;
let redis: ChildProcess | undefined;

beforeAll(async () => {
  redisPort = await freePort();
  redis = await startRedis(redisPort);
  database = await processDatabase('sqlite');
  server = await startChildServer({
    ...database.env,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    // The limits are on, as in production; each test calls from an address of its own.
    AUTH_RATE_LIMIT: 'true',
    TRUST_PROXY: 'true',
  });
});

afterAll(async () => {
  await server?.stop();
  await stopRedis(redis);
  await database?.drop();
});

const account = (name: string) => ({
  name: 'Rahim Uddin',
  email: `${name}-${Math.random().toString(36).slice(2)}@example.org`,
  password: 'Passw0rd!',
  image: 'https://example.org/photo.jpg',
  bloodGroup: 'A+',
  division: 'Khulna',
  district: 'Khulna',
  consent: true,
});

/** The address the calls come from (through the trusted proxy); each test sets its own. */
let caller = '198.18.0.1';

/** A call, and how long its answer took. */
async function timed(method: string, urlPath: string, body: unknown) {
  const started = Date.now();
  const res = await httpCall(server.url, method, urlPath, {
    body,
    headers: { 'x-forwarded-for': caller },
  });
  return { ...res, ms: Date.now() - started };
}

/** The rate-limit counters this server keeps in the test's Redis. */
async function countersInRedis(): Promise<number> {
  const client = new Redis(redisPort, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    return (await client.keys('redhope:counter:*')).length;
  } finally {
    client.disconnect();
  }
}

describe('the rate-limited routes while Redis is away', () => {
  it('answer at once with their normal answers, the limits still hold, and Redis is used again', async () => {
    // A server just started may still be connecting to Redis, and counts in the database until
    // it is connected (as it must): this test starts from a connected Redis, as in production.
    await expect
      .poll(async () => (await httpCall(server.url, 'GET', '/api/ready')).body?.redis, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe('ok');
    const rahim = account('rahim');
    expect((await timed('POST', '/api/auth/sign-up/email', rahim)).status).toBe(200);
    expect(await countersInRedis()).toBeGreaterThan(0);

    await stopRedis(redis);

    const signIn = await timed('POST', '/api/auth/sign-in/email', {
      email: rahim.email,
      password: rahim.password,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.ms).toBeLessThan(2000);
    const signUp = await timed('POST', '/api/auth/sign-up/email', account('karim'));
    expect(signUp.status).toBe(200);
    expect(signUp.ms).toBeLessThan(2000);
    const contact = await timed('POST', '/api/contacts', {
      name: 'Rahim Uddin',
      phone: '01711000000',
      email: 'rahim@example.org',
      message: 'Hello while Redis is away',
    });
    expect(contact.status).toBe(201);
    expect(contact.ms).toBeLessThan(2000);

    // The account's lockout still holds: five wrong passwords, then the sixth try is refused.
    const wrong = { email: rahim.email, password: 'Wrong-pass1' };
    for (let i = 0; i < 5; i++) {
      const res = await timed('POST', '/api/auth/sign-in/email', wrong);
      expect(res.status).toBe(401);
      expect(res.ms).toBeLessThan(2000);
    }
    const locked = await timed('POST', '/api/auth/sign-in/email', wrong);
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('TOO_MANY_ATTEMPTS');
    // And so does the per-address limit of sign-ins (10 a minute; 7 made since the start).
    const perAddress = [];
    for (let i = 0; i < 5; i++) {
      const res = await timed('POST', '/api/auth/sign-in/email', {
        email: 'nobody@example.org',
        password: 'Wrong-pass1',
      });
      perAddress.push(res.status);
    }
    expect(perAddress).toContain(429);
    expect(
      server.logLines('rate-limit counters use the database while Redis is unreachable'),
    ).toHaveLength(1);

    // Redis back on the same port: the server reconnects by itself and counts there again.
    redis = await startRedis(redisPort);
    expect(await countersInRedis()).toBe(0);
    await expect
      .poll(
        async () => {
          await timed('POST', '/api/contacts', {
            name: 'Rahim Uddin',
            phone: '01711000000',
            email: 'rahim@example.org',
            message: 'Hello again',
          });
          return countersInRedis();
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    expect(server.logLines('rate-limit counters are back on Redis')).toHaveLength(1);
    expect((await httpCall(server.url, 'GET', '/api/ready')).body).toEqual({
      status: 'ready',
      database: 'ok',
      redis: 'ok',
    });
  });

  it('answer at once too when Redis is connected but does not answer (a hung server)', async () => {
    caller = '198.18.0.2';
    const rahim = account('hung');
    expect((await timed('POST', '/api/auth/sign-up/email', rahim)).status).toBe(200);
    // SIGSTOP: the connection stays open and nothing answers, as with a hung or cut-off host.
    redis?.kill('SIGSTOP');
    try {
      const started = Date.now();
      const signIn = await timed('POST', '/api/auth/sign-in/email', {
        email: rahim.email,
        password: rahim.password,
      });
      expect(signIn.status).toBe(200);
      const contact = await timed('POST', '/api/contacts', {
        name: 'Rahim Uddin',
        phone: '01711000000',
        email: 'rahim@example.org',
        message: 'Hello while Redis hangs',
      });
      expect(contact.status).toBe(201);
      // One command timeout (0.5 s) at most, then the database until Redis is tried again.
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      redis?.kill('SIGCONT');
    }
  });
});
