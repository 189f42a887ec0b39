import type { z } from 'zod';
import * as contract from '../../../common/contract/users.contract.ts';
import { msg } from '../../../common/message-key.ts';
import { isStaff } from '../../../common/roles.ts';
import type { AuditAction } from '../../../common/trust.constants.ts';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import { currentUser, requireRole, requireUser } from '../../auth/session.ts';
import { toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { listPage, pageItems, readPage } from '../../lib/pagination.ts';
import * as audit from '../audit/audit.repository.ts';
import { assertValidPlace } from '../geo/places.ts';
import { donationRecorded } from '../notifications/events.ts';
import { toDonorDto, toUserDto } from './users.dto.ts';
import type { AdminActor, UserRow } from './users.repository.ts';
import * as users from './users.repository.ts';

const isSelf = (user: SessionUser, email: string) => user.email === email.toLowerCase();

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
 * email only for signed-in callers. Its route and the public reads' fast path (server/fast-path.ts)
 * both answer with it.
 */
export function donorSearchAnswer(
  { db, env, clock }: Pick<AppDeps, 'db' | 'env' | 'clock'>,
  url: string,
  query: DonorSearchQuery,
  signedIn: boolean,
) {
  const { page, limit, after, ...filters } = query;
  const days = env.DONATION_INTERVAL_DAYS;
  return readPage(
    url,
    { page, limit, after },
    {
      rows: (slice) => users.searchDonors(db, filters, slice),
      total: () => users.countDonors(db, filters),
      keyOf: (row) => [row.name, row.id],
      capped: true,
    },
    (row) => toDonorDto(row, days, signedIn, clock.now()),
  );
}

export function usersRoutes({ db, env, clock }: AppDeps) {
  const days = env.DONATION_INTERVAL_DAYS;

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
  ): AdminActor => ({
    actorId: actor.id,
    onChanged: (trx) =>
      audit.insert(trx, actor, {
        action,
        targetType: 'user',
        targetId: target.id,
        targetLabel: `${target.name} <${target.email}>`,
        detail,
      }),
  });

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
        users.setStatus(db, target.id, 'block', audited(actor, target, 'user.block')),
    ],
    [
      contract.unblockUser,
      (target: UserRow, actor: SessionUser) =>
        users.setStatus(db, target.id, 'active', audited(actor, target, 'user.unblock')),
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
        return c.json({ ...toUserDto(row, days, clock.now()), language: row.language }, 200);
      })
      .openapi(guarded(contract.setLanguage, requireUser), async (c) => {
        await users.updateLanguage(db, currentUser(c).id, c.req.valid('json').language);
        return c.body(null, 204);
      })
      // Public donor search: active, visible donors; the email only for signed-in callers.
      .openapi(contract.searchDonors, async (c) => {
        const answer = await donorSearchAnswer(
          { db, env, clock },
          c.req.url,
          c.req.valid('query'),
          c.get('user') !== null,
        );
        return c.json(pageItems(c, answer), 200);
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
          (row) => toUserDto(row, days),
        );
        return c.json(items, 200);
      })
      .openapi(guarded(contract.getUserByEmail, requireUser), async (c) => {
        const user = currentUser(c);
        const { email } = c.req.valid('param');
        if (!isSelf(user, email) && !isStaff(user.role))
          throw forbidden(msg('errors.users.onlySeeOwnProfile'));
        const row = await users.findByEmail(db, email);
        if (!row) throw notFound(msg('errors.users.noSuchUser'));
        return c.json(toUserDto(row, days), 200);
      })
      // Mark As Donated: the server sets the date; eligibility follows from it.
      .openapi(guarded(contract.markDonated, requireUser), async (c) => {
        const { id } = c.req.valid('param');
        assertSelf(currentUser(c), id);
        // The donor is told the day they may give again, by a job written with the donation.
        const modifiedCount = await inTransaction(db, async (trx) => {
          const at = clock.now().toISOString();
          const changed = await users.markDonated(trx, id, at);
          if (changed) await donationRecorded(trx, { userId: id, at }, days, clock.now());
          return changed;
        });
        return c.json({ modifiedCount }, 200);
      })
      .openapi(guarded(contract.updateProfile, requireUser), async (c) => {
        const { id } = c.req.valid('param');
        assertSelf(currentUser(c), id);
        const fields = c.req.valid('json');
        if (fields.division || fields.district || fields.upazila) {
          const current = await users.findById(db, id);
          if (!current) throw notFound(msg('errors.users.noSuchUser'));
          await assertValidPlace(db, {
            division: fields.division ?? current.division,
            district: fields.district ?? current.district,
            upazila: fields.upazila === undefined ? current.upazila : fields.upazila,
          });
        }
        return c.json({ modifiedCount: await users.updateProfile(db, id, fields) }, 200);
      })
      .openapi(guarded(contract.deleteUser, ...admin), async (c) => {
        const { id } = c.req.valid('param');
        const actor = currentUser(c);
        assertNotSelf(actor, id);
        const deletedCount = await adminChange(id, (target) =>
          users.deleteById(db, id, audited(actor, target, 'user.delete')),
        );
        return c.json({ deletedCount }, 200);
      })
  );
}
