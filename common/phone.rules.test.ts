import { describe, expect, it } from 'vitest';
import { displayBdMobile, isStoredBdMobile, normalizeBdMobile } from './phone.rules.ts';

describe('Bangladeshi mobile numbers', () => {
  it.each([
    '01712345678',
    '01712 345678',
    '01712-345678',
    '017-1234-5678',
    '+8801712345678',
    '+880 1712 345678',
    '+880-1712-345678',
    '8801712345678',
    '008801712345678',
    '+88001712345678',
    ' (017) 12345678 ',
  ])('reads %j as +8801712345678', (typed) => {
    expect(normalizeBdMobile(typed)).toBe('+8801712345678');
  });

  it.each(['013', '014', '015', '016', '017', '018', '019'])(
    'takes every operator prefix %s',
    (p) => {
      expect(normalizeBdMobile(`${p}00000000`)).toBe(`+880${p.slice(1)}00000000`);
    },
  );

  it.each([
    ['a Dhaka landline', '02-9661551'],
    ['a Dhaka landline with +880', '+880 2 9661551'],
    ['a Chattogram landline', '031-2345678'],
    ['11 digits that are not a mobile number (012)', '01212345678'],
    ['11 digits that are not a mobile number (011)', '01112345678'],
    ['11 digits not starting 01', '02123456789'],
    ['too short', '0171234567'],
    ['too long', '017123456789'],
    ['letters', '0171234567a'],
    ['another country', '+911712345678'],
    ['empty', ''],
    ['only a prefix', '+880'],
  ])('refuses %s', (_what, typed) => {
    expect(normalizeBdMobile(typed)).toBeNull();
  });

  it('knows the stored form and writes it for people', () => {
    expect(isStoredBdMobile('+8801712345678')).toBe(true);
    expect(isStoredBdMobile('01712345678')).toBe(false);
    expect(displayBdMobile('+8801712345678')).toBe('01712-345678');
  });
});
