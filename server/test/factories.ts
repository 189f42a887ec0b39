import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BloodGroup, Role } from '../../common/constants.ts';
import type { Language } from '../../common/languages.ts';
import { hashPassword } from '../auth/password.ts';
import type { Database } from '../db/schema.ts';
import * as blogs from '../features/blogs/blogs.repository.ts';
import * as contacts from '../features/contacts/contacts.repository.ts';
import * as requests from '../features/requests/requests.repository.ts';
import { newId, nowIso } from '../lib/ids.ts';

export const TEST_PASSWORD = 'Passw0rd!';
let hashed: Promise<string> | undefined;
let sequence = 0;

export interface UserOverrides {
  name?: string;
  email?: string;
  role?: Role;
  status?: 'active' | 'block';
  bloodGroup?: BloodGroup;
  division?: string;
  district?: string;
  upazila?: string | null;
  lastDonationDate?: string | null;
  searchVisible?: boolean;
  image?: string | null;
  /** Their chosen language (issue 16); English unless given. */
  language?: Language;
}

/** A user with a password account (TEST_PASSWORD), as registration would leave them. */
export async function createUser(db: Kysely<Database>, overrides: UserOverrides = {}) {
  sequence += 1;
  const id = newId();
  const now = nowIso();
  const user = {
    id,
    name: overrides.name ?? `Donor ${sequence}`,
    email: overrides.email ?? `donor${sequence}-${randomBytes(3).toString('hex')}@example.org`,
    emailVerified: 0,
    image:
      overrides.image === undefined
        ? '/api/images/0190a0a0-0000-7000-8000-000000000000.webp'
        : overrides.image,
    createdAt: now,
    updatedAt: now,
    role: overrides.role ?? 'donor',
    status: overrides.status ?? 'active',
    bloodGroup: overrides.bloodGroup ?? 'O+',
    division: overrides.division ?? 'Khulna',
    district: overrides.district ?? 'Khulna',
    upazila: overrides.upazila === undefined ? null : overrides.upazila,
    lastDonationDate: overrides.lastDonationDate ?? null,
    searchVisible: overrides.searchVisible === false ? 0 : 1,
    language: overrides.language ?? 'en',
  };
  hashed ??= hashPassword(TEST_PASSWORD);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('user').values(user).execute();
    await trx
      .insertInto('account')
      .values({
        id: newId(),
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: await hashed,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  });
  return user;
}

/** A live session for the user, used as an `Authorization: Bearer` token. */
export async function bearerFor(db: Kysely<Database>, userId: string) {
  const token = randomBytes(24).toString('base64url');
  const now = nowIso();
  await db
    .insertInto('session')
    .values({
      id: newId(),
      token,
      userId,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      ipAddress: null,
      userAgent: null,
    })
    .execute();
  return { authorization: `Bearer ${token}` };
}

export interface RequestOverrides {
  recipientName?: string;
  bloodGroup?: BloodGroup;
  division?: string;
  district?: string;
  upazila?: string | null;
  hospitalName?: string;
  fullAddress?: string;
  donationDate?: string;
  donationTime?: string;
  requestMessage?: string;
  status?: 'pending' | 'inprogress' | 'done' | 'cancel';
  /** Who accepted it (for inprogress, done and cancel). */
  donor?: { id: string; name: string; email: string } | null;
  createdAt?: string;
}

/** The date in Dhaka (UTC+6, no daylight saving) `days` from now, as YYYY-MM-DD. */
export const dhakaDate = (days = 0) =>
  new Date(Date.now() + 6 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** A donation request by `requester`, stored directly (pending, tomorrow, unless overridden). */
export async function createRequest(
  db: Kysely<Database>,
  requester: { id: string; name: string; email: string },
  overrides: RequestOverrides = {},
) {
  const {
    donor = null,
    status = donor ? 'inprogress' : 'pending',
    createdAt,
    ...fields
  } = overrides;
  // Through the app's own writes, so a test cannot build a state the app cannot reach: a request
  // is in progress only because someone donated, done or canceled only after that.
  const id = await requests.insert(db, requester, {
    recipientName: 'Ayesha Khatun',
    bloodGroup: 'O+',
    division: 'Khulna',
    district: 'Khulna',
    hospitalName: 'Khulna Medical College Hospital',
    fullAddress: 'KDA Avenue, Khulna',
    donationDate: dhakaDate(1),
    donationTime: '10:30',
    requestMessage: 'Needed for surgery.',
    ...fields,
    upazila: fields.upazila ?? undefined,
  });
  if (status !== 'pending') {
    if (!donor) throw new Error(`A request becomes ${status} only after someone donates.`);
    if ((await requests.updateStatusToInProgress(db, id, donor)) !== 1)
      throw new Error('The donor could not accept this request.');
    if (status !== 'inprogress') await requests.updateStatusFromInProgress(db, id, status);
  } else if (donor) {
    throw new Error('A pending request has no donor.');
  }
  // Time is the one thing a test may move: when the request was made.
  if (createdAt)
    await db.updateTable('donationRequest').set({ createdAt }).where('id', '=', id).execute();
  const row = await requests.findById(db, id);
  if (!row) throw new Error('The request just made is gone.');
  return row;
}

/** A valid Create Donation Request form, as the web sends it. */
export const requestForm = (overrides: Record<string, unknown> = {}) => ({
  recipientName: 'Abdul Karim',
  bloodGroup: 'B+',
  division: 'Khulna',
  district: 'Jashore',
  upazila: 'Jashore Sadar',
  hospitalName: 'Jashore General Hospital',
  fullAddress: 'Ghop, Jashore',
  donationDate: dhakaDate(2),
  donationTime: '09:15',
  requestMessage: 'Two bags needed before surgery.',
  ...overrides,
});

export interface BlogOverrides {
  title?: string;
  image?: string;
  content?: string;
  status?: 'draft' | 'published';
  createdAt?: string;
}

/** A blog by `author`, stored through the app's own writes (a draft, unless overridden). */
export async function createBlog(
  db: Kysely<Database>,
  author: { id: string },
  overrides: BlogOverrides = {},
) {
  sequence += 1;
  const id = await blogs.insert(db, author.id, {
    title: overrides.title ?? `Why blood donation matters ${sequence}`,
    image: overrides.image ?? '/api/images/0190a0a0-0000-7000-8000-000000000001.webp',
    content: overrides.content ?? 'One donation can help up to three people.\n\nDonate today.',
  });
  if (overrides.status === 'published') await blogs.updateStatus(db, id, 'published');
  if (overrides.createdAt)
    await db
      .updateTable('blog')
      .set({ createdAt: overrides.createdAt })
      .where('id', '=', id)
      .execute();
  const row = await blogs.findById(db, id);
  if (!row) throw new Error('The blog just made is gone.');
  return row;
}

/** A valid Add Blog body, as the web sends it. */
export const blogForm = (overrides: Record<string, unknown> = {}) => ({
  title: 'Donating blood in Khulna',
  image: '/api/images/0190a0a0-0000-7000-8000-000000000002.webp',
  content: 'Eat well before you donate.\n\nDrink water after.',
  ...overrides,
});

/** A contact message, stored as the home form would store it (new). */
export async function createContactMessage(
  db: Kysely<Database>,
  overrides: { name?: string; message?: string; createdAt?: string } = {},
) {
  sequence += 1;
  const id = await contacts.insert(db, {
    name: overrides.name ?? `Visitor ${sequence}`,
    phone: '+880 1711-000000',
    email: `visitor${sequence}@example.org`,
    message: overrides.message ?? 'How can I help at the next blood drive?',
  });
  if (overrides.createdAt)
    await db
      .updateTable('contact')
      .set({ createdAt: overrides.createdAt })
      .where('id', '=', id)
      .execute();
  return id;
}
