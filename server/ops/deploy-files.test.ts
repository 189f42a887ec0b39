import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/*
 * The Dockerfile and compose.yaml, checked by reading them: building an image needs the internet,
 * which tests never use. What is checked is what the issue asks of them (multi-stage, a pinned
 * Node 20, non-root, a health check) and what would break a deployment silently.
 */

const dockerfile = fs.readFileSync('Dockerfile', 'utf8');
const compose = fs.readFileSync('compose.yaml', 'utf8');
const dockerignore = fs.readFileSync('.dockerignore', 'utf8').split('\n');
/** Instructions with their continuation lines joined, comments dropped. */
const instructions = dockerfile
  .replace(/\\\n\s*/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
const stages = instructions.filter((line) => /^FROM /i.test(line));
const finalStage = instructions.slice(instructions.lastIndexOf(stages.at(-1) ?? ''));

describe('Dockerfile', () => {
  it('builds in one stage and runs from another, both on a pinned Node 20', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) {
      // A full version (20.x.y), never `latest`, `20` or `lts` that change under us.
      expect(stage).toMatch(
        /^FROM node:20\.\d+\.\d+-[a-z]+(-slim)?(@sha256:[0-9a-f]{64})? AS \w+$/,
      );
    }
    expect(finalStage.some((line) => /^COPY --from=build .*dist/.test(line))).toBe(true);
  });

  it('runs as a user other than root', () => {
    const users = finalStage.filter((line) => /^USER /.test(line));
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^USER (root|0)(:|$)/);
    // Nothing after the switch turns root back on.
    const afterUser = finalStage.slice(finalStage.lastIndexOf(users.at(-1) ?? ''));
    expect(afterUser.filter((line) => /^USER /.test(line))).toHaveLength(1);
  });

  it('starts the compiled server, keeps its data in a volume, and says it listens on 3000', () => {
    expect(finalStage.at(-1)).toMatch(/^CMD \[.*"dist\/server\/index\.js"\]$/);
    expect(dockerfile).toMatch(/DATA_DIR=\/data/);
    expect(dockerfile).toMatch(/VOLUME \["\/data"\]/);
    expect(dockerfile).toMatch(/EXPOSE 3000/);
    // The operator commands the docs name are compiled into dist/server.
    const build = fs.readFileSync('scripts/build-server.ts', 'utf8');
    for (const entry of ['index', 'admin', 'backup', 'restore', "'db-migrate'"]) {
      expect(build).toContain(`${entry}: 'server/`);
    }
  });

  it('has a health check that asks /api/ready and fails when it is not ready', async () => {
    const check = finalStage.find((line) => /^HEALTHCHECK /.test(line)) ?? '';
    const command = JSON.parse(check.replace(/^HEALTHCHECK .*?CMD /, '')) as string[];
    expect(command.slice(0, 2)).toEqual(['node', '-e']);
    const script = command[2] ?? '';
    expect(script).toContain('/api/ready');

    // The script itself, against a stand-in answering 200, then 503, then nothing at all.
    let status = 200;
    const server = http.createServer((req, res) => {
      res.statusCode = req.url === '/api/ready' ? status : 404;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const run = () =>
      promisify(execFile)(process.execPath, ['-e', script], {
        env: { ...process.env, PORT: String(port) },
      }).then(
        () => 0,
        (error: { code: number }) => error.code,
      );
    expect(await run()).toBe(0);
    status = 503;
    expect(await run()).toBe(1);
    await new Promise((resolve) => server.close(resolve));
    expect(await run()).toBe(1);
  });

  it('leaves secrets, data and local builds out of the image', () => {
    for (const entry of ['node_modules', '.env', 'data', '.git', 'dist', '*.sqlite']) {
      expect(dockerignore).toContain(entry);
    }
  });
});

describe('compose.yaml', () => {
  const service = (name: string) => {
    const start = compose.indexOf(`\n  ${name}:\n`);
    expect(start, `service ${name}`).toBeGreaterThan(0);
    const rest = compose.slice(start + 1);
    const end = rest.slice(1).search(/\n {2}\S|\n\S/);
    return end < 0 ? rest : rest.slice(0, end + 1);
  };

  it('runs the app with PostgreSQL and Redis, pinned, and waits until they are healthy', () => {
    const app = service('app');
    expect(app).toMatch(/build: \./);
    expect(app).toMatch(
      /DATABASE_URL: postgres:\/\/redhope:\$\{POSTGRES_PASSWORD:\?[^}]+\}@postgres:5432\/redhope/,
    );
    expect(app).toMatch(/REDIS_URL: redis:\/\/redis:6379/);
    expect(app).toMatch(/postgres:\n\s+condition: service_healthy/);
    expect(app).toMatch(/redis:\n\s+condition: service_healthy/);
    for (const name of ['postgres', 'redis']) {
      expect(service(name)).toMatch(/image: [a-z]+:\d+\.\d+(\.\d+)?-[a-z]+/);
      expect(service(name)).toMatch(/healthcheck:/);
    }
    expect(compose).not.toMatch(/:latest\b/);
  });

  it('refuses to start without the secrets, rather than with a default anyone knows', () => {
    expect(service('app')).toMatch(/AUTH_SECRET: \$\{AUTH_SECRET:\?/);
    expect(service('postgres')).toMatch(/POSTGRES_PASSWORD: \$\{POSTGRES_PASSWORD:\?/);
  });

  it('requires PUBLIC_URL and passes SMTP_URL through (issue 25: email could not be turned on from .env, and a localhost default refused every change from the real address)', () => {
    const app = service('app');
    expect(app).toMatch(/\n\s+PUBLIC_URL: \$\{PUBLIC_URL:\?[^}]+\}\n/);
    expect(app).not.toMatch(/PUBLIC_URL:.*localhost/);
    expect(app).toMatch(/\n\s+SMTP_URL: \$\{SMTP_URL(:-)?\}\n/);
    expect(app).toMatch(/\n\s+MAIL_FROM: \$\{MAIL_FROM/);
    // The image runs in production, where the server itself refuses to start without PUBLIC_URL.
    expect(dockerfile).toMatch(/NODE_ENV=production/);
  });
});
