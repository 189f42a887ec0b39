import { Hono } from 'hono';
import { z } from 'zod';
import type {
  DeletedCountResponse,
  ModifiedCountResponse,
} from '../../../common/api-responses.schema.ts';
import { paginationSchema } from '../../../common/pagination.schema.ts';
import { isStaff } from '../../../common/request-status.rules.ts';
import {
  donorSearchSchema,
  updateProfileSchema,
  userStatusFilterSchema,
} from '../../../common/user.schema.ts';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import { currentUser, requireRole, requireUser } from '../../auth/session.ts';
import type { AppDeps, AppEnv } from '../../lib/context.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { offsetOf, setPageHeaders } from '../../lib/pagination.ts';
import { validate } from '../../lib/validate.ts';
import { assertValidPlace } from '../geo/places.ts';
import { toDonorDto, toUserDto } from './users.dto.ts';
import * as users from './users.repository.ts';

const idParam = z.object({ id: z.string().min(1).max(100) });
const emailParam = z.object({ email: z.string().min(1).max(254) });

const isSelf = (user: SessionUser, email: string) => user.email === email.toLowerCase();

function assertSelf(user: SessionUser, id: string) {
  if (user.id !== id) throw forbidden('You can only change your own profile.');
}

/** Admin actions never target the admin themself (no self-demotion, self-block or self-deletion). */
function assertNotSelf(user: SessionUser, id: string) {
  if (user.id === id) {
    throw new AppError(
      403,
      'SELF_ACTION',
      'You cannot change your own role or status, or delete yourself.',
    );
  }
}

const LAST_ADMIN = () =>
  conflict('LAST_ADMIN', 'This is the last admin: make someone else admin first.');

export function usersRoutes({ db, env }: AppDeps) {
  const days = env.DONATION_INTERVAL_DAYS;
  const admin = [requireUser, requireRole('admin')] as const;

  /** Applies an admin change; 404 for an unknown user, 409 when it would remove the last admin. */
  async function adminChange(id: string, change: () => Promise<number>) {
    const target = await users.findById(db, id);
    if (!target) throw notFound('No such user.');
    const modifiedCount = await change();
    if (!modifiedCount) throw LAST_ADMIN();
    return modifiedCount;
  }

  const routes = new Hono<AppEnv>();

  // PATCH /users/admin/:id, /users/volunteer/:id, /users/block/:id, /users/unblock/:id: admin
  // only, never on oneself, never removing the last admin. Mounted before PATCH /users/:id.
  // The acting admin is named so that, should they be removed meanwhile, the change is refused.
  const adminActions = {
    admin: (id: string, actorId: string) => users.setRole(db, id, 'admin', { actorId }),
    volunteer: (id: string, actorId: string) => users.setRole(db, id, 'volunteer', { actorId }),
    block: (id: string, actorId: string) => users.setStatus(db, id, 'block', { actorId }),
    unblock: (id: string, actorId: string) => users.setStatus(db, id, 'active', { actorId }),
  };
  for (const [action, change] of Object.entries(adminActions)) {
    routes.patch(`/users/${action}/:id`, ...admin, validate('param', idParam), async (c) => {
      const { id } = c.req.valid('param');
      const actor = currentUser(c);
      assertNotSelf(actor, id);
      const modifiedCount = await adminChange(id, () => change(id, actor.id));
      return c.json({ modifiedCount } satisfies ModifiedCountResponse);
    });
  }

  // GET /users/check-admin/:email → {admin}, /users/check-volunteer/:email → {volunteer}: self only.
  for (const role of ['admin', 'volunteer'] as const) {
    routes.get(`/users/check-${role}/:email`, requireUser, validate('param', emailParam), (c) => {
      const user = currentUser(c);
      if (!isSelf(user, c.req.valid('param').email)) {
        throw forbidden('You can only check your own role.');
      }
      return c.json({ [role]: user.role === role });
    });
  }

  return (
    routes
      .get('/users/me', requireUser, async (c) => {
        const row = await users.findById(db, currentUser(c).id);
        if (!row) throw notFound('No such user.');
        return c.json(toUserDto(row, days));
      })
      // Public donor search: active, visible donors; the email only for signed-in callers.
      .get(
        '/users/donor',
        validate('query', donorSearchSchema.extend(paginationSchema.shape)),
        async (c) => {
          const { page, limit, ...filters } = c.req.valid('query');
          const [rows, total] = await Promise.all([
            users.searchDonors(db, filters, { limit, offset: offsetOf({ page, limit }) }),
            users.countDonors(db, filters),
          ]);
          setPageHeaders(c, total, { page, limit });
          const signedIn = c.get('user') !== null;
          return c.json(rows.map((row) => toDonorDto(row, days, signedIn)));
        },
      )
      .get(
        '/users',
        ...admin,
        validate('query', userStatusFilterSchema.extend(paginationSchema.shape)),
        async (c) => {
          const { page, limit, status } = c.req.valid('query');
          const [rows, total] = await Promise.all([
            users.findAll(db, { status }, { limit, offset: offsetOf({ page, limit }) }),
            users.countAll(db, { status }),
          ]);
          setPageHeaders(c, total, { page, limit });
          return c.json(rows.map((row) => toUserDto(row, days)));
        },
      )
      .get('/users/:email', requireUser, validate('param', emailParam), async (c) => {
        const user = currentUser(c);
        const { email } = c.req.valid('param');
        if (!isSelf(user, email) && !isStaff(user.role))
          throw forbidden('You can only see your own profile.');
        const row = await users.findByEmail(db, email);
        if (!row) throw notFound('No such user.');
        return c.json(toUserDto(row, days));
      })
      // Mark As Donated: the server sets the date; eligibility follows from it.
      .patch('/users/donor/:id', requireUser, validate('param', idParam), async (c) => {
        const { id } = c.req.valid('param');
        assertSelf(currentUser(c), id);
        return c.json({
          modifiedCount: await users.markDonated(db, id),
        } satisfies ModifiedCountResponse);
      })
      .patch(
        '/users/:id',
        requireUser,
        validate('param', idParam),
        validate('json', updateProfileSchema),
        async (c) => {
          const { id } = c.req.valid('param');
          assertSelf(currentUser(c), id);
          const fields = c.req.valid('json');
          if (fields.division || fields.district || fields.upazila) {
            const current = await users.findById(db, id);
            if (!current) throw notFound('No such user.');
            await assertValidPlace(db, {
              division: fields.division ?? current.division,
              district: fields.district ?? current.district,
              upazila: fields.upazila === undefined ? current.upazila : fields.upazila,
            });
          }
          return c.json({
            modifiedCount: await users.updateProfile(db, id, fields),
          } satisfies ModifiedCountResponse);
        },
      )
      .delete('/users/:id', ...admin, validate('param', idParam), async (c) => {
        const { id } = c.req.valid('param');
        const actor = currentUser(c);
        assertNotSelf(actor, id);
        const deletedCount = await adminChange(id, () =>
          users.deleteById(db, id, { actorId: actor.id }),
        );
        return c.json({ deletedCount } satisfies DeletedCountResponse);
      })
  );
}
