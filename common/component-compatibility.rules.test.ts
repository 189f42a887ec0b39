import { describe, expect, it } from 'vitest';
import {
  canGivePlasmaTo,
  componentRank,
  donorGroupsFor,
  donorGroupsForComponent,
} from './compatibility.rules.ts';
import {
  BLOOD_COMPONENTS,
  BLOOD_GROUPS,
  type BloodComponent,
  type BloodGroup,
} from './constants.ts';

// Issue 27: every pair of donor and recipient groups, for each component, written out by hand.
// A row is a recipient; its columns are the donors in BLOOD_GROUPS order
//   A+  A-  B+  B-  AB+ AB- O+  O-
// and each cell the donor's rank for that recipient (0 best), or '-' when it may not give.

type Row = readonly (number | '-')[];

const RED_CELLS: Record<BloodGroup, Row> = {
  'A+': [0, 1, '-', '-', '-', '-', 1, 1],
  'A-': ['-', 0, '-', '-', '-', '-', '-', 1],
  'B+': ['-', '-', 0, 1, '-', '-', 1, 1],
  'B-': ['-', '-', '-', 0, '-', '-', '-', 1],
  'AB+': [1, 1, 1, 1, 0, 1, 1, 1],
  'AB-': ['-', 1, '-', 1, '-', 0, '-', 1],
  'O+': ['-', '-', '-', '-', '-', '-', 0, 1],
  'O-': ['-', '-', '-', '-', '-', '-', '-', 0],
};

// AB plasma to anyone, O plasma to O only; Rh does not matter; the same ABO group first.
const PLASMA: Record<BloodGroup, Row> = {
  'A+': [0, 0, '-', '-', 1, 1, '-', '-'],
  'A-': [0, 0, '-', '-', 1, 1, '-', '-'],
  'B+': ['-', '-', 0, 0, 1, 1, '-', '-'],
  'B-': ['-', '-', 0, 0, 1, 1, '-', '-'],
  'AB+': ['-', '-', '-', '-', 0, 0, '-', '-'],
  'AB-': ['-', '-', '-', '-', 0, 0, '-', '-'],
  'O+': [1, 1, 1, 1, 1, 1, 0, 0],
  'O-': [1, 1, 1, 1, 1, 1, 0, 0],
};

// Anyone may give; ABO-identical first; an Rh-negative recipient takes every Rh-negative donor
// before any Rh-positive one.
const PLATELETS: Record<BloodGroup, Row> = {
  'A+': [0, 0, 1, 1, 1, 1, 1, 1],
  'A-': [2, 0, 3, 1, 3, 1, 3, 1],
  'B+': [1, 1, 0, 0, 1, 1, 1, 1],
  'B-': [3, 1, 2, 0, 3, 1, 3, 1],
  'AB+': [1, 1, 1, 1, 0, 0, 1, 1],
  'AB-': [3, 1, 3, 1, 2, 0, 3, 1],
  'O+': [1, 1, 1, 1, 1, 1, 0, 0],
  'O-': [3, 1, 3, 1, 3, 1, 2, 0],
};

const TABLES: Record<BloodComponent, Record<BloodGroup, Row>> = {
  whole_blood: RED_CELLS,
  red_cells: RED_CELLS,
  plasma: PLASMA,
  platelets: PLATELETS,
};

const cases = BLOOD_COMPONENTS.flatMap((component) =>
  BLOOD_GROUPS.flatMap((recipient) =>
    BLOOD_GROUPS.map((donor, column) => {
      const cell = TABLES[component][recipient][column];
      return [component, donor, recipient, cell === '-' ? null : cell] as const;
    }),
  ),
);

describe('component compatibility, donor → recipient (issue 27)', () => {
  it('covers all 64 pairs of each of the four components', () => {
    expect(cases).toHaveLength(4 * 64);
    const allowed = (component: BloodComponent) =>
      cases.filter(([c, , , rank]) => c === component && rank !== null).length;
    expect(allowed('whole_blood')).toBe(27);
    expect(allowed('red_cells')).toBe(27);
    expect(allowed('plasma')).toBe(36);
    expect(allowed('platelets')).toBe(64);
  });

  it.each(cases)('%s: %s → %s ranks %s', (component, donor, recipient, rank) => {
    expect(componentRank(component, donor, recipient)).toBe(rank);
  });

  it('plasma: AB gives to anyone, O to O only, whatever the Rh', () => {
    for (const recipient of BLOOD_GROUPS) {
      expect(canGivePlasmaTo('AB-', recipient)).toBe(true);
      expect(canGivePlasmaTo('AB+', recipient)).toBe(true);
    }
    expect(BLOOD_GROUPS.filter((r) => canGivePlasmaTo('O-', r))).toEqual(['O+', 'O-']);
    expect(canGivePlasmaTo('A+', 'A-')).toBe(true);
  });

  it('whole blood and red cells list the donor groups as the red-cell rule does', () => {
    for (const recipient of BLOOD_GROUPS) {
      for (const component of ['whole_blood', 'red_cells'] as const) {
        const groups = donorGroupsForComponent(component, recipient).map((g) => g.group);
        expect(groups).toEqual(donorGroupsFor(recipient));
      }
    }
  });

  it('orders the donor groups best rank first, the own group first within a rank', () => {
    const order = (component: BloodComponent, recipient: BloodGroup) =>
      donorGroupsForComponent(component, recipient).map(({ group, rank }) => `${group}:${rank}`);
    expect(order('platelets', 'O-')).toEqual([
      'O-:0',
      'A-:1',
      'B-:1',
      'AB-:1',
      'O+:2',
      'A+:3',
      'B+:3',
      'AB+:3',
    ]);
    expect(order('platelets', 'A+')).toEqual([
      'A+:0',
      'A-:0',
      'B+:1',
      'B-:1',
      'AB+:1',
      'AB-:1',
      'O+:1',
      'O-:1',
    ]);
    expect(order('plasma', 'A-')).toEqual(['A-:0', 'A+:0', 'AB+:1', 'AB-:1']);
    expect(order('plasma', 'AB+')).toEqual(['AB+:0', 'AB-:0']);
    expect(order('red_cells', 'B-')).toEqual(['B-:0', 'O-:1']);
  });
});
