import { describe, expect, it } from 'vitest';
import { canGiveTo, donorGroupsFor } from './compatibility.rules.ts';
import { BLOOD_GROUPS, type BloodGroup } from './constants.ts';

/** The table of issue 13, written out by hand: each donor and the recipients it may give to. */
const GIVES_TO: Record<BloodGroup, BloodGroup[]> = {
  'O-': ['O-', 'O+', 'A-', 'A+', 'B-', 'B+', 'AB-', 'AB+'],
  'O+': ['O+', 'A+', 'B+', 'AB+'],
  'A-': ['A-', 'A+', 'AB-', 'AB+'],
  'A+': ['A+', 'AB+'],
  'B-': ['B-', 'B+', 'AB-', 'AB+'],
  'B+': ['B+', 'AB+'],
  'AB-': ['AB-', 'AB+'],
  'AB+': ['AB+'],
};

const pairs = BLOOD_GROUPS.flatMap((donor) =>
  BLOOD_GROUPS.map((recipient) => [donor, recipient, GIVES_TO[donor].includes(recipient)] as const),
);

describe('red-cell compatibility, donor → recipient', () => {
  it('covers all 64 pairs', () => {
    expect(pairs).toHaveLength(64);
    expect(pairs.filter(([, , ok]) => ok)).toHaveLength(27);
  });

  it.each(pairs)('%s → %s: %s', (donor, recipient, expected) => {
    expect(canGiveTo(donor, recipient)).toBe(expected);
  });

  it('lists the donor groups for a recipient, the exact group first', () => {
    expect(donorGroupsFor('AB+')).toEqual(['AB+', 'A+', 'A-', 'B+', 'B-', 'AB-', 'O+', 'O-']);
    expect(donorGroupsFor('O-')).toEqual(['O-']);
    expect(donorGroupsFor('A+')).toEqual(['A+', 'A-', 'O+', 'O-']);
    for (const recipient of BLOOD_GROUPS) {
      const groups = donorGroupsFor(recipient);
      expect(groups[0]).toBe(recipient);
      expect(new Set(groups)).toEqual(
        new Set(BLOOD_GROUPS.filter((donor) => GIVES_TO[donor].includes(recipient))),
      );
    }
  });

  // The bug of the exact-group-only systems: an O− donor refused for an A+ patient.
  it('offers an O− donor to an A+ patient', () => {
    expect(canGiveTo('O-', 'A+')).toBe(true);
    expect(donorGroupsFor('A+')).toContain('O-');
  });
});
