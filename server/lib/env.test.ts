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
      ALERT_WAVE_SIZE: 1,
      ALERT_WAVE_MINUTES: 60,
      ALERT_MAX_WAVES: 50,
      ALERTS_PER_DONOR_PER_WEEK: 3,
      DONATION_REMINDER_HOURS: 3,
    });
  });
  it('reads the per-component intervals and the waves by urgency, with their defaults (issue 27)', () => {
    expect(parseEnv({})).toMatchObject({
      DONATION_INTERVAL_DAYS: 120,
      PLATELETS_INTERVAL_DAYS: 14,
      PLASMA_INTERVAL_DAYS: 28,
      URGENT_ALERT_WAVE_SIZE: 2,
      URGENT_ALERT_WAVE_MINUTES: 15,
      URGENT_ALERT_MAX_WAVES: 30,
      CRITICAL_ALERT_WAVE_SIZE: 6,
      CRITICAL_ALERT_WAVE_MINUTES: 5,
      CRITICAL_ALERT_MAX_WAVES: 12,
      ALERT_RARE_GROUPS: ['O-', 'AB-'],
    });
    expect(parseEnv({ ALERT_RARE_GROUPS: ' b-, ab- ,' }).ALERT_RARE_GROUPS).toEqual(['B-', 'AB-']);
    expect(parseEnv({ ALERT_RARE_GROUPS: '' }).ALERT_RARE_GROUPS).toEqual([]);
    expect(() => parseEnv({ ALERT_RARE_GROUPS: 'O-,Rh null' })).toThrow(
      /ALERT_RARE_GROUPS: must be blood groups separated by commas \(O-,AB-\); not RH NULL/,
    );
    expect(() => parseEnv({ PLATELETS_INTERVAL_DAYS: '0' })).toThrow(/PLATELETS_INTERVAL_DAYS/);
    expect(() => parseEnv({ CRITICAL_ALERT_WAVE_MINUTES: '0' })).toThrow(
      /CRITICAL_ALERT_WAVE_MINUTES/,
    );
  });
  it('reads how long an alert awaits its answer and whether waves wait through the night (decision 047)', () => {
    expect(parseEnv({})).toMatchObject({
      ALERT_ANSWER_MINUTES: 60,
      URGENT_ALERT_ANSWER_MINUTES: 30,
      CRITICAL_ALERT_ANSWER_MINUTES: 20,
      ALERT_QUIET_HOURS: true,
    });
    expect(
      parseEnv({
        ALERT_ANSWER_MINUTES: '0',
        URGENT_ALERT_ANSWER_MINUTES: '0',
        CRITICAL_ALERT_ANSWER_MINUTES: '0',
        ALERT_QUIET_HOURS: 'false',
      }),
    ).toMatchObject({
      ALERT_ANSWER_MINUTES: 0,
      URGENT_ALERT_ANSWER_MINUTES: 0,
      CRITICAL_ALERT_ANSWER_MINUTES: 0,
      ALERT_QUIET_HOURS: false,
    });
    expect(() => parseEnv({ ALERT_ANSWER_MINUTES: '-1' })).toThrow(/ALERT_ANSWER_MINUTES/);
    expect(() => parseEnv({ URGENT_ALERT_ANSWER_MINUTES: '1441' })).toThrow(
      /URGENT_ALERT_ANSWER_MINUTES/,
    );
    expect(() => parseEnv({ ALERT_QUIET_HOURS: 'sometimes' })).toThrow(/ALERT_QUIET_HOURS/);
  });
});
