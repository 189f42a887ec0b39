import { describe, expect, it } from 'vitest';
import { smsEncoding, smsSize, splitSms } from './sms-segments.rules.ts';

describe('SMS encoding and parts', () => {
  it('sends English as GSM-7: 160 in one SMS, 153 a part after that', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSize('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSize('a'.repeat(306)).segments).toBe(2);
    expect(smsSize('a'.repeat(307)).segments).toBe(3);
  });

  it('counts an extension character as two septets', () => {
    expect(smsEncoding('Cost: 5€ [x]')).toBe('GSM-7');
    expect(smsSize('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSize(`${'€'.repeat(80)}a`).segments).toBe(2);
  });

  it('sends Bangla as UCS-2: 70 in one SMS, 67 a part after that', () => {
    const bangla = 'রক্ত';
    expect(smsEncoding(bangla)).toBe('UCS-2');
    expect(smsSize('ক'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSize('ক'.repeat(71))).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    expect(smsSize('ক'.repeat(134)).segments).toBe(2);
    expect(smsSize('ক'.repeat(135)).segments).toBe(3);
  });

  it('makes a whole text UCS-2 for one character outside GSM', () => {
    expect(smsSize(`${'a'.repeat(69)}ক`)).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsEncoding('A+ blood 😀')).toBe('UCS-2');
    expect(smsSize('😀').units).toBe(2);
  });

  it('cuts a long text into parts of the right size that join back to it', () => {
    const bangla = 'ক'.repeat(150);
    const parts = splitSms(bangla);
    expect(parts.map((p) => p.length)).toEqual([67, 67, 16]);
    expect(parts.join('')).toBe(bangla);
    const english = `${'a'.repeat(152)}€${'b'.repeat(10)}`;
    const englishParts = splitSms(english);
    expect(englishParts).toEqual(['a'.repeat(152), `€${'b'.repeat(10)}`]);
    expect(splitSms('short')).toEqual(['short']);
    // Never halves a surrogate pair.
    const emoji = `${'ক'.repeat(66)}😀x${'ক'.repeat(10)}`;
    expect(splitSms(emoji)).toEqual(['ক'.repeat(66), `😀x${'ক'.repeat(10)}`]);
  });
});
