import type { Context, MiddlewareHandler } from 'hono';
import type { ModifiedCountResponse } from '../../../common/api-responses.schema.ts';
import { uuidParam } from '../../../common/contract/define.ts';
import * as contract from '../../../common/contract/requests.contract.ts';
import { todayInDhaka } from '../../../common/dhaka-date.ts';
import { msg } from '../../../common/message-key.ts';
import type { Pagination } from '../../../common/pagination.schema.ts';
import { statusChangeSchema, updateRequestSchema } from '../../../common/request.schema.ts';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import {
  checkRequestAction,
  type Denial,
  type RequestAction,
} from '../../../common/request-status.rules.ts';
import { isStaff } from '../../../common/roles.ts';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import { currentUser, requireRole, requireUser } from '../../auth/session.ts';
import { toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { AppDeps, AppEnv } from '../../lib/context.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { listPage, pageItems, readPage, type Slice } from '../../lib/pagination.ts';
import * as audit from '../audit/audit.repository.ts';
import { assertValidPlace } from '../geo/places.ts';
import * as events from '../notifications/events.ts';
import { insertWithinLimits, updateWithinLimits } from '../trust/lifecycle.repository.ts';
import { countOpenVerified, findOpenVerified } from '../trust/open-verified.repository.ts';
import { lifecycleView, trustState } from '../trust/request-view.ts';
import type { RequestRow } from './requests.repository.ts';
import * as requests from './requests.repository.ts';

const RECENT_COUNT = 3;
const NO_SUCH_REQUEST = msg('errors.requests.noSuchRequest');

/**
 * A request as the API answers it: `_id` beside `id`, times as ISO strings, no internal ids, and
 * the status people see on `today` (issue 14: a pending request past its date is expired).
 */
function toRequestDto(
  row: RequestRow,
  today: string,
  { showRequesterEmail = true } = {},
): DonationRequestResponse {
  return {
    id: row.id,
    _id: row.id,
    requesterName: row.requesterName,
    requesterEmail: showRequesterEmail ? row.requesterEmail : null,
    requesterDeleted: row.requesterId === null,
    recipientName: row.recipientName,
    bloodGroup: row.bloodGroup,
    division: row.division,
    district: row.district,
    upazila: row.upazila,
    hospitalName: row.hospitalName,
    fullAddress: row.fullAddress,
    donationDate: row.donationDate,
    donationTime: row.donationTime,
    requestMessage: row.requestMessage,
    donorName: row.donorName,
    donorEmail: row.donorEmail,
    // A donor was recorded (the name stays) but their account is gone.
    donorDeleted: row.donorId === null && row.donorName !== null,
    createdAt: toIso(row.createdAt),
    ...lifecycleView(row, today, { showPeople: showRequesterEmail }),
  };
}

/** A row's place in a newest-first list (createdAt, id), for next links past the counted pages. */
const newestFirstKey = (row: RequestRow) => [toIso(row.createdAt), row.id];

const toError = (denial: Denial) => new AppError(denial.status, denial.code, denial.message);

/** Throws the rule's refusal, if any, for `user` doing `action` to `row` as it reads `today`. */
function assertAllowed(action: RequestAction, user: SessionUser, row: RequestRow, today: string) {
  const denial = checkRequestAction(action, user, trustState(row, today));
  if (denial) throw toError(denial);
}

/** Only staff may name someone else's email; everyone may name their own. */
function assertMayList(user: SessionUser, email: string) {
  if (user.email.toLowerCase() !== email && !isStaff(user.role)) {
    throw forbidden(msg('errors.requests.onlyOwnList'));
  }
}

/** The list by email is private (signed in); the public pending list is for everyone. */
const requireUserWhenEmail: MiddlewareHandler<AppEnv> = (c, next) =>
  c.req.query('email') ? requireUser(c, next) : next();

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The public list of open requests (`?status=pending`), soonest first, with its page headers;
 * only verified ones when asked. Visitors see the request, not the requester's address (as in
 * donor search). Its route and the public reads' fast path (server/fast-path.ts) both answer
 * with it.
 */
export function openRequestsAnswer(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  url: string,
  { verified, ...page }: Pagination & { verified: boolean },
  signedIn: boolean,
) {
  const day = todayInDhaka(clock.now());
  return readPage(
    url,
    page,
    {
      ...(verified
        ? {
            rows: (slice: Slice) => findOpenVerified(db, day, slice),
            total: () => countOpenVerified(db, day),
          }
        : {
            rows: (slice: Slice) => requests.findOpen(db, day, slice),
            total: () => requests.countOpen(db, day),
          }),
      keyOf: (row) => [row.donationDate, row.donationTime, row.id],
      keyLength: 3,
      capped: true,
    },
    (row) => toRequestDto(row, day, { showRequesterEmail: signedIn }),
  );
}

export function requestsRoutes({ db, clock, env }: AppDeps) {
  const staff = [requireUser, requireRole('admin', 'volunteer')];
  /** Today in Dhaka, by the app's clock. */
  const today = () => todayInDhaka(clock.now());

  /** After a conditional change touched no row: says why, from a fresh read. */
  async function explainNoChange(id: string, action: RequestAction, user: SessionUser) {
    const row = await requests.findById(db, id);
    if (!row) return notFound(NO_SUCH_REQUEST);
    const denial = checkRequestAction(action, user, trustState(row, today()));
    return denial ? toError(denial) : conflict('REQUEST_CHANGED', msg('errors.requests.changed'));
  }

  async function donate(c: Context<AppEnv>, id: string) {
    const user = currentUser(c);
    // A pending request past its date is expired (issue 14): nobody may accept it any more.
    const row = await requests.findById(db, id);
    if (!row) throw notFound(NO_SUCH_REQUEST);
    assertAllowed('donate', user, row, today());
    // The requester is told, and the alert waves stop, through a job written with the change.
    const modifiedCount = await inTransaction(db, async (trx) => {
      const changed = await requests.updateStatusToInProgress(trx, id, user);
      if (changed) {
        const change = { requestId: id, event: 'accepted' as const, actorId: user.id };
        await events.requestChanged(trx, { ...change, donorId: user.id }, clock.now());
      }
      return changed;
    });
    if (!modifiedCount) throw await explainNoChange(id, 'donate', user);
    return c.json({ modifiedCount } satisfies ModifiedCountResponse, 200);
  }

  async function finish(c: Context<AppEnv>, id: string, status: 'done' | 'cancel') {
    const user = currentUser(c);
    const row = await requests.findById(db, id);
    if (!row) throw notFound(NO_SUCH_REQUEST);
    assertAllowed(status, user, row, today());
    const modifiedCount = await inTransaction(db, async (trx) => {
      const at = clock.now().toISOString();
      const changed = await requests.updateStatusFromInProgress(trx, id, status, at);
      if (changed) {
        const event = status === 'done' ? ('done' as const) : ('canceled' as const);
        const change = { requestId: id, event, actorId: user.id, donorId: row.donorId };
        await events.requestChanged(trx, change, clock.now());
      }
      return changed;
    });
    if (!modifiedCount) throw await explainNoChange(id, status, user);
    return c.json({ modifiedCount } satisfies ModifiedCountResponse, 200);
  }

  async function edit(c: Context<AppEnv>, id: string, body: unknown) {
    const user = currentUser(c);
    const fields = updateRequestSchema.parse(body);
    const row = await requests.findById(db, id);
    if (!row) throw notFound(NO_SUCH_REQUEST);
    assertAllowed('edit', user, row, today());
    if (fields.division || fields.district || fields.upazila !== undefined) {
      await assertValidPlace(db, {
        division: fields.division ?? row.division,
        district: fields.district ?? row.district,
        upazila: fields.upazila === undefined ? row.upazila : fields.upazila,
      });
    }
    // Issue 14: an edit may not make it the same as another open request of theirs.
    const modifiedCount = await updateWithinLimits(db, row, user.id, fields, today());
    if (!modifiedCount) throw await explainNoChange(id, 'edit', user);
    return c.json({ modifiedCount } satisfies ModifiedCountResponse, 200);
  }

  const routes = createRouter();
  // The PATCH body is a status change or an edit, each with its own messages: the handler picks
  // the schema, so the definition is registered for the document and served without a body check.
  routes.openAPIRegistry.registerPath(contract.changeRequest);
  return (
    routes
      .openapi(guarded(contract.createRequest, requireUser), async (c) => {
        const fields = c.req.valid('json');
        await assertValidPlace(db, fields);
        // Issue 14: at most MAX_OPEN_REQUESTS_PER_USER open requests, and no duplicate. Its
        // first alert wave is written with it, and runs in the background at once.
        const insertedId = await insertWithinLimits(
          db,
          currentUser(c),
          fields,
          { today: today(), maxOpen: env.MAX_OPEN_REQUESTS_PER_USER },
          (trx, id) => events.requestCreated(trx, id, clock.now()),
        );
        return c.json({ insertedId }, 201);
      })
      // Literal paths first: /recent and /all are never taken for an id.
      .openapi(guarded(contract.listRecentRequests, requireUser), async (c) => {
        const user = currentUser(c);
        const email = c.req.valid('query').email ?? user.email.toLowerCase();
        assertMayList(user, email);
        const items = await listPage(
          c,
          { page: 1, limit: RECENT_COUNT },
          {
            rows: (page) => requests.findAllByRequester(db, email, undefined, page),
            // One page by design: its total is what it shows.
            total: async () =>
              Math.min(await requests.countByRequester(db, email, undefined), RECENT_COUNT),
            keyOf: newestFirstKey,
            capped: false,
          },
          (row) => toRequestDto(row, today()),
        );
        return c.json(items, 200);
      })
      .openapi(guarded(contract.listAllRequests, ...staff), async (c) => {
        const { status, ...page } = c.req.valid('query');
        const items = await listPage(
          c,
          page,
          {
            rows: (slice) => requests.findAll(db, status, slice),
            total: () => requests.countAll(db, status),
            keyOf: newestFirstKey,
            capped: true,
          },
          (row) => toRequestDto(row, today()),
        );
        return c.json(items, 200);
      })
      .openapi(guarded(contract.deleteRequest, requireUser), async (c) => {
        const { id } = c.req.valid('param');
        const row = await requests.findById(db, id);
        if (!row) throw notFound(NO_SUCH_REQUEST);
        const user = currentUser(c);
        assertAllowed('delete', user, row, today());
        // An admin deleting someone else's request is a staff action: the audit log keeps it.
        const deletedCount = await inTransaction(db, async (trx) => {
          const deleted = await requests.deleteById(trx, id);
          if (deleted && row.requesterId !== user.id) {
            await audit.insert(trx, user, {
              action: 'request.delete',
              targetType: 'request',
              targetId: id,
              targetLabel: `${row.recipientName} (${row.bloodGroup}, ${row.donationDate})`,
            });
          }
          return deleted;
        });
        return c.json({ deletedCount }, 200);
      })
      .openapi(guarded(contract.listRequests, requireUserWhenEmail), async (c) => {
        const { email, status, verified, ...page } = c.req.valid('query');
        if (email) {
          assertMayList(currentUser(c), email);
          const items = await listPage(
            c,
            page,
            {
              rows: (slice) => requests.findAllByRequester(db, email, status, slice),
              // One person's requests: counted exactly (cheap through the requester index).
              total: () => requests.countByRequester(db, email, status),
              keyOf: newestFirstKey,
              capped: false,
            },
            (row) => toRequestDto(row, today()),
          );
          return c.json(items, 200);
        }
        if (status !== 'pending') {
          throw badRequest(msg('errors.requests.askByEmail'), {
            email: msg('errors.requests.giveEmail'),
          });
        }
        const answer = await openRequestsAnswer(
          { db, clock },
          c.req.url,
          { ...page, verified },
          c.get('user') !== null,
        );
        return c.json(pageItems(c, answer), 200);
      })
      .openapi(guarded(contract.getRequest, requireUser), async (c) => {
        const row = await requests.findById(db, c.req.valid('param').id);
        if (!row) throw notFound(NO_SUCH_REQUEST);
        assertAllowed('view', currentUser(c), row, today());
        return c.json(toRequestDto(row, today()), 200);
      })
      .openapi(
        {
          ...guarded(contract.changeRequest, requireUser),
          request: { params: uuidParam },
          hide: true,
        },
        async (c) => {
          const { id } = c.req.valid('param');
          const body: unknown = await c.req.json();
          if (isObject(body) && 'status' in body) {
            const { status } = statusChangeSchema.parse(body);
            if (status === 'inprogress') return donate(c, id);
            if (status === 'done' || status === 'cancel') return finish(c, id, status);
            throw badRequest(msg('validation.request.status'), {
              status: msg('validation.request.status'),
            });
          }
          return edit(c, id, body);
        },
      )
  );
}
