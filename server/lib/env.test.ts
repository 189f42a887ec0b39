import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('configuration', () => {
  it('has working defaults for a fresh clone', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', HOST: '0.0.0.0' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT: .*\n.*DATABASE_URL: must be a postgres:\/\/ URL/,
    );
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', REDIS_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('refuses the retired ADMIN_EMAIL, pointing to the admin command (no role from a setting)', () => {
    expect(() => parseEnv({ ADMIN_EMAIL: 'boss@example.org' })).toThrow(
      /ADMIN_EMAIL: is no longer read: make the first admin with `npm run admin -- promote EMAIL`/,
    );
    expect(parseEnv({ ADMIN_EMAIL: '' }).ADMIN_EMAIL).toBeUndefined();
  });
});
