import { describe, expect, it } from 'vitest';
import { toIso } from './dialect.ts';

describe('toIso', () => {
  it('writes every stored form of a time as ISO-8601 UTC', () => {
    expect(toIso(new Date('2026-11-23T10:00:00Z'))).toBe('2026-11-23T10:00:00.000Z');
    expect(toIso('2026-11-23T10:00:00.000Z')).toBe('2026-11-23T10:00:00.000Z');
    expect(toIso('2026-11-23T10:00:00Z')).toBe('2026-11-23T10:00:00.000Z');
    expect(toIso('2026-11-23T16:00:00.000+06:00')).toBe('2026-11-23T10:00:00.000Z');
    expect(toIso('2026-11-23')).toBe('2026-11-23T00:00:00.000Z');
    expect(toIso(null)).toBeNull();
  });
});
