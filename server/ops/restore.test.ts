import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../db/dialect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createRequest, createUser } from '../test/factories.ts';
import { createBackup, pruneBackups } from './backup.ts';
import { RestoreRefused, restoreBackup } from './restore.ts';
import { tarStream } from './tar.ts';

/*
 * What restore accepts and refuses, in process (the backup under load, with real servers, is
 * backup.test.ts). Runs once, in api-sqlite: the archive format does not depend on the engine.
 */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-restore-'));
const dataDir = path.join(root, 'data');
const IMAGE = '0190a0a0-0000-7000-8000-00000000abcd.webp';
let archive = '';

beforeAll(async () => {
  const handle = connect({ sqliteFile: path.join(dataDir, 'redhope.sqlite') });
  await migrateToLatest(handle);
  const user = await createUser(handle.db, { name: 'Rahima' });
  await createRequest(handle.db, user, { recipientName: 'Karim' });
  await handle.close();
  fs.mkdirSync(path.join(dataDir, 'uploads'));
  fs.writeFileSync(path.join(dataDir, 'uploads', IMAGE), 'image bytes');
  // A half-written upload (storage writes `.<name>.tmp`, then renames): never archived.
  fs.writeFileSync(path.join(dataDir, 'uploads', `.${IMAGE}.tmp`), 'half');
  fs.writeFileSync(path.join(dataDir, '.auth-secret'), 'secret-of-this-instance');
  const result = await createBackup({
    dataDir,
    outDir: path.join(root, 'backups'),
    engine: 'sqlite',
    uploadsInS3: false,
  });
  archive = result.file;
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const target = (name: string) => path.join(root, name);

/** The folders next to `dir` that a failed restore might have left behind. */
const leftovers = (dir: string) =>
  fs.readdirSync(path.dirname(dir)).filter((name) => name.startsWith(`${path.basename(dir)}.`));

async function expectRefused(file: string, into: string, message: RegExp) {
  const error = await restoreBackup(file, into).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RestoreRefused);
  expect((error as Error).message).toMatch(message);
  expect(fs.existsSync(into)).toBe(false);
  expect(leftovers(into)).toEqual([]);
}

/** The archive's tar bytes, changed by `edit`, compressed again into a new file. */
function alteredArchive(name: string, edit: (tar: Buffer) => Buffer): string {
  const tar = zlib.gunzipSync(fs.readFileSync(archive));
  const file = target(name);
  fs.writeFileSync(file, zlib.gzipSync(edit(Buffer.from(tar))));
  return file;
}

describe('restore', () => {
  it('brings back the database, the images and the secret, and nothing half-written', async () => {
    const into = target('restored');
    const result = await restoreBackup(archive, into);
    expect(result.uploads).toBe(1);
    expect(fs.readdirSync(into).sort()).toEqual(['.auth-secret', 'redhope.sqlite', 'uploads']);
    expect(fs.readdirSync(path.join(into, 'uploads'))).toEqual([IMAGE]);
    expect(fs.readFileSync(path.join(into, 'uploads', IMAGE), 'utf8')).toBe('image bytes');
    expect(fs.readFileSync(path.join(into, '.auth-secret'), 'utf8')).toBe(
      'secret-of-this-instance',
    );
    const handle = connect({ sqliteFile: path.join(into, 'redhope.sqlite') });
    const rows = await handle.db
      .selectFrom('donationRequest')
      .select(['recipientName', 'requesterName'])
      .execute();
    await handle.close();
    expect(rows).toEqual([{ recipientName: 'Karim', requesterName: 'Rahima' }]);
    expect(leftovers(into)).toEqual([]);
  });

  it('restores into an empty folder that exists', async () => {
    const into = target('empty-folder');
    fs.mkdirSync(into);
    await restoreBackup(archive, into);
    expect(fs.existsSync(path.join(into, 'redhope.sqlite'))).toBe(true);
  });

  it('never overwrites a data folder that holds anything, and leaves it as it was', async () => {
    const error = await restoreBackup(archive, dataDir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestoreRefused);
    expect((error as Error).message).toMatch(
      /data is not empty \(it holds .*redhope\.sqlite.*\)\. A restore never overwrites a data folder/,
    );
    expect(fs.readFileSync(path.join(dataDir, 'uploads', IMAGE), 'utf8')).toBe('image bytes');
    expect(leftovers(dataDir)).toEqual([]);
  });

  it('refuses a truncated archive and leaves nothing behind', async () => {
    const whole = fs.readFileSync(archive);
    const cut = target('cut.tar.gz');
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    await expectRefused(cut, target('from-cut'), /damaged or incomplete|ends early/);
  });

  it('refuses an archive whose database was altered (its checksum does not match)', async () => {
    // The database is the first entry: its bytes start after one 512-byte header.
    const altered = alteredArchive('altered.tar.gz', (tar) => {
      tar[512 + 2000] = (tar[512 + 2000] ?? 0) ^ 0xff;
      return tar;
    });
    await expectRefused(altered, target('from-altered'), /not the one it was made with/);
  });

  it('refuses names outside the data folder, and writes nothing outside it', async () => {
    const evil = target('evil.tar.gz');
    const source = target('payload.txt');
    fs.writeFileSync(source, 'payload');
    await pipeline(
      Readable.from(
        tarStream([
          { name: '../escaped.txt', source },
          { name: 'manifest.json', source },
        ]),
      ),
      zlib.createGzip(),
      fs.createWriteStream(evil),
    );
    await expectRefused(evil, target('from-evil'), /holds "\.\.\/escaped\.txt", which no RedHope/);
    expect(fs.existsSync(path.join(root, 'escaped.txt'))).toBe(false);
  });

  it('refuses links (an archive of ours holds only files)', async () => {
    const folder = target('with-link');
    fs.mkdirSync(folder);
    fs.symlinkSync('/etc/passwd', path.join(folder, 'redhope.sqlite'));
    const linked = target('link.tar.gz');
    execFileSync('tar', ['-czf', linked, '-C', folder, 'redhope.sqlite']);
    await expectRefused(linked, target('from-link'), /not a file: redhope\.sqlite/);
  });

  it('refuses a file that is not an archive at all', async () => {
    const junk = target('junk.tar.gz');
    fs.writeFileSync(junk, 'not gzip at all');
    await expectRefused(junk, target('from-junk'), /damaged or incomplete/);
  });
});

describe('backup', () => {
  it('keeps the newest archives with --keep', () => {
    const folder = target('keep');
    fs.mkdirSync(folder);
    const names = [
      'redhope-backup-20250101-010000Z.tar.gz',
      'redhope-backup-20250301-010000Z.tar.gz',
      'redhope-backup-20250201-010000Z.tar.gz',
      'notes.txt',
    ];
    for (const name of names) fs.writeFileSync(path.join(folder, name), '');
    expect(pruneBackups(folder, 2)).toEqual(['redhope-backup-20250101-010000Z.tar.gz']);
    expect(fs.readdirSync(folder).sort()).toEqual([
      'notes.txt',
      'redhope-backup-20250201-010000Z.tar.gz',
      'redhope-backup-20250301-010000Z.tar.gz',
    ]);
  });

  it('on PostgreSQL, says the database needs pg_dump rather than pretending to back it up', async () => {
    const run = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'server/ops/backup-cli.ts', target('pg-backups')],
      { env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' } },
    );
    const failed = (await run.catch((e: unknown) => e)) as { code: number; stderr: string };
    expect(failed.code).toBe(2);
    expect(failed.stderr).toMatch(/Back it up with pg_dump/);
    expect(failed.stderr).toMatch(/npm run backup -- --files-only/);
    expect(fs.existsSync(target('pg-backups'))).toBe(false);
  });
});
