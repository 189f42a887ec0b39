import { describe, expect, it } from 'vitest';
import { textOf } from '../server/lib/messages.ts';
import { passwordSchema, registerFormSchema } from './auth.schema.ts';

// The schemas give message keys (issue 16); these are their English words.
const english = (message: string | undefined) => message && textOf('en', message);

const PATTERN_MESSAGE =
  'Password must be at least 6 characters long and include uppercase, lowercase, number, and special character';

const messageFor = (password: unknown) => {
  const result = passwordSchema.safeParse(password);
  return result.success ? null : english(result.error.issues[0]?.message);
};

describe('password rules (SPEC §5)', () => {
  it.each([
    [undefined, 'Password is required'],
    ['', 'Password is required'],
    ['Ab1!x', 'Password must be 6 characters'],
    ['Abcdef1!Abcdef1!Abcde', 'Password must be less than 20 characters'],
    ['abcde1!', PATTERN_MESSAGE], // no uppercase
    ['ABCDE1!', PATTERN_MESSAGE], // no lowercase
    ['Abcdef!', PATTERN_MESSAGE], // no digit
    ['Abcdef1', PATTERN_MESSAGE], // no special character
    ['Abcde1!#', PATTERN_MESSAGE], // # is not an allowed character
    ['Abc de1!', PATTERN_MESSAGE], // nor is a space
  ])('%j → %s', (password, message) => {
    expect(messageFor(password)).toBe(message);
  });

  it.each([
    'Abcde1@',
    'Abcde1$',
    'Abcde1!',
    'Abcde1%',
    'Abcde1*',
    'Abcde1?',
    'Abcde1&',
    'Zz9&Zz9&Zz9&Zz9&Zz9&',
  ])('accepts %s', (password) => {
    expect(messageFor(password)).toBeNull();
  });

  it('says "Passwords do not match" even while other fields are empty', () => {
    const result = registerFormSchema.safeParse({
      password: 'Abcde1!',
      confirmPassword: 'Abcde1?',
    });
    expect(result.success).toBe(false);
    const messages =
      result.error?.issues.map((i) => `${i.path.join('.')}: ${english(i.message)}`) ?? [];
    expect(messages).toContain('confirmPassword: Passwords do not match');
    expect(messages).toContain('name: Name is required');
  });

  it('requires the confirmation', () => {
    const result = registerFormSchema.safeParse({ password: 'Abcde1!' });
    expect(result.error?.issues.map((i) => english(i.message))).toContain(
      'Confirm password is required',
    );
  });
});
