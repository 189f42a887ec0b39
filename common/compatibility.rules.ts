import { BLOOD_GROUPS, type BloodGroup } from './constants.ts';

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
