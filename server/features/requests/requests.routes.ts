import type { Context, MiddlewareHandler } from 'hono';
import type { ModifiedCountResponse } from '../../../common/api-responses.schema.ts';
import { uuidParam } from '../../../common/contract/define.ts';
import * as contract from '../../../common/contract/requests.contract.ts';
import { todayInDhaka } from '../../../common/dhaka-date.ts';
import { eligibleAgainAfter } from '../../../common/eligibility.rules.ts';
import { msg } from '../../../common/message-key.ts';
import type { Pagination } from '../../../common/pagination.schema.ts';
import type { RequestNeedFilter } from '../../../common/request.schema.ts';
import { statusChangeSchema, updateRequestSchema } from '../../../common/request.schema.ts';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import {
  checkRequestAction,
  type Denial,
  type RequestAction,
} from '../../../common/request-status.rules.ts';
import { isStaff } from '../../../common/roles.ts';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import { assertSecondFactor, currentUser, requireRole, requireUser } from '../../auth/session.ts';
import { toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { AppDeps, AppEnv } from '../../lib/context.ts';
import { donationIntervals } from '../../lib/donation-intervals.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { listPage, readPage, type Slice } from '../../lib/pagination.ts';
import { publicList } from '../../lib/public-list.ts';
import * as audit from '../audit/audit.repository.ts';
import { assertValidPlace, assertValidPlaceUpdate } from '../geo/places.ts';
import { saveContact } from '../sms/request-contact.ts';
import { findLastDonation } from '../users/users.repository.ts';
import {
  countOpenRequests,
  insertWithinLimits,
  updateWithinLimits,
} from './lifecycle.repository.ts';
import { countOpenVerified, findOpenVerified } from './open-verified.repository.ts';
import { type RequestWithPledges, type Viewer, withPledges } from './pledge-view.ts';
import * as pledges from './pledges.repository.ts';
import { emit } from './request-events.ts';
import { lifecycleView, trustState } from './request-view.ts';
import type { RequestRow } from './requests.repository.ts';
import * as requests from './requests.repository.ts';

const RECENT_COUNT = 3;
const NO_SUCH_REQUEST = msg('errors.requests.noSuchRequest');

/**
 * A request as the API answers it: `_id` beside `id`, times as ISO strings, no internal ids, and
 * the status people see on `today` (issue 14: a pending request past its date is expired).
 */
function toRequestDto(
  row: RequestWithPledges,
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
    bags: Number(row.bags),
    component: row.component,
    urgency: row.urgency,
    bagsPledged: Number(row.bagsPledged),
    bagsDonated: Number(row.bagsDonated),
    pledges: row.pledges,
  };
}

/** A row's place in a newest-first list (createdAt, id), for next links past the counted pages. */
const newestFirstKey = (row: RequestRow) => [toIso(row.createdAt), row.id];

const toError = (denial: Denial) => new AppError(denial.status, denial.code, denial.message);

/**
 * Throws the rule's refusal, if any, for `user` doing `action` to `row` as it reads `today`.
 * `actorPledged`: whether `user` holds a standing pledge on it (issue 27; looked up by the caller).
 */
function assertAllowed(
  action: RequestAction,
  user: SessionUser,
  row: RequestRow,
  today: string,
  actorPledged?: boolean,
) {
  const state = {
    ...trustState(row, today),
    ...(actorPledged === undefined ? {} : { actorPledged }),
  };
  const denial = checkRequestAction(action, user, state);
  if (denial) throw toError(denial);
  // Allowed only by their role: an admin acts as staff with a second factor only (issue 25).
  if (checkRequestAction(action, { ...user, role: 'donor' }, state)) assertSecondFactor(user);
}

/** Only staff may name someone else's email; everyone may name their own. */
function assertMayList(user: SessionUser, email: string) {
  if (user.email.toLowerCase() === email) return;
  if (!isStaff(user.role)) throw forbidden(msg('errors.requests.onlyOwnList'));
  assertSecondFactor(user);
}

/** The list by email is private (signed in); the public pending list is for everyone. */
const requireUserWhenEmail: MiddlewareHandler<AppEnv> = (c, next) =>
  c.req.query('email') ? requireUser(c, next) : next();

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The public list of open requests (`?status=pending`), soonest first, with its page headers;
 * only verified ones when asked. Visitors see the request, not the requester's address (as in
 * donor search).
 */
export function openRequestsAnswer(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  url: string,
  { verified, component, urgency, ...page }: Pagination & { verified: boolean } & RequestNeedFilter,
  viewer: Viewer,
) {
  const day = todayInDhaka(clock.now());
  const need = { component, urgency };
  const find = verified ? findOpenVerified : requests.findOpen;
  const count = verified ? countOpenVerified : requests.countOpen;
  return readPage(
    url,
    page,
    {
      // Issue 27: a signed-in donor sees their own pledges on it; visitors none.
      rows: async (slice: Slice) => withPledges(db, await find(db, day, slice, need), viewer),
      total: () => count(db, day, need),
      keyOf: (row) => [Number(row.urgencyRank), row.donationDate, row.donationTime, row.id],
      keyLength: 4,
      capped: true,
    },
    (row) => toRequestDto(row, day, { showRequesterEmail: viewer !== null }),
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
    const state = trustState(row, today());
    if (action === 'donate') state.actorPledged = await holdsPledge(id, user);
    const denial = checkRequestAction(action, user, state);
    return denial ? toError(denial) : conflict('REQUEST_CHANGED', msg('errors.requests.changed'));
  }

  /** Whether `user` holds a standing pledge (pledged or donated) on the request. */
  async function holdsPledge(id: string, user: SessionUser) {
    return (await pledges.findStanding(db, id, user.id)) !== undefined;
  }

  /**
   * Issue 30 item 6: a donor still resting from their last donation on the request's date may
   * not pledge (the page says so before offering Donate Now). The rest is the one after their
   * last donation's kind (decision 031), counted in Dhaka days.
   */
  async function assertRestedBy(user: SessionUser, donationDate: string) {
    const again = eligibleAgainAfter(await findLastDonation(db, user.id), donationIntervals(env));
    const from = again && todayInDhaka(again);
    if (from && from > donationDate) {
      throw conflict('NOT_ELIGIBLE_YET', msg('errors.requests.notEligibleYet', { date: from }));
    }
  }

  /** Donate Now (issue 27): the caller pledges one bag; the request is in progress from the first. */
  async function donate(c: Context<AppEnv>, id: string) {
    const user = currentUser(c);
    // A pending request past its date is expired (issue 14): nobody may accept it any more.
    const row = await requests.findById(db, id);
    if (!row) throw notFound(NO_SUCH_REQUEST);
    // Whether the caller already holds a pledge on it is looked up only to word a refusal: the
    // pledge's own transaction refuses a second pledge (ALREADY_PLEDGED), so a pledge that goes
    // through reads it once, not twice (issue 27's bench).
    try {
      assertAllowed('donate', user, row, today(), false);
    } catch (refusal) {
      assertAllowed('donate', user, row, today(), await holdsPledge(id, user));
      throw refusal;
    }
    await assertRestedBy(user, row.donationDate);
    // The requester is told, and the alert waves stop once every bag is pledged, through its
    // event, written with it.
    const now = clock.now();
    const pledged = await pledges.pledge(db, id, user, now.toISOString(), (trx, taken) =>
      emit(
        trx,
        {
          type: 'pledged',
          requestId: id,
          pledgeId: taken.pledgeId,
          actorId: user.id,
          donorId: user.id,
          donorName: user.name,
          bagsOpen: taken.bagsOpen,
        },
        now,
      ),
    );
    if (!pledged) throw await explainNoChange(id, 'donate', user);
    return c.json({ modifiedCount: 1 } satisfies ModifiedCountResponse, 200);
  }

  async function finish(c: Context<AppEnv>, id: string, status: 'done' | 'cancel') {
    const user = currentUser(c);
    const row = await requests.findById(db, id);
    if (!row) throw notFound(NO_SUCH_REQUEST);
    assertAllowed(status, user, row, today());
    const modifiedCount = await inTransaction(db, async (trx) => {
      const at = clock.now().toISOString();
      // Issue 27: the donors still pledged are settled as donated by done, or told of the cancel.
      const donorIds = await pledges.findPledgedDonorIds(trx, id);
      const changed = await requests.updateStatusFromInProgress(
        trx,
        id,
        status,
        at,
        donationIntervals(env),
      );
      if (changed) {
        const type = status === 'done' ? ('done' as const) : ('canceled' as const);
        const event = { type, requestId: id, actorId: user.id, donorId: row.donorId, donorIds };
        await emit(trx, event, clock.now());
        // Staff closing someone else's request is audited (decision 014, issue 25): it settles
        // the donor's part too, and done changes their eligibility. The requester's own is not.
        if (row.requesterId !== user.id) {
          await audit.insert(trx, user, {
            action: status === 'done' ? 'request.done' : 'request.cancel',
            targetType: 'request',
            targetId: id,
            targetLabel: `${row.recipientName} (${row.bloodGroup}, ${row.donationDate})`,
            detail: `Donor: ${row.donorName ?? ''} <${row.donorEmail ?? ''}>`,
          });
        }
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
    await assertValidPlaceUpdate(db, fields, async () => row);
    const { contactPhone, ...rest } = fields;
    // Issue 28: a new contact number alone is no change staff verified (decision 036).
    const contact =
      contactPhone === undefined
        ? undefined
        : (trx: Parameters<typeof saveContact>[0]) =>
            saveContact(trx, {
              requestId: id,
              requesterId: user.id,
              typed: contactPhone,
              now: clock.now(),
            });
    // Issue 14: an edit may not make it the same as another open request of theirs.
    const modifiedCount =
      Object.keys(rest).length > 0
        ? await updateWithinLimits(db, row, user.id, rest, today(), contact)
        : await inTransaction(db, async (trx) => {
            await contact?.(trx);
            return 1;
          });
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
        // event is written with it: its first alert wave follows in the background at once.
        const user = currentUser(c);
        const insertedId = await insertWithinLimits(
          db,
          user,
          fields,
          { today: today(), maxOpen: env.MAX_OPEN_REQUESTS_PER_USER },
          async (trx, id) => {
            // Issue 28: its contact number, in its own table (decision 036).
            if (fields.contactPhone) {
              await saveContact(trx, {
                requestId: id,
                requesterId: user.id,
                typed: fields.contactPhone,
                now: clock.now(),
              });
            }
            await emit(trx, { type: 'created', requestId: id, requesterId: user.id }, clock.now());
          },
        );
        return c.json({ insertedId }, 201);
      })
      // Literal paths first: /allowance, /recent and /all are never taken for an id.
      .openapi(guarded(contract.getRequestAllowance, requireUser), async (c) => {
        const open = await countOpenRequests(db, currentUser(c).id, today());
        return c.json({ open, max: env.MAX_OPEN_REQUESTS_PER_USER }, 200);
      })
      .openapi(guarded(contract.listRecentRequests, requireUser), async (c) => {
        const user = currentUser(c);
        const email = c.req.valid('query').email ?? user.email.toLowerCase();
        assertMayList(user, email);
        const items = await listPage(
          c,
          { page: 1, limit: RECENT_COUNT },
          {
            rows: async (page) =>
              withPledges(db, await requests.findAllByRequester(db, email, undefined, page), user),
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
        const { status, component, urgency, ...page } = c.req.valid('query');
        const need = { component, urgency };
        const user = currentUser(c);
        const items = await listPage(
          c,
          page,
          {
            rows: async (slice) =>
              withPledges(db, await requests.findAll(db, status, slice, need), user),
            total: () => requests.countAll(db, status, need),
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
        const { email, status, verified, component, urgency, ...page } = c.req.valid('query');
        const need = { component, urgency };
        if (email) {
          const user = currentUser(c);
          assertMayList(user, email);
          const items = await listPage(
            c,
            page,
            {
              rows: async (slice) =>
                withPledges(
                  db,
                  await requests.findAllByRequester(db, email, status, slice, need),
                  user,
                ),
              // One person's requests: counted exactly (cheap through the requester index).
              total: () => requests.countByRequester(db, email, status, need),
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
          { ...page, verified, ...need },
          c.get('user'),
        );
        return publicList(c, answer);
      })
      .openapi(guarded(contract.getRequest, requireUser), async (c) => {
        const row = await requests.findById(db, c.req.valid('param').id);
        if (!row) throw notFound(NO_SUCH_REQUEST);
        const user = currentUser(c);
        assertAllowed('view', user, row, today(), await holdsPledge(row.id, user));
        const [shown] = await withPledges(db, [row], user);
        return c.json(toRequestDto(shown ?? { ...row, pledges: [] }, today()), 200);
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
