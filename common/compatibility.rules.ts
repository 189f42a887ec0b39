import { BLOOD_GROUPS, type BloodComponent, type BloodGroup } from './constants.ts';

/**
 * Red-cell compatibility, donor → recipient (ABO and Rh). A donor's cells may go to a recipient
 * whose plasma has no antibody against them: the donor's ABO antigens must all be present in the
 * recipient (O has none, AB has both), and an Rh-positive donor gives only to Rh-positive
 * recipients. So O− gives to everyone and AB+ receives from everyone.
 */
export function canGiveTo(donor: BloodGroup, recipient: BloodGroup): boolean {
  const abo = (group: BloodGroup) => group.slice(0, -1);
  const positive = (group: BloodGroup) => group.endsWith('+');
  const donorAntigens = abo(donor).replace('O', '');
  const recipientAntigens = abo(recipient).replace('O', '');
  const aboFits = [...donorAntigens].every((antigen) => recipientAntigens.includes(antigen));
  const rhFits = !positive(donor) || positive(recipient);
  return aboFits && rhFits;
}

/** Every group whose blood can go to `recipient`: its own first, then the others in list order. */
export function donorGroupsFor(recipient: BloodGroup): BloodGroup[] {
  return [recipient, ...BLOOD_GROUPS.filter((g) => g !== recipient && canGiveTo(g, recipient))];
}

const aboOf = (group: BloodGroup) => group.slice(0, -1);
const rhNegative = (group: BloodGroup) => group.endsWith('-');

/**
 * Plasma, donor → recipient: the reverse of the red-cell rule. Plasma carries the antibodies its
 * donor's cells lack, so the donor's ABO antigens must include every antigen of the recipient's
 * cells: AB plasma (no antibody) goes to anyone, O plasma (anti-A and anti-B) to O only. Plasma
 * holds no red cells to speak of, so Rh does not matter.
 */
export function canGivePlasmaTo(donor: BloodGroup, recipient: BloodGroup): boolean {
  const donorAntigens = aboOf(donor).replace('O', '');
  const recipientAntigens = aboOf(recipient).replace('O', '');
  return [...recipientAntigens].every((antigen) => donorAntigens.includes(antigen));
}

/**
 * How well a donor of `donor` suits a recipient of `recipient` for `component`: 0 is the best,
 * higher comes later, null never. The matcher alerts and lists the lower ranks first.
 * - Whole blood and red cells: the red-cell rule (canGiveTo); the recipient's own group 0, the
 *   other compatible groups 1.
 * - Plasma: the reverse ABO rule (canGivePlasmaTo), Rh not required; the same ABO group 0, the
 *   other compatible groups 1.
 * - Platelets: any group may give (ABO-non-identical platelets are given when identical ones are
 *   not found), ABO-identical first. An Rh-negative recipient prefers Rh-negative donors: the
 *   few red cells in a platelet bag can make them anti-D, which matters most to girls and women
 *   who may carry a child. So for them every Rh-positive donor comes after every Rh-negative one:
 *   identical ABO and Rh 0, other ABO 1, then Rh-positive identical ABO 2, other ABO 3.
 */
export function componentRank(
  component: BloodComponent,
  donor: BloodGroup,
  recipient: BloodGroup,
): number | null {
  const sameAbo = aboOf(donor) === aboOf(recipient);
  switch (component) {
    case 'whole_blood':
    case 'red_cells':
      if (!canGiveTo(donor, recipient)) return null;
      return donor === recipient ? 0 : 1;
    case 'plasma':
      if (!canGivePlasmaTo(donor, recipient)) return null;
      return sameAbo ? 0 : 1;
    case 'platelets': {
      const rhMismatch = rhNegative(recipient) && !rhNegative(donor);
      return (rhMismatch ? 2 : 0) + (sameAbo ? 0 : 1);
    }
  }
}

/** A donor group that may give `component` to a recipient, with its rank (componentRank). */
export interface RankedGroup {
  group: BloodGroup;
  rank: number;
}

/**
 * Every group that may give `component` to `recipient`, best rank first; within a rank the
 * recipient's own group first, then the others in list order.
 */
export function donorGroupsForComponent(
  component: BloodComponent,
  recipient: BloodGroup,
): RankedGroup[] {
  const ranked: RankedGroup[] = [];
  for (const group of [recipient, ...BLOOD_GROUPS.filter((g) => g !== recipient)]) {
    const rank = componentRank(component, group, recipient);
    if (rank !== null) ranked.push({ group, rank });
  }
  // Array.prototype.sort is stable: the order above holds within a rank.
  return ranked.sort((a, b) => a.rank - b.rank);
}
