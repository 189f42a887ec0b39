import type { Kysely } from 'kysely';
import type { DataExport, DataExportList } from '../../../common/data-export.schema.ts';
import type { Database } from '../../db/schema.ts';
import * as reads from './data-export.repository.ts';

// Issue 31 item 4 (decision 041): a person's copy of their data, written as JSON a piece at a
// time. Each list is read a page at a time (data-export.repository.ts) and each page is written
// out before the next is read: what is in memory at once is one page, whatever the history's
// length. The stream is pulled, so a slow download reads no further ahead than it is sent.

/** Rows per read. */
export const EXPORT_PAGE_SIZE = 200;

/** The lists of the file, in the order they are written (every list of DataExport, once). */
const LISTS = [
  'consents',
  'sessions',
  'uploads',
  'requests',
  'pledgesToMyRequests',
  'pledges',
  'donations',
  'withdrawals',
  'alerts',
  'notifications',
  'reports',
  'contactMessages',
  'smsMessages',
  'auditEntries',
] as const satisfies readonly DataExportList[];
// A list added to the schema but not here fails to compile.
type Missing = Exclude<DataExportList, (typeof LISTS)[number]>;
const allListed: Missing extends never ? true : never = true;
void allListed;

const ABOUT =
  'Everything RedHope holds about you. Other people appear only by the name you already see in ' +
  'RedHope (a donor who pledged to your request, whoever was shown your number), never with ' +
  'their email or number. Not included: your password and sign-in secrets (only that they ' +
  'exist), messages waiting to be sent to you, and counters that limit attempts.';

/**
 * The file's text, piece by piece, for the account `id`; nothing when the account is gone. The
 * head (profile, number, settings) is read first; then each list.
 */
export async function* exportChunks(
  db: Kysely<Database>,
  id: string,
  now: Date,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<string> {
  const profile = await reads.findProfile(db, id);
  if (!profile) return;
  const head: Omit<DataExport, DataExportList> = {
    format: 'redhope-data-export/1',
    exportedAt: now.toISOString(),
    about: ABOUT,
    profile,
    phone: await reads.findPhone(db, id),
    notificationSettings: await reads.findNotificationSettings(db, id),
  };
  // The head's object, left open for the lists.
  yield JSON.stringify(head, null, 1).replace(/\n}$/, '');
  const readers = reads.listReaders(db, { id, email: profile.email });
  for (const name of LISTS) {
    yield `,\n "${name}": [`;
    let key: string | undefined;
    let first = true;
    for (;;) {
      const page = await (readers[name] as reads.PageReader<typeof name>)(key, pageSize);
      if (page.length > 0) {
        const items = page.map(({ item }) => `\n  ${JSON.stringify(item)}`).join(',');
        yield first ? items : `,${items}`;
        first = false;
        key = page[page.length - 1]?.key;
      }
      if (page.length < pageSize) break;
    }
    yield first ? ']' : '\n ]';
  }
  yield '\n}\n';
}

/**
 * The chunks as a byte stream a response can send, read as the client takes them. A read that
 * fails part-way (the database went away) can no longer change the status, which is sent: the
 * stream is broken off, so the client sees an unfinished download, never a file that looks whole.
 */
export function toByteStream(
  chunks: AsyncGenerator<string>,
  onError: (error: unknown) => void,
  /** A chunk already read from `chunks`, sent first. */
  first?: string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (first !== undefined) controller.enqueue(encoder.encode(first));
    },
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        onError(error);
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
