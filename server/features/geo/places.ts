import type { Kysely } from 'kysely';
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
    throw badRequest('Please choose a district from the list.', {
      district: 'Please choose a district from the list.',
    });
  }
  if (district.divisionName !== place.division) {
    const message = `${place.district} is not in ${place.division} division.`;
    throw badRequest(message, { district: message });
  }
  if (place.upazila && !(await hasUpazila(db, district.id, place.upazila))) {
    const message = `${place.upazila} is not an upazila of ${place.district}.`;
    throw badRequest(message, { upazila: message });
  }
}
