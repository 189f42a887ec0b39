import { afterAll, describe, expect, it } from 'vitest';
import { testEngine } from '../test/test-app.ts';
import { unmigratedDatabases } from '../test/unmigrated-databases.ts';
import { migratorFor } from './migrate.ts';

// 012-contact-inbox adds a status to contact messages: the messages already stored must come
// through unchanged, as new (nobody has read them), and down must undo it.

const databases = unmigratedDatabases();
afterAll(() => databases.closeAll());
const freshHandle = () => databases.fresh();

describe(`migration 012-contact-inbox (${testEngine})`, () => {
  it('keeps every stored message, as new, and refuses any other status', async () => {
    const handle = await freshHandle();
    const migrator = await migratorFor(handle);
    expect((await migrator.migrateTo('011-blogs')).error).toBeUndefined();
    const message = {
      id: '0190a0a0-0000-7000-8000-0000000000c1',
      name: 'Rahim',
      phone: '01711000000',
      email: 'rahim@example.org',
      message: 'Sent before the inbox existed.',
      createdAt: '2025-01-01T00:00:00.000Z',
    };
    await handle.db.insertInto('contact').values(message).execute();

    expect((await migrator.migrateTo('012-contact-inbox')).error).toBeUndefined();
    const row = await handle.db.selectFrom('contact').selectAll().executeTakeFirstOrThrow();
    expect({ ...row, createdAt: new Date(row.createdAt).toISOString() }).toEqual({
      ...message,
      status: 'new',
      handledAt: null,
      handledBy: null,
    });
    await expect(
      handle.db
        .updateTable('contact')
        .set({ status: 'spam' as 'new' })
        .execute(),
    ).rejects.toThrow();

    expect((await migrator.migrateTo('011-blogs')).error).toBeUndefined();
    const after = await handle.db.selectFrom('contact').select('message').execute();
    expect(after).toEqual([{ message: message.message }]);
  });
});
