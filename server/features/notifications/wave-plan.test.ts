import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../lib/env.ts';
import { openBags, type WaveRequest, wavePlan } from './wave-plan.ts';

const env = parseEnv({});
const request = (overrides: Partial<WaveRequest>): WaveRequest => ({
  urgency: 'scheduled',
  bloodGroup: 'B+',
  bags: 1,
  bagsPledged: 0,
  ...overrides,
});

describe('the waves a request sends, by its urgency (issue 27)', () => {
  it('counts the bags no standing pledge holds', () => {
    expect(openBags({ bags: 4, bagsPledged: 0 })).toBe(4);
    expect(openBags({ bags: 4, bagsPledged: 3 })).toBe(1);
    expect(openBags({ bags: 4, bagsPledged: 4 })).toBe(0);
    // Bags lowered below the pledges cannot happen (BAGS_BELOW_PLEDGES); never negative anyway.
    expect(openBags({ bags: 2, bagsPledged: 3 })).toBe(0);
  });

  it('a critical request: 6 donors per open bag, their answers awaited 20 minutes, 12 waves', () => {
    expect(wavePlan(env, request({ urgency: 'critical', bags: 4, bagsPledged: 1 }))).toEqual({
      size: 18,
      minutes: 5,
      maxWaves: 12,
      answerMinutes: 20,
      holdAtNight: false,
      spread: false,
    });
  });

  it('a critical request for O− or AB− reaches district and division from the first wave', () => {
    for (const bloodGroup of ['O-', 'AB-'] as const) {
      expect(wavePlan(env, request({ urgency: 'critical', bloodGroup })).spread).toBe(true);
      expect(wavePlan(env, request({ urgency: 'urgent', bloodGroup })).spread).toBe(false);
      expect(wavePlan(env, request({ bloodGroup })).spread).toBe(false);
    }
    expect(wavePlan(env, request({ urgency: 'critical', bloodGroup: 'O+' })).spread).toBe(false);
  });

  // Decision 050: the fewer donors alerted at once, the fewer say yes to a bag already taken;
  // the less urgent the request, the longer it can wait for the next one.
  it('an urgent request: 2 donors per open bag, 30 minutes to answer, 30 waves', () => {
    expect(wavePlan(env, request({ urgency: 'urgent', bags: 2 }))).toEqual({
      size: 4,
      minutes: 15,
      maxWaves: 30,
      answerMinutes: 30,
      holdAtNight: true,
      spread: false,
    });
  });

  it('a scheduled request: one donor per open bag at a time, an hour to answer, 50 waves', () => {
    expect(wavePlan(env, request({ bags: 3, bagsPledged: 1 }))).toEqual({
      size: 2,
      minutes: 60,
      maxWaves: 50,
      answerMinutes: 60,
      holdAtNight: true,
      spread: false,
    });
  });

  it('each urgency awaits answers for its own time', () => {
    const custom = parseEnv({
      ALERT_ANSWER_MINUTES: '90',
      URGENT_ALERT_ANSWER_MINUTES: '45',
      CRITICAL_ALERT_ANSWER_MINUTES: '0',
    });
    expect(wavePlan(custom, request({})).answerMinutes).toBe(90);
    expect(wavePlan(custom, request({ urgency: 'urgent' })).answerMinutes).toBe(45);
    expect(wavePlan(custom, request({ urgency: 'critical' })).answerMinutes).toBe(0);
  });

  it('follows the settings', () => {
    const custom = parseEnv({
      CRITICAL_ALERT_WAVE_SIZE: '2',
      CRITICAL_ALERT_WAVE_MINUTES: '3',
      CRITICAL_ALERT_MAX_WAVES: '7',
      ALERT_RARE_GROUPS: 'B-',
      CRITICAL_ALERT_ANSWER_MINUTES: '0',
      ALERT_QUIET_HOURS: 'false',
    });
    expect(
      wavePlan(custom, request({ urgency: 'critical', bloodGroup: 'B-', bags: 5, bagsPledged: 2 })),
    ).toEqual({
      size: 6,
      minutes: 3,
      maxWaves: 7,
      answerMinutes: 0,
      holdAtNight: false,
      spread: true,
    });
    expect(wavePlan(custom, request({ urgency: 'urgent' })).holdAtNight).toBe(false);
  });
});
