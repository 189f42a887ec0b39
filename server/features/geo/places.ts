import type { Kysely } from 'kysely';
import { msg } from '../../../common/message-key.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { findDistrictByName, hasUpazila } from './geo.repository.ts';

export interface Place {
  division: string;
  district: string;
  upazila?: string | null | undefined;
}

/**
 * Checks a division / district / upazila triple against the reference data: every name exists
 * and each lies inside the one before. Throws a 400 naming the field that is wrong.
 */
export async function assertValidPlace(db: Kysely<Database>, place: Place): Promise<void> {
  const district = await findDistrictByName(db, place.district);
  if (!district) {
    throw badRequest(msg('errors.places.chooseDistrict'), {
      district: msg('errors.places.chooseDistrict'),
    });
  }
  if (district.divisionName !== place.division) {
    const message = msg('errors.places.districtNotInDivision', {
      district: place.district,
      division: place.division,
    });
    throw badRequest(message, { district: message });
  }
  if (place.upazila && !(await hasUpazila(db, district.id, place.upazila))) {
    const message = msg('errors.places.upazilaNotInDistrict', {
      upazila: place.upazila,
      district: place.district,
    });
    throw badRequest(message, { upazila: message });
  }
}

/**
 * The one rule for an update (a profile, a request edit): when it names any part of the place,
 * even only to clear the upazila, the whole place it leaves behind is checked; when it names none,
 * nothing is. `current` gives the stored place, read only when it is needed.
 */
export async function assertValidPlaceUpdate(
  db: Kysely<Database>,
  fields: Partial<Place>,
  current: () => Promise<Place>,
): Promise<void> {
  const { division, district, upazila } = fields;
  if (division === undefined && district === undefined && upazila === undefined) return;
  const stored = await current();
  await assertValidPlace(db, {
    division: division ?? stored.division,
    district: district ?? stored.district,
    upazila: upazila === undefined ? stored.upazila : upazila,
  });
}
