import { BLOOD_GROUPS } from '../common/constants.ts';

/** A dhaka date `days` from now, as the request form sends it (YYYY-MM-DD). */
const dhakaDate = (days: number) =>
  new Date(Date.now() + 6 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

const PLACES = [
  { division: 'Dhaka', district: 'Dhaka', upazila: 'Savar', hospital: 'Enam Medical College' },
  { division: 'Khulna', district: 'Jashore', upazila: 'Jashore Sadar', hospital: 'Jashore 250' },
  { division: 'Chattogram', district: 'Cumilla', upazila: 'Debidwar', hospital: 'Debidwar UHC' },
] as const;
const NAMES = ['Abdul Karim', 'Nusrat Jahan', 'Tanvir Hasan', 'Farhana Akter', 'Rafiq Islam'];

/**
 * A small public picture of a live site, made through the real API: a dozen donors (so the
 * search has rows) and ten pending requests (so the public list has rows).
 */
export async function seedDemo(baseUrl: string): Promise<void> {
  const post = async (path: string, body: unknown, cookie?: string) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: baseUrl,
        ...(cookie && { cookie }),
      },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`seed: POST ${path} answered ${res.status} ${await res.text()}`);
    return res;
  };

  // A person may hold at most 3 open requests (server/features/requests/lifecycle.repository.ts):
  // the first four donors make the ten requests between them.
  const requesterCookies: string[] = [];
  for (let i = 0; i < 12; i++) {
    const place = PLACES[i % PLACES.length] as (typeof PLACES)[number];
    const res = await post('/auth/sign-up/email', {
      name: `${NAMES[i % NAMES.length]} ${i + 1}`,
      email: `donor${i + 1}@example.org`,
      password: 'Passw0rd!',
      image: '/api/images/0190a0a0-0000-7000-8000-000000000000.webp',
      bloodGroup: BLOOD_GROUPS[i % BLOOD_GROUPS.length],
      division: place.division,
      district: place.district,
    });
    // The sign-up signs the donor in; the first four make the requests.
    if (i < 4) {
      requesterCookies.push(
        res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      );
    }
  }

  for (let i = 0; i < 10; i++) {
    const place = PLACES[i % PLACES.length] as (typeof PLACES)[number];
    await post(
      '/donation-request',
      {
        recipientName: NAMES[(i + 2) % NAMES.length],
        bloodGroup: BLOOD_GROUPS[(i * 3) % BLOOD_GROUPS.length],
        division: place.division,
        district: place.district,
        upazila: place.upazila,
        hospitalName: place.hospital,
        fullAddress: `Ward ${i + 1}, ${place.district}`,
        donationDate: dhakaDate(1 + (i % 5)),
        donationTime: '09:30',
        requestMessage: 'Two bags needed before surgery.',
      },
      requesterCookies[Math.floor(i / 3)],
    );
  }
}
