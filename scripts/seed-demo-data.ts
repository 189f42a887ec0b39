import { BLOOD_GROUPS, type BloodGroup, type RequestStatus } from '../common/constants.ts';
import { todayInDhaka } from '../common/dhaka-date.ts';
import geo from '../common/geo/bangladesh-geo.json' with { type: 'json' };
import { newId } from '../server/lib/ids.ts';

// The rows of a demo database: donors spread over Bangladesh's real divisions, districts and
// upazilas (common/geo), blood groups at roughly the country's frequencies, and donation requests
// of every status around today. Deterministic for a given seed, so two runs compare.

/** A small, fast, seeded generator (mulberry32): the same seed gives the same database. */
export function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// biome-ignore format: a word list
const FIRST = [
  'Abdul', 'Rahim', 'Karim', 'Fatema', 'Ayesha', 'Nusrat', 'Tanvir', 'Sabbir', 'Mehedi',
  'Farhana', 'Sadia', 'Rafiq', 'Jamal', 'Shakil', 'Arif', 'Imran', 'Nasrin', 'Shirin', 'Rubina',
  'Hasan', 'Sumaiya', 'Tahmina', 'Rakib', 'Sohel', 'Mizanur', 'Anisur', 'Shahana', 'Moushumi',
  'Priya', 'Joy', 'Dipu', 'Rina', 'Mita', 'Tania', 'Liton', 'Babul', 'Kamal', 'Selim', 'Nazmul',
  'Sharmin', 'Mahbub', 'Rasel', 'Sanjida', 'Touhid', 'Ashraful', 'Jannatul', 'Mamun', 'Rupa',
  'Sajib', 'Anika', 'Tamim', 'Mushfiq', 'Riya', 'Bithi', 'Shuvo', 'Habib', 'Lamia', 'Nadia',
];
// biome-ignore format: a word list
const LAST = [
  'Rahman', 'Hossain', 'Islam', 'Ahmed', 'Khan', 'Chowdhury', 'Akter', 'Begum', 'Uddin', 'Alam',
  'Sarkar', 'Das', 'Roy', 'Saha', 'Miah', 'Talukder', 'Bhuiyan', 'Sheikh', 'Mollah', 'Haque',
  'Karim', 'Siddique', 'Biswas', 'Paul', 'Mondal', 'Kabir', 'Majumder', 'Sultana', 'Nahar',
];
/** Blood groups by their share of Bangladesh's population (roughly: B+ and O+ lead). */
// biome-ignore format: a table
export const GROUP_SHARES: Array<[BloodGroup, number]> = [
  ['B+', 0.32], ['O+', 0.29], ['A+', 0.24], ['AB+', 0.08],
  ['B-', 0.02], ['O-', 0.02], ['A-', 0.02], ['AB-', 0.01],
];
const HOSPITALS = ['Medical College Hospital', 'Sadar Hospital', 'Upazila Health Complex'];
const TIMES = ['08:00', '09:30', '11:00', '13:00', '15:30', '18:00', '20:00'];

const places = geo.upazilas.map((upazila) => {
  const district = geo.districts.find((d) => d.id === upazila.districtId);
  const division = geo.divisions.find((v) => v.id === district?.divisionId);
  if (!district || !division) throw new Error(`geo data: no district for ${upazila.name}`);
  return { division: division.name, district: district.name, upazila: upazila.name };
});

export interface DonorRow {
  id: string;
  name: string;
  email: string;
  bloodGroup: BloodGroup;
  division: string;
  district: string;
  upazila: string | null;
  status: 'active' | 'block';
  searchVisible: boolean;
  lastDonationDate: string | null;
  createdAt: string;
}

export interface RequestRow {
  id: string;
  requesterId: string;
  requesterName: string;
  requesterEmail: string;
  recipientName: string;
  bloodGroup: BloodGroup;
  division: string;
  district: string;
  upazila: string | null;
  hospitalName: string;
  fullAddress: string;
  donationDate: string;
  donationTime: string;
  requestMessage: string;
  status: RequestStatus;
  donorId: string | null;
  donorName: string | null;
  donorEmail: string | null;
  createdAt: string;
}

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function generator(seed = 1) {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const group = () => {
    let roll = next();
    for (const [name, share] of GROUP_SHARES) {
      roll -= share;
      if (roll < 0) return name;
    }
    return BLOOD_GROUPS[0];
  };
  const now = Date.now();
  const today = todayInDhaka(new Date(now));
  const personName = () => `${pick(FIRST)} ${pick(LAST)}`;

  /** Donor number n: about 2% blocked, 5% hidden from search, a third donated in the past year. */
  function donor(n: number): DonorRow {
    const place = pick(places);
    return {
      id: newId(),
      name: personName(),
      email: `donor${n}@example.org`,
      bloodGroup: group(),
      division: place.division,
      district: place.district,
      // A few registered before upazilas were asked for.
      upazila: next() < 0.05 ? null : place.upazila,
      status: next() < 0.02 ? 'block' : 'active',
      searchVisible: next() >= 0.05,
      lastDonationDate: next() < 0.33 ? new Date(now - next() * 365 * DAY).toISOString() : null,
      createdAt: new Date(now - next() * 3 * 365 * DAY).toISOString(),
    };
  }

  /** A request by `requester`: dates from a year ago to two months ahead, most of them done. */
  function request(requester: DonorRow, donorOf: () => DonorRow): RequestRow {
    const place = pick(places);
    const roll = next();
    const drawn: RequestStatus =
      roll < 0.3 ? 'pending' : roll < 0.4 ? 'inprogress' : roll < 0.9 ? 'done' : 'cancel';
    const date = now + (next() * 425 - 365) * DAY;
    // Stored as the hourly sweep would leave it (a pending request past its day is expired, an
    // in-progress one closed), so a server's first start has no backlog of tens of thousands
    // of requests to expire, each with its notifications (85-96 s to /api/ready at 1M).
    const past = isoDay(date) < today;
    const status: RequestStatus =
      past && drawn === 'pending' ? 'expired' : past && drawn === 'inprogress' ? 'done' : drawn;
    const donor = status === 'pending' || status === 'expired' ? null : donorOf();
    return {
      id: newId(),
      requesterId: requester.id,
      requesterName: requester.name,
      requesterEmail: requester.email,
      recipientName: personName(),
      bloodGroup: group(),
      division: place.division,
      district: place.district,
      upazila: place.upazila,
      hospitalName: `${place.district} ${pick(HOSPITALS)}`,
      fullAddress: `Ward ${1 + Math.floor(next() * 20)}, ${place.upazila}, ${place.district}`,
      donationDate: isoDay(date),
      donationTime: pick(TIMES),
      requestMessage: 'Needed for surgery; please call before coming.',
      status,
      donorId: donor?.id ?? null,
      donorName: donor?.name ?? null,
      donorEmail: donor?.email ?? null,
      createdAt: new Date(Math.min(date, now) - next() * 30 * DAY).toISOString(),
    };
  }

  return { donor, request, next };
}
