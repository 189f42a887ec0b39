import { describe, expect, it } from 'vitest';
import { smsSize } from '../../../common/sms-segments.rules.ts';
import { shortCodeOf, uuidOfShortCode } from './short-link.ts';
import {
  alertSmsText,
  codeSmsText,
  donorAcceptedSmsText,
  reminderSmsText,
  shorten,
} from './sms-texts.ts';

/** A hospital name of 100 characters, as a requester may type it (the form's limit). */
const LONG_HOSPITAL =
  'ঢাকা মেডিকেল কলেজ হাসপাতাল, জরুরি বিভাগ, নতুন ভবন, তৃতীয় তলা, ওয়ার্ড নম্বর বারো, শাহবাগ রোড, ঢাকা।';

const fields = {
  bloodGroup: 'AB+',
  component: 'platelets' as const,
  bags: 2,
  hospital: LONG_HOSPITAL,
  place: 'শাহবাগ, ঢাকা',
  when: '২৯/১১ ১০:৩০',
  link: 'https://redhope.example.org/r/2rGPQv3Vd1p8xM0cKq7Ljz',
};

describe('SMS texts', () => {
  it('is given a 100-character hospital name', () => {
    expect(Array.from(LONG_HOSPITAL)).toHaveLength(100);
  });

  it('fits a Bangla alert with a 100-character hospital in two UCS-2 parts: group, component, bags and link whole', () => {
    for (const component of ['whole_blood', 'red_cells', 'platelets', 'plasma'] as const) {
      const text = alertSmsText('bn', { ...fields, component });
      expect(smsSize(text)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
      expect(smsSize(text).units).toBeLessThanOrEqual(134);
      expect(text.endsWith(fields.link)).toBe(true);
      expect(text).toContain('AB+');
      expect(text).toContain('২৯/১১ ১০:৩০');
      expect(text).toContain('২ ব্যাগ');
    }
    const text = alertSmsText('bn', fields);
    expect(text).toContain('প্লাটিলেট ২ ব্যাগ দরকার');
    // The hospital is shortened after a whole word, marked so; the place loses its district.
    expect(text).toMatch(/^RedHope: ঢাকা মেডিকেল কলেজ( হাসপাতাল)?…, শাহবাগ-এ /);
    expect(text).toBe(
      'RedHope: ঢাকা মেডিকেল কলেজ…, শাহবাগ-এ ২৯/১১ ১০:৩০ AB+ প্লাটিলেট ২ ব্যাগ দরকার। https://redhope.example.org/r/2rGPQv3Vd1p8xM0cKq7Ljz',
    );
  });

  it('keeps the question of a Bangla alert when the site’s address is short (the district goes first)', () => {
    const text = alertSmsText('bn', {
      ...fields,
      component: 'whole_blood',
      bags: 1,
      hospital: 'যশোর সদর হাসপাতাল',
      place: 'যশোর সদর, যশোর',
      link: 'https://redhope.bd/r/2rGPQv3Vd1p8xM0cKq7Ljz',
    });
    expect(text).toBe(
      'RedHope: যশোর সদর হাসপাতাল, যশোর সদর-এ ২৯/১১ ১০:৩০ AB+ রক্ত ১ ব্যাগ দরকার। দিতে পারবেন? https://redhope.bd/r/2rGPQv3Vd1p8xM0cKq7Ljz',
    );
    expect(smsSize(text)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
  });

  it('keeps a short alert whole, in English as GSM-7, with component and bags', () => {
    const text = alertSmsText('en', {
      ...fields,
      bloodGroup: 'B+',
      hospital: 'Dhaka Medical College Hospital',
      place: 'Shahbag, Dhaka',
      when: '12/03 10:00',
      link: 'https://redhope.example.org/r/1',
    });
    expect(text).toBe(
      'RedHope: B+ platelets, 2 bags, needed at Dhaka Medical College Hospital, Shahbag, Dhaka, 12/03 10:00. Can you donate? https://redhope.example.org/r/1',
    );
    expect(smsSize(text)).toEqual({ encoding: 'GSM-7', units: text.length, segments: 1 });
    expect(alertSmsText('en', { ...fields, component: 'whole_blood', bags: 1 })).toContain(
      'AB+ blood, 1 bag, needed at',
    );
  });

  it('fits an English alert with a 100-character hospital in two GSM-7 parts', () => {
    const hospital =
      `${'Shaheed Suhrawardy Medical College Hospital, Emergency Wing, '.repeat(2)}`.slice(0, 100);
    const text = alertSmsText('en', {
      ...fields,
      hospital,
      place: 'Sher-e-Bangla Nagar, Dhaka',
      when: '29/11 10:30',
    });
    expect(smsSize(text)).toMatchObject({ encoding: 'GSM-7' });
    expect(smsSize(text).segments).toBeLessThanOrEqual(2);
    expect(text).toContain('Can you donate?');
  });

  it('puts a requester’s line breaks and control characters on one line', () => {
    const text = alertSmsText('en', {
      ...fields,
      hospital: 'City\r\nHospital\u202e',
      place: 'X',
      when: 'today',
    });
    expect(text).toContain('City Hospital,');
  });

  it('fits a Bangla reminder and "a donor accepted" with a 100-character hospital in two parts', () => {
    const reminder = reminderSmsText('bn', fields);
    expect(smsSize(reminder)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
    expect(reminder).toContain('আপনার AB+ প্লাটিলেট দান');
    expect(reminder.endsWith(fields.link)).toBe(true);
    const accepted = donorAcceptedSmsText('bn', {
      ...fields,
      bags: 4,
      donor: 'মোহাম্মদ আব্দুল্লাহ আল মামুন চৌধুরী',
      pledged: 3,
    });
    expect(smsSize(accepted)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
    expect(accepted).toContain('(৩/৪ ব্যাগ)');
    expect(accepted).toContain('মোহাম্মদ');
    expect(accepted.endsWith(fields.link)).toBe(true);
    // Without the donor's name; the hospital goes before it is cut below 24 characters.
    const unnamed = donorAcceptedSmsText('bn', {
      ...fields,
      hospital: 'যশোর সদর হাসপাতাল',
      donor: null,
      pledged: 1,
    });
    expect(unnamed).toBe(
      'RedHope: একজন রক্তদাতা আপনার অনুরোধে AB+ প্লাটিলেট দেবেন (১/২ ব্যাগ)। https://redhope.example.org/r/2rGPQv3Vd1p8xM0cKq7Ljz',
    );
    expect(smsSize(unnamed).segments).toBe(2);
  });

  it('writes the reminder and "a donor accepted" in English in one or two GSM-7 parts', () => {
    const english = {
      ...fields,
      hospital: 'Jashore General Hospital',
      place: 'Jashore Sadar, Jashore',
      when: '29/11 10:30',
    };
    expect(reminderSmsText('en', english)).toBe(
      'RedHope reminder: your AB+ platelets donation at Jashore General Hospital, 29/11 10:30. Thank you! https://redhope.example.org/r/2rGPQv3Vd1p8xM0cKq7Ljz',
    );
    expect(donorAcceptedSmsText('en', { ...english, donor: 'Rahim', pledged: 1 })).toBe(
      'RedHope: Rahim will donate AB+ platelets for your request at Jashore General Hospital (1 of 2 bags pledged). https://redhope.example.org/r/2rGPQv3Vd1p8xM0cKq7Ljz',
    );
  });

  it('shortens after a whole word, never inside a character', () => {
    expect(shorten('Dhaka Medical College Hospital', 20)).toBe('Dhaka Medical…');
    expect(shorten('Dhaka', 20)).toBe('Dhaka');
    expect(shorten('Abcdefghijklmnop', 6)).toBe('Abcde…');
    expect(Array.from(shorten('😀😀😀😀', 3))).toEqual(['😀', '😀', '…']);
  });

  it('writes the code in the owner’s language, in one SMS', () => {
    expect(codeSmsText('en', '123456')).toContain('123456');
    expect(codeSmsText('bn', '123456')).toContain('123456');
    expect(smsSize(codeSmsText('bn', '123456')).segments).toBe(1);
  });
});

describe('short links', () => {
  it('writes a request id in 22 characters and reads it back', () => {
    const id = '0190a0a0-0000-7000-8000-00000000abcd';
    const code = shortCodeOf(id);
    expect(code).toHaveLength(22);
    expect(uuidOfShortCode(code ?? '')).toBe(id);
    expect(uuidOfShortCode(shortCodeOf('ffffffff-ffff-ffff-ffff-ffffffffffff') ?? '')).toBe(
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
    );
    expect(shortCodeOf('not-a-uuid')).toBeNull();
    expect(uuidOfShortCode('short')).toBeNull();
    expect(uuidOfShortCode('zzzzzzzzzzzzzzzzzzzzzz')).toBeNull(); // Beyond 128 bits.
    expect(uuidOfShortCode('!!!!!!!!!!!!!!!!!!!!!!')).toBeNull();
  });
});
