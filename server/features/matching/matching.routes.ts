import { PAUSED_INDEFINITELY, pauseEndsAt } from '../../../common/availability.rules.ts';
import * as contract from '../../../common/contract/matching.contract.ts';
import type { MatchResponse } from '../../../common/match-response.schema.ts';
import { MATCH_LIST_CAP, NEARBY_COUNT_CAP } from '../../../common/matching.constants.ts';
import { msg } from '../../../common/message-key.ts';
import { checkRequestAction } from '../../../common/request-status.rules.ts';
import { isStaff } from '../../../common/roles.ts';
import { assertSecondFactor, currentUser, requireUser } from '../../auth/session.ts';
import type { AppDeps } from '../../lib/context.ts';
import { donationIntervals } from '../../lib/donation-intervals.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { setPageHeaders } from '../../lib/pagination.ts';
import { budgetDonorEmails, setDonorEmailHeaders } from '../donor-emails/email-budget.ts';
import * as requests from '../requests/requests.repository.ts';
import { setPausedUntil } from './availability.repository.ts';
import { countMatches, findMatches, type MatchRow } from './matching.repository.ts';

const NO_SUCH_REQUEST = msg('errors.requests.noSuchRequest');

function toMatchDto(row: MatchRow, recipientGroup: string): MatchResponse {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    email: row.email,
    image: row.image,
    bloodGroup: row.bloodGroup,
    division: row.division,
    district: row.district,
    upazila: row.upazila,
    distance: row.distance,
    exactGroup: row.bloodGroup === recipientGroup,
  };
}

export function matchingRoutes({ db, env, clock, counters }: AppDeps) {
  const intervals = donationIntervals(env);
  const time = () => ({ now: clock.now(), intervals });

  return (
    createRouter()
      // Who could give: the requester and staff, who act on it (contact, alerts), see the names.
      .openapi(guarded(contract.listMatches, requireUser), async (c) => {
        const { id } = c.req.valid('param');
        const { page, limit, after } = c.req.valid('query');
        if (after !== undefined) {
          const message = msg('errors.matching.numberedPagesOnly');
          throw badRequest(message, { after: message });
        }
        const user = currentUser(c);
        const request = await requests.findById(db, id);
        if (!request) throw notFound(NO_SUCH_REQUEST);
        if (request.requesterId !== user.id) {
          if (!isStaff(user.role)) throw forbidden(msg('errors.matching.whoMaySee'));
          assertSecondFactor(user);
        }
        // Only the nearest MATCH_LIST_CAP are listed (decision 010): past that, an empty page.
        const offset = (page - 1) * limit;
        const slice = { offset, limit: Math.max(0, Math.min(limit, MATCH_LIST_CAP - offset)) };
        const [rows, total] = await Promise.all([
          slice.limit ? findMatches(db, request, time(), slice) : Promise.resolve([]),
          countMatches(db, request, time(), MATCH_LIST_CAP),
        ]);
        setPageHeaders(c, Math.min(total, MATCH_LIST_CAP), { page, limit });
        // A requester could make requests only to list donors' emails: the same daily budget
        // as the donor search (issue 25). Staff have none.
        const { items, budget } = await budgetDonorEmails(
          { db, env, clock, counters },
          user,
          rows.map((row) => toMatchDto(row, request.bloodGroup)),
        );
        setDonorEmailHeaders(c, budget);
        return c.json(items, 200);
      })
      // "N compatible donors nearby": anyone who may see the request.
      .openapi(guarded(contract.countMatches, requireUser), async (c) => {
        const { id } = c.req.valid('param');
        const request = await requests.findById(db, id);
        if (!request) throw notFound(NO_SUCH_REQUEST);
        const denial = checkRequestAction('view', currentUser(c), request);
        if (denial) throw new AppError(denial.status, denial.code, denial.message);
        const [nearby, anywhere] = await Promise.all([
          countMatches(db, request, time(), NEARBY_COUNT_CAP, 'district'),
          countMatches(db, request, time(), MATCH_LIST_CAP),
        ]);
        return c.json(
          {
            nearby: Math.min(nearby, NEARBY_COUNT_CAP),
            capped: nearby > NEARBY_COUNT_CAP,
            anywhere: Math.min(anywhere, MATCH_LIST_CAP),
            anywhereCapped: anywhere > MATCH_LIST_CAP,
          },
          200,
        );
      })
      .openapi(guarded(contract.setAvailability, requireUser), async (c) => {
        const body = c.req.valid('json');
        const pausedUntil = body.available
          ? null
          : body.until === null
            ? PAUSED_INDEFINITELY
            : pauseEndsAt(body.until);
        const modifiedCount = await setPausedUntil(db, currentUser(c).id, pausedUntil);
        return c.json({ modifiedCount }, 200);
      })
  );
}
