import { type Kysely, sql } from 'kysely';
import { DELETED_ACCOUNT_NAME } from '../../../common/deleted-account.ts';
import type { Database } from '../../db/schema.ts';
import { enqueue } from '../../jobs/define-job.ts';
import { photoDeletionJob } from '../images/photo-deletion.jobs.ts';

// Issue 31 (PDPO 2025, decision 040): deleting an account erases the person, by themself or by
// an admin. What other people rely on stays with DELETED_ACCOUNT_NAME where the name was and no
// email: a request another donor pledged to, a pledge or donation that counted toward someone's
// request, a report, an audit entry. Everything else of theirs goes.

const OWN_UPLOAD = /^\/api\/images\/([0-9a-f-]{36}\.webp)$/;

/** Who is being erased, read before anything changes. */
export interface ErasedPerson {
  id: string;
  name: string;
  email: string;
  image: string | null;
  phones: string[];
}

/** The person as erasure needs them, or undefined when there is no such account. */
export async function findErasable(
  db: Kysely<Database>,
  id: string,
): Promise<ErasedPerson | undefined> {
  const user = await db
    .selectFrom('user')
    .select(['id', 'name', 'email', 'image'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user) return undefined;
  const phones = [
    ...(await db.selectFrom('userPhone').select('phone').where('userId', '=', id).execute()),
    ...(await db
      .selectFrom('phoneVerification')
      .select('phone')
      .where('userId', '=', id)
      .execute()),
  ].map((row) => row.phone);
  return { ...user, phones: [...new Set(phones)] };
}

/**
 * Erases the person inside the caller's transaction and deletes the account (sessions, tokens,
 * password, authenticator, number and everything keyed to the user go with it). Their uploaded
 * photos are deleted from storage by jobs written here, so only once the transaction commits.
 * Answers whether the account was deleted.
 */
export async function eraseAccount(
  trx: Kysely<Database>,
  person: ErasedPerson,
  at: Date,
): Promise<boolean> {
  const { id } = person;
  const now = at.toISOString();
  const placeholder = DELETED_ACCOUNT_NAME;

  // Their own requests nobody else is on go (decision 004): no live donor on the request and no
  // live person's pledge to it.
  await trx
    .deleteFrom('donationRequest')
    .where('requesterId', '=', id)
    .where((eb) => eb.or([eb('donorId', 'is', null), eb('donorId', '=', id)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('donationPledge')
            .select('donationPledge.id')
            .whereRef('donationPledge.requestId', '=', 'donationRequest.id')
            .where('donationPledge.donorId', 'is not', null)
            .where('donationPledge.donorId', '<>', id),
        ),
      ),
    )
    .execute();
  // The others stay for the other people on them, without the name or the email.
  await trx
    .updateTable('donationRequest')
    .set({ requesterName: placeholder, requesterEmail: null, updatedAt: now })
    .where('requesterId', '=', id)
    .execute();
  await trx
    .updateTable('donationRequest')
    .set({ donorName: placeholder, donorEmail: null, updatedAt: now })
    .where('donorId', '=', id)
    .execute();
  await trx
    .updateTable('donationRequest')
    .set({ verifiedByName: placeholder })
    .where('verifiedById', '=', id)
    .execute();
  await trx
    .updateTable('donationPledge')
    .set({ donorName: placeholder, donorEmail: null })
    .where('donorId', '=', id)
    .execute();
  await trx
    .updateTable('requestWithdrawal')
    .set({ donorName: placeholder, donorEmail: null })
    .where('donorId', '=', id)
    .execute();
  await trx
    .updateTable('requestReport')
    .set({ reporterName: placeholder })
    .where('reporterId', '=', id)
    .execute();
  await trx
    .updateTable('requestReport')
    .set({ handledByName: placeholder })
    .where('handledById', '=', id)
    .execute();
  // The audit log outlives the account (no key), so it is rewritten: the act stays, not the person.
  await trx
    .updateTable('auditLog')
    .set({ actorName: placeholder, actorEmail: '' })
    .where('actorId', '=', id)
    .execute();
  await trx
    .updateTable('auditLog')
    .set({ targetLabel: placeholder })
    .where('targetType', '=', 'user')
    .where('targetId', '=', id)
    .execute();
  // An entry saying someone saw their number (045: its subject) names them in its detail.
  await trx
    .updateTable('auditLog')
    .set({
      detail: sql<string>`replace(replace(${sql.ref('detail')}, ${person.name}, ${placeholder}), ${person.email}, '')`,
    })
    .where('subjectId', '=', id)
    .execute();
  // Messages they sent through the contact form, by their address; a message they handled as
  // staff keeps the act, not their name.
  await trx.deleteFrom('contact').where('email', '=', person.email).execute();
  await trx
    .updateTable('contact')
    .set({ handledBy: placeholder })
    .where('handledBy', '=', person.name)
    .execute();
  await eraseFromSnapshots(trx, person);
  // Counters keyed by their address (the sign-in lockout).
  await trx
    .deleteFrom('counter')
    .where('key', 'like', `%${likeText(person.email)}%`)
    .execute();

  // Their photos: every upload of theirs that no blog shows (a blog outlives its writer).
  const uploads = await trx
    .selectFrom('upload')
    .select('name')
    .where('userId', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('blog')
            .select('blog.id')
            .where('blog.image', '=', sql<string>`'/api/images/' || "upload"."name"`),
        ),
      ),
    )
    .execute();
  const files = uploads.map((row) => row.name);
  const own = person.image ? OWN_UPLOAD.exec(person.image)?.[1] : undefined;
  if (own && !files.includes(own)) {
    const inBlog = await trx
      .selectFrom('blog')
      .select('id')
      .where('image', '=', person.image as string)
      .executeTakeFirst();
    if (!inBlog) files.push(own);
  }
  if (files.length) await trx.deleteFrom('upload').where('name', 'in', files).execute();
  for (const name of files) {
    await enqueue(trx, photoDeletionJob, { name }, { now: at });
  }

  await trx.deleteFrom('session').where('userId', '=', id).execute();
  await trx.deleteFrom('account').where('userId', '=', id).execute();
  const result = await trx.deleteFrom('user').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * JSON snapshots that name them. Jobs meant for them (their address or number in it) go; other
 * people's waiting jobs and notifications keep their words with the placeholder for the name.
 */
async function eraseFromSnapshots(trx: Kysely<Database>, person: ErasedPerson) {
  for (const contact of [person.email, ...person.phones]) {
    await trx
      .deleteFrom('job')
      .where('payload', 'like', `%${likeText(jsonInner(contact))}%`)
      .execute();
  }
  const name = jsonInner(person.name);
  const named = `%${likeText(name)}%`;
  const jobs = await trx
    .selectFrom('job')
    .select(['id', 'payload'])
    .where('payload', 'like', named)
    .execute();
  for (const job of jobs) {
    await trx
      .updateTable('job')
      .set({ payload: replaceName(job.payload, name) })
      .where('id', '=', job.id)
      .execute();
  }
  const notifications = await trx
    .selectFrom('notification')
    .select(['id', 'data'])
    .where('data', 'like', named)
    .execute();
  for (const notification of notifications) {
    await trx
      .updateTable('notification')
      .set({ data: replaceName(notification.data, name) })
      .where('id', '=', notification.id)
      .execute();
  }
}

/** Text as it appears inside a JSON string (quotes, backslashes and non-ASCII escaped or not). */
const jsonInner = (text: string) => JSON.stringify(text).slice(1, -1);

/** The name replaced where it stands as a whole word in the JSON text. */
function replaceName(json: string, name: string): string {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const placeholder = jsonInner(DELETED_ACCOUNT_NAME);
  return json.replace(
    new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu'),
    placeholder,
  );
}

/** A LIKE pattern's text with its wildcards taken literally (the default escape is none: none used). */
const likeText = (text: string) => text.replace(/[%_]/g, '_');
