import geo from '../../common/geo/bangladesh-geo.json' with { type: 'json' };
import type { Language } from '../../common/languages.ts';
import { banglaClock, banglaDate } from '../../common/local-date.ts';

// What an email or SMS says of a place, a date or a time, in its reader's language (issue 30
// item 17): Bangla readers get the reference data's Bangla place names and dates and times
// written as the web writes them (common/local-date.ts). English stays as it was.

/** Each place's Bangla name by its English one; a district's wins over an upazila's namesake. */
const BANGLA_PLACES = new Map<string, string>(
  [...geo.upazilas, ...geo.districts, ...geo.divisions].map((place) => [place.name, place.bnName]),
);

/** A division, district or upazila (as stored, in English) in `language`. */
export const placeIn = (language: Language, name: string): string =>
  language === 'bn' ? (BANGLA_PLACES.get(name) ?? name) : name;

/** A donation date ('YYYY-MM-DD') in `language`. */
export const dateIn = (language: Language, date: string): string =>
  language === 'bn' ? banglaDate(date) : date;

/** A donation time ('HH:MM') in `language`. */
export const timeIn = (language: Language, time: string): string =>
  language === 'bn' ? banglaClock(time) : time;
