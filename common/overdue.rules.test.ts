import { describe, expect, it } from 'vitest';
import { MIN_OVERDUE_MINUTES, OVERDUE_AFTER_MINUTES, overdueCutoffs } from './overdue.rules.ts';

describe('how long a request may stay open (issue 29)', () => {
  it('allows critical 1 hour, urgent 6 hours, scheduled 24 hours', () => {
    expect(OVERDUE_AFTER_MINUTES).toEqual({ critical: 60, urgent: 360, scheduled: 1440 });
    expect(MIN_OVERDUE_MINUTES).toBe(60);
  });

  it('gives each urgency the latest posting time that is overdue now', () => {
    expect(overdueCutoffs(new Date('2026-06-15T12:00:00.000Z'))).toEqual({
      critical: '2026-06-15T11:00:00.000Z',
      urgent: '2026-06-15T06:00:00.000Z',
      scheduled: '2026-06-14T12:00:00.000Z',
    });
  });
});
