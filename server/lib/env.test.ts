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

  it('turns email off when SMTP_URL is empty, and refuses a URL that is not SMTP', () => {
    expect(parseEnv({ SMTP_URL: '' }).SMTP_URL).toBeUndefined();
    expect(parseEnv({ SMTP_URL: 'smtp://user:pass@mail.example.org:587' }).SMTP_URL).toBe(
      'smtp://user:pass@mail.example.org:587',
    );
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example.org' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(parseEnv({})).toMatchObject({
      ALERT_WAVE_SIZE: 5,
      ALERT_WAVE_MINUTES: 30,
      ALERT_MAX_WAVES: 4,
      ALERTS_PER_DONOR_PER_WEEK: 3,
      DONATION_REMINDER_HOURS: 3,
    });
  });
});
