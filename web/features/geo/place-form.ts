import type { SetValueConfig } from 'react-hook-form';
import type { PlaceField, PlaceValue } from './place-selects.tsx';

const PLACE_FIELDS = ['division', 'district', 'upazila'] as const satisfies PlaceField[];

// PlaceSelects hands back all three levels at once; the forms (register, profile, requests) keep
// them as three fields of their own, so these move values and messages between the two shapes.

/** Writes a PlaceSelects change into a form, level by level. */
export function setPlaceFields(
  setValue: (name: PlaceField, value: string, options: SetValueConfig) => void,
  place: PlaceValue,
  options: SetValueConfig,
) {
  for (const name of PLACE_FIELDS) setValue(name, place[name], options);
}

/** The form's messages for the three levels, as PlaceSelects' `errors` wants them. */
export function placeErrors(errors: Partial<Record<PlaceField, { message?: string }>>) {
  return {
    division: errors.division?.message,
    district: errors.district?.message,
    upazila: errors.upazila?.message,
  };
}
