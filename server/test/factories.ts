import { randomBytes } from 'node:crypto';
import { symmetricEncrypt } from 'better-auth/crypto';
import type { Kysely } from 'kysely';
import type { BloodComponent, BloodGroup, Role, Urgency } from '../../common/constants.ts';
import { addDays, todayInDhaka } from '../../common/dhaka-date.ts';
import type { Language } from '../../common/languages.ts';
import { PRIVACY_NOTICE_VERSION } from '../../common/privacy.ts';
import { hashPassword } from '../auth/password.ts';
import type { Database } from '../db/schema.ts';
import * as blogs from '../features/blogs/blogs.repository.ts';
import * as contacts from '../features/contacts/contacts.repository.ts';
import * as requests from '../features/requests/requests.repository.ts';
import { newId, nowIso } from '../lib/ids.ts';

export const TEST_PASSWORD = 'Passw0rd!';
/** The AUTH_SECRET of createTestApp(): better-auth encrypts each authenticator key with it. */
export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-1234567890';
/**
 * The authenticator key of every factory user with a second factor (admins unless told): the
 * code of the moment is `totp(TEST_TOTP_KEY)` (server/test/totp.ts), and `signIn` in http.ts
 * sends it by itself when the password step asks for it.
 */
const TEST_TOTP_SECRET = 'redhopeTestAuthenticatorKey12345';
export const TEST_TOTP_KEY = Buffer.from(TEST_TOTP_SECRET, 'utf8');
/** Their recovery codes; each works once per user. */
export const TEST_BACKUP_CODES = ['aaaaa-11111', 'bbbbb-22222', 'ccccc-33333'];
let hashed: Promise<string> | undefined;
let twoFactorSecrets: Promise<{ secret: string; backupCodes: string }> | undefined;
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
  /** Unverified unless given (issue 25: new or unverified accounts see fewer donor emails). */
  emailVerified?: boolean;
  /** When the account was made (ISO); now unless given. */
  createdAt?: string;
  /**
   * An authenticator set up (TEST_TOTP_KEY, TEST_BACKUP_CODES): true for admins unless given,
   * so an admin can act at once (issue 25); false gives an admin who still has to set one up.
   */
  twoFactorEnabled?: boolean;
  /**
   * Agreed to the privacy notice of today's version at registration (issue 31), as every new
   * account has; false gives an account from before the notice, which owes it.
   */
  consent?: boolean;
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
    emailVerified: overrides.emailVerified ? 1 : 0,
    image:
      overrides.image === undefined
        ? '/api/images/0190a0a0-0000-7000-8000-000000000000.webp'
        : overrides.image,
    createdAt: overrides.createdAt ?? now,
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
    twoFactorEnabled: (overrides.twoFactorEnabled ?? overrides.role === 'admin') ? 1 : 0,
  };
  hashed ??= hashPassword(TEST_PASSWORD);
  twoFactorSecrets ??= encryptedTwoFactorSecrets();
  const secrets = twoFactorSecrets;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('user').values(user).execute();
    if (user.twoFactorEnabled) {
      await trx
        .insertInto('twoFactor')
        .values({ id: newId(), userId: id, verified: 1, ...(await secrets) })
        .execute();
    }
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
    if (overrides.consent !== false) {
      await trx
        .insertInto('userConsent')
        .values({ id: newId(), userId: id, noticeVersion: PRIVACY_NOTICE_VERSION, givenAt: now })
        .execute();
    }
  });
  return user;
}

/** The authenticator key and recovery codes as better-auth stores them (encrypted). */
async function encryptedTwoFactorSecrets() {
  return {
    secret: await symmetricEncrypt({ key: TEST_AUTH_SECRET, data: TEST_TOTP_SECRET }),
    backupCodes: await symmetricEncrypt({
      key: TEST_AUTH_SECRET,
      data: JSON.stringify(TEST_BACKUP_CODES),
    }),
  };
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
  /** Issue 27: 1 bag of whole blood, scheduled, unless said. */
  bags?: number;
  component?: BloodComponent;
  urgency?: Urgency;
  status?: 'pending' | 'inprogress' | 'done' | 'cancel';
  /** Who accepted it (for inprogress, done and cancel). */
  donor?: { id: string; name: string; email: string } | null;
  createdAt?: string;
}

/** The date in Dhaka `days` from now, as YYYY-MM-DD: the same rule the server's date checks use. */
export const dhakaDate = (days = 0) => addDays(todayInDhaka(), days);

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
