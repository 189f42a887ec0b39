import type { BloodGroup } from '../../common/constants.ts';
import geo from '../../common/geo/bangladesh-geo.json' with { type: 'json' };
import { type DonorRow, GROUP_SHARES, generator, random } from '../../scripts/seed-demo-data.ts';

// The simulator's synthetic country (issue 29 item 5): donors and hospitals spread like
// Bangladesh's people, blood groups at the seed's shares. Deterministic for a seed, ids included
// (matching breaks ties of name by id, so random ids would change who is alerted between runs).

/**
 * Each division's share of the population (2022 census, BBS: Dhaka 44.2 M, Chattogram 33.2 M,
 * Rajshahi 20.4 M, Rangpur 17.6 M, Khulna 17.4 M, Mymensingh 12.2 M, Sylhet 11.4 M,
 * Barishal 9.1 M; normalised here).
 */
// biome-ignore format: a table
export const DIVISION_PEOPLE: Record<string, number> = {
  Dhaka: 44.2, Chattogram: 33.2, Rajshahi: 20.4, Rangpur: 17.6, Khulna: 17.4,
  Mymensingh: 12.2, Sylhet: 11.4, Barishal: 9.1,
};
/**
 * Within a division its districts weigh alike, but for the cities that hold far more people than
 * a rural district (Dhaka district ~14.7 M of its division's 44 M): their weight in districts.
 */
// biome-ignore format: a table
const CITY_WEIGHT: Record<string, number> = {
  Dhaka: 10, Gazipur: 3, Narayanganj: 2.5, Chattogram: 4.5, Cumilla: 2, Sylhet: 1.5,
  Khulna: 1.3, Rajshahi: 1.3,
};

export interface Place {
  division: string;
  district: string;
  upazila: string;
}

interface Weighted<T> {
  items: T[];
  /** Running totals of the items' weights. */
  cumulative: number[];
}

function weighted<T>(pairs: Array<[T, number]>): Weighted<T> {
  let total = 0;
  return {
    items: pairs.map(([item]) => item),
    cumulative: pairs.map(([, weight]) => {
      total += weight;
      return total;
    }),
  };
}

/** The item a roll in [0, 1) lands on (binary search of the running totals). */
function draw<T>(table: Weighted<T>, roll: number): T {
  const target = roll * (table.cumulative[table.cumulative.length - 1] ?? 0);
  let lo = 0;
  let hi = table.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((table.cumulative[mid] ?? 0) > target) hi = mid;
    else lo = mid + 1;
  }
  return table.items[lo] as T;
}

/** Every upazila with its weight: its division's share, split over its districts, then upazilas. */
function placeTable(): Weighted<Place> {
  const pairs: Array<[Place, number]> = [];
  for (const division of geo.divisions) {
    const districts = geo.districts.filter((d) => d.divisionId === division.id);
    const districtWeights = districts.map((d) => CITY_WEIGHT[d.name] ?? 1);
    const sum = districtWeights.reduce((a, b) => a + b, 0);
    districts.forEach((district, i) => {
      const upazilas = geo.upazilas.filter((u) => u.districtId === district.id);
      const share =
        ((DIVISION_PEOPLE[division.name] ?? 0) * (districtWeights[i] ?? 0)) /
        sum /
        Math.max(1, upazilas.length);
      for (const upazila of upazilas) {
        pairs.push([
          { division: division.name, district: district.name, upazila: upazila.name },
          share,
        ]);
      }
    });
  }
  return weighted(pairs);
}

const PLACES = placeTable();
const GROUPS = weighted(GROUP_SHARES);

/** A place drawn as people live (a donor's home, a hospital's upazila). */
export const drawPlace = (roll: number) => draw(PLACES, roll);
/** A blood group drawn at the country's shares. */
export const drawGroup = (roll: number): BloodGroup => draw(GROUPS, roll);

/** A version-4 UUID from a seeded generator: the same seed gives the same ids. */
export function seededUuid(next: () => number): string {
  const hex = Array.from({ length: 4 }, () =>
    Math.floor(next() * 2 ** 32)
      .toString(16)
      .padStart(8, '0'),
  ).join('');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const DAY_MS = 86_400_000;

/**
 * The donors of a synthetic country, `start` being the simulation's first instant: names, status
 * and visibility as the demo seed makes them (2% blocked, 5% hidden from search), the place as
 * people live, a third who gave in the year before `start` (whole blood: it rests them longest).
 */
export function donorMaker(seed: number, start: Date) {
  const demo = generator(seed);
  const next = random(seed * 7919 + 17);
  const startMs = start.getTime();
  return (n: number): DonorRow => {
    const base = demo.donor(n);
    const place = drawPlace(next());
    return {
      ...base,
      id: seededUuid(next),
      email: `sim-donor${n}@example.org`,
      bloodGroup: drawGroup(next()),
      division: place.division,
      district: place.district,
      upazila: next() < 0.05 ? null : place.upazila,
      lastDonationDate:
        next() < 0.33 ? new Date(startMs - (1 + next() * 364) * DAY_MS).toISOString() : null,
      createdAt: new Date(startMs - (30 + next() * 3 * 365) * DAY_MS).toISOString(),
    };
  };
}
