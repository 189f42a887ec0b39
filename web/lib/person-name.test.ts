import { afterAll, describe, expect, it } from 'vitest';
import { DELETED_ACCOUNT_NAME } from '../../common/deleted-account.ts';
import { notificationText } from '../features/notifications/notification-text.ts';
import { i18n, loadScreenStrings, setLanguage } from './i18n.ts';
import { personName } from './person-name.ts';

// Issue 31: the server keeps one stable marker where an erased person's name was; a Bangla page
// shows it in Bangla, an English page in English, and a real name stays as it is.

describe('a deleted account’s name, in the reader’s language', () => {
  afterAll(() => setLanguage('en'));

  it('translates the marker only', async () => {
    await loadScreenStrings();
    expect(personName(i18n.t, DELETED_ACCOUNT_NAME)).toBe('Deleted account');
    await setLanguage('bn');
    expect(personName(i18n.t, DELETED_ACCOUNT_NAME)).toBe('মুছে ফেলা অ্যাকাউন্ট');
    expect(personName(i18n.t, 'Farida Yasmin')).toBe('Farida Yasmin');
    expect(personName(i18n.t, null)).toBeNull();
    // A notification that names the donor says it in Bangla too.
    const text = notificationText({
      id: 'n1',
      kind: 'request-withdrawn',
      requestId: null,
      requestStatus: null,
      data: { donorName: DELETED_ACCOUNT_NAME, recipientName: 'Abdul Karim' },
      read: false,
      createdAt: '2026-11-29T06:00:00.000Z',
    });
    expect(text).toContain('মুছে ফেলা অ্যাকাউন্ট');
    expect(text).not.toContain(DELETED_ACCOUNT_NAME);
  });
});
