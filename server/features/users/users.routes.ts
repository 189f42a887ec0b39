import { z } from 'zod';
import * as contract from '../../../common/contract/users.contract.ts';
import { DELETED_ACCOUNT_NAME } from '../../../common/deleted-account.ts';
import { intervalAfter } from '../../../common/eligibility.rules.ts';
import { msg } from '../../../common/message-key.ts';
import { isStaff } from '../../../common/roles.ts';
import type { AuditAction } from '../../../common/trust.constants.ts';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import { assertSecondFactor, currentUser, requireRole, requireUser } from '../../auth/session.ts';
import { toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { enqueue } from '../../jobs/define-job.ts';
import type { AppDeps } from '../../lib/context.ts';
import { donationIntervals } from '../../lib/donation-intervals.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { listPage, pageItems, readPage } from '../../lib/pagination.ts';
import { publicList } from '../../lib/public-list.ts';
import * as audit from '../audit/audit.repository.ts';
import { budgetDonorEmails, setDonorEmailHeaders } from '../donor-emails/email-budget.ts';
import { assertValidPlaceUpdate } from '../geo/places.ts';
import { eligibleAgainAt, eligibleAgainJob } from '../notifications/reminders.jobs.ts';
import * as consents from '../privacy/consent.repository.ts';
import { phoneOf } from '../sms/phone.dto.ts';
import { reportsFollowReporter } from '../trust/reporter-standing.ts';
import { toDonorDto, toUserDto } from './users.dto.ts';
import type { AdminActor, UserRow } from './users.repository.ts';
import * as users from './users.repository.ts';

const isSelf = (user: SessionUser, email: string) => user.email === email.toLowerCase();
const isUuid = (value: string) => z.uuid().safeParse(value).success;

function assertSelf(user: SessionUser, id: string) {
  if (user.id !== id) throw forbidden(msg('errors.users.onlyOwnProfile'));
}

/** Admin actions never target the admin themself (no self-demotion, self-block or self-deletion). */
function assertNotSelf(user: SessionUser, id: string) {
  if (user.id === id) {
    throw new AppError(403, 'SELF_ACTION', msg('errors.users.selfAction'));
  }
}

const LAST_ADMIN = () => conflict('LAST_ADMIN', msg('errors.users.lastAdmin'));

/** A donor search's query, as the contract's schema gives it. */
export type DonorSearchQuery = z.infer<typeof contract.searchDonors.request.query>;

/**
 * The public donor search's page: active, visible donors by name, with its page headers; the
 * email only for signed-in callers.
 */
export function donorSearchAnswer(
  { db, env, clock }: Pick<AppDeps, 'db' | 'env' | 'clock'>,
  url: string,
  query: DonorSearchQuery,
  signedIn: boolean,
) {
  const { page, limit, after, ...filters } = query;
  const intervals = donationIntervals(env);
  // One instant for the whole page: every donor's availability is judged at the same time.
  const now = clock.now();
  return readPage(
    url,
    { page, limit, after },
    {
      rows: (slice) => users.searchDonors(db, filters, slice),
      total: () => users.countDonors(db, filters),
      keyOf: (row) => [row.name, row.id],
      capped: true,
    },
    (row) => toDonorDto(row, intervals, signedIn, now),
  );
}

export function usersRoutes({ db, env, clock, counters, sms }: AppDeps) {
  const intervals = donationIntervals(env);

  /** Applies an admin change; 404 for an unknown user, 409 when it would remove the last admin. */
  async function adminChange(id: string, change: (target: UserRow) => Promise<number>) {
    const target = await users.findById(db, id);
    if (!target) throw notFound(msg('errors.users.noSuchUser'));
    const modifiedCount = await change(target);
    if (!modifiedCount) throw LAST_ADMIN();
    return modifiedCount;
  }

  const routes = createRouter();
  const admin = [requireUser, requireRole('admin')];

  /** The acting admin, whose change writes its audit entry in the change's own transaction. */
  const audited = (
    actor: SessionUser,
    target: UserRow,
    action: AuditAction,
    detail: string | null = null,
    targetLabel = `${target.name} <${target.email}>`,
  ): AdminActor => ({
    actorId: actor.id,
    onChanged: (trx) =>
      audit.insert(trx, actor, {
        action,
        targetType: 'user',
        targetId: target.id,
        targetLabel,
        detail,
      }),
  });

  /**
   * The audited change, for one that makes the target's reports count or stop counting (block,
   * unblock, delete): what their open reports hid shows again, or hides again (decision 024).
   */
  const reweighing = (actor: AdminActor, target: UserRow): AdminActor => {
    const reports = reportsFollowReporter(target.id, { clock });
    return {
      ...actor,
      beforeChange: reports.before,
      onChanged: async (trx) => {
        await actor.onChanged?.(trx);
        await reports.after(trx);
      },
    };
  };

  // PATCH /users/admin/:id, /users/volunteer/:id, /users/block/:id, /users/unblock/:id: admin
  // only, never on oneself, never removing the last admin. Mounted before PATCH /users/:id.
  // The acting admin is named so that, should they be removed meanwhile, the change is refused.
  const adminActions = [
    [
      contract.makeAdmin,
      (target: UserRow, actor: SessionUser) =>
        users.setRole(db, target.id, 'admin', audited(actor, target, 'user.role', 'admin')),
    ],
    [
      contract.makeVolunteer,
      (target: UserRow, actor: SessionUser) =>
        users.setRole(db, target.id, 'volunteer', audited(actor, target, 'user.role', 'volunteer')),
    ],
    [
      contract.blockUser,
      (target: UserRow, actor: SessionUser) =>
        users.setStatus(
          db,
          target.id,
          'block',
          reweighing(audited(actor, target, 'user.block'), target),
        ),
    ],
    [
      contract.unblockUser,
      (target: UserRow, actor: SessionUser) =>
        users.setStatus(
          db,
          target.id,
          'active',
          reweighing(audited(actor, target, 'user.unblock'), target),
        ),
    ],
  ] as const;
  for (const [endpoint, change] of adminActions) {
    routes.openapi(guarded(endpoint, ...admin), async (c) => {
      const { id } = c.req.valid('param');
      const actor = currentUser(c);
      assertNotSelf(actor, id);
      const modifiedCount = await adminChange(id, (target) => change(target, actor));
      return c.json({ modifiedCount }, 200);
    });
  }

  // GET /users/check-admin/:email → {admin}, /users/check-volunteer/:email → {volunteer}: self only.
  routes.openapi(guarded(contract.checkAdmin, requireUser), (c) => {
    const user = currentUser(c);
    if (!isSelf(user, c.req.valid('param').email)) throw forbidden(msg('errors.users.onlyOwnRole'));
    return c.json({ admin: user.role === 'admin' }, 200);
  });
  routes.openapi(guarded(contract.checkVolunteer, requireUser), (c) => {
    const user = currentUser(c);
    if (!isSelf(user, c.req.valid('param').email)) throw forbidden(msg('errors.users.onlyOwnRole'));
    return c.json({ volunteer: user.role === 'volunteer' }, 200);
  });

  return (
    routes
      .openapi(guarded(contract.getMe, requireUser), async (c) => {
        const row = await users.findMeById(db, currentUser(c).id);
        if (!row) throw notFound(msg('errors.users.noSuchUser'));
        const phone = await phoneOf(db, row.id, sms !== null);
        const consent = await consents.consentState(db, row.id);
        return c.json(
          { ...toUserDto(row, intervals, clock.now()), language: row.language, phone, consent },
          200,
        );
      })
      .openapi(guarded(contract.setLanguage, requireUser), async (c) => {
        await users.updateLanguage(db, currentUser(c).id, c.req.valid('json').language);
        return c.body(null, 204);
      })
      // Public donor search: active, visible donors; the email only for signed-in callers, and
      // only up to their daily budget of donor emails (issue 25: one account read them all).
      .openapi(contract.searchDonors, async (c) => {
        const user = c.get('user');
        const answer = await donorSearchAnswer(
          { db, env, clock },
          c.req.url,
          c.req.valid('query'),
          user !== null,
        );
        if (!user) return publicList(c, answer);
        const { items, budget } = await budgetDonorEmails(
          { db, env, clock, counters },
          user,
          answer.items,
        );
        setDonorEmailHeaders(c, budget);
        return c.json(pageItems(c, { ...answer, items }), 200);
      })
      .openapi(guarded(contract.listUsers, ...admin), async (c) => {
        const { status, ...page } = c.req.valid('query');
        const items = await listPage(
          c,
          page,
          {
            rows: (slice) => users.findAll(db, { status }, slice),
            total: () => users.countAll(db, { status }),
            keyOf: (row) => [toIso(row.createdAt), row.id],
            capped: true,
          },
          (row) => toUserDto(row, intervals),
        );
        return c.json(items, 200);
      })
      .openapi(guarded(contract.getUser, requireUser), async (c) => {
        const user = currentUser(c);
        // SPEC's email, or the user's id (decision 045): no email is a UUID.
        const { id: emailOrId } = c.req.valid('param');
        const byId = isUuid(emailOrId);
        if (byId ? user.id !== emailOrId.toLowerCase() : !isSelf(user, emailOrId)) {
          if (!isStaff(user.role)) throw forbidden(msg('errors.users.onlySeeOwnProfile'));
          assertSecondFactor(user);
        }
        const row = byId
          ? await users.findById(db, emailOrId.toLowerCase())
          : await users.findByEmail(db, emailOrId);
        if (!row) throw notFound(msg('errors.users.noSuchUser'));
        return c.json(toUserDto(row, intervals), 200);
      })
      // Mark As Donated: the server sets the date; eligibility follows from it. SPEC's one kind
      // of donation, whole blood: stored as unknown (null), which rests as whole blood.
      .openapi(guarded(contract.markDonated, requireUser), async (c) => {
        const { id } = c.req.valid('param');
        assertSelf(currentUser(c), id);
        // The donor is told the day they may give again, by a job written with the donation.
        const modifiedCount = await inTransaction(db, async (trx) => {
          const at = clock.now().toISOString();
          const changed = await users.markDonated(trx, id, at);
          if (changed) {
            const runAt = eligibleAgainAt(at, intervalAfter(null, intervals));
            const payload = { userId: id, lastDonationDate: at };
            await enqueue(trx, eligibleAgainJob, payload, { runAt, now: clock.now() });
          }
          return changed;
        });
        return c.json({ modifiedCount }, 200);
      })
      .openapi(guarded(contract.updateProfile, requireUser), async (c) => {
        const { id } = c.req.valid('param');
        assertSelf(currentUser(c), id);
        const fields = c.req.valid('json');
        // Issue 31: without consent there is no donor processing; showing oneself needs it again.
        if (fields.searchVisible === true && (await consents.isWithdrawn(db, id))) {
          throw conflict('CONSENT_WITHDRAWN', msg('errors.privacy.consentWithdrawn'));
        }
        await assertValidPlaceUpdate(db, fields, async () => {
          const current = await users.findById(db, id);
          if (!current) throw notFound(msg('errors.users.noSuchUser'));
          return current;
        });
        return c.json({ modifiedCount: await users.updateProfile(db, id, fields) }, 200);
      })
      .openapi(guarded(contract.deleteUser, ...admin), async (c) => {
        const { id } = c.req.valid('param');
        const actor = currentUser(c);
        assertNotSelf(actor, id);
        // The entry of a deletion names nobody: the person is erased (issue 31, decision 040).
        const deletedCount = await adminChange(id, (target) =>
          users.deleteById(
            db,
            id,
            clock.now(),
            reweighing(audited(actor, target, 'user.delete', null, DELETED_ACCOUNT_NAME), target),
          ),
        );
        return c.json({ deletedCount }, 200);
      })
  );
}
