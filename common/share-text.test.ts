import { describe, expect, it } from 'vitest';
import { withoutContacts } from './share-text.ts';

describe('withoutContacts (issue 27: nothing shared carries a phone number or an email)', () => {
  it.each([
    ['Call 01711-234567 at Dhaka Medical', 'Call … at Dhaka Medical'],
    ['Ask +880 1711 234 567 first', 'Ask … first'],
    ['Phone 01711.234.567', 'Phone …'],
    ['ফোন ০১৭১১২৩৪৫৬৭ করুন', 'ফোন … করুন'],
    ['Write to family.rahman@example.org now', 'Write to … now'],
    ['Mail rahim+blood@mail.example.com, then come', 'Mail …, then come'],
  ])('blanks the contact in %j', (text, shared) => {
    expect(withoutContacts(text)).toBe(shared);
  });

  it.each([
    'ঢাকা মেডিকেল কলেজ হাসপাতাল',
    'Ward 12, Bed 7, 3 bags',
    'Needed on 12 June 2026 at Square Hospital, Dhaka.',
    'Road 27, House 1204, Dhanmondi',
  ])('keeps %j as it is', (text) => {
    expect(withoutContacts(text)).toBe(text);
  });
});
