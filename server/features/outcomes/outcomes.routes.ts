import { etag } from 'hono/etag';
import { getOutcomes } from '../../../common/contract/outcomes.contract.ts';
import { addDays, todayInDhaka } from '../../../common/dhaka-date.ts';
import { msg } from '../../../common/message-key.ts';
import { measuresOf, totalCounts } from '../../../common/outcomes.rules.ts';
import {
  DEFAULT_DAY_GROUP_DAYS,
  MAX_DAY_GROUP_DAYS,
  MAX_OUTCOME_DAYS,
} from '../../../common/outcomes.schema.ts';
import type { AppDeps } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { createRouter } from '../../lib/openapi.ts';
import * as outcomes from './outcomes.repository.ts';
import { periodRows } from './period.ts';

/** The same for everyone and changed only by new outcomes: browsers and proxies keep it 5 min. */
const CACHE = 'public, max-age=300';

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** The 1st of the month `months` months before `date`'s (YYYY-MM-DD). */
function firstOfMonthBefore(date: string, months: number): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * GET /api/outcomes (issue 29, decision 034): the measures of the requests made in a period,
 * for anyone, from the rollup only. A cell of fewer than 5 requests is withheld here, on the
 * server (measuresOf), whoever asks: no name, number or request id ever leaves.
 */
export function outcomesRoutes({ db, clock }: AppDeps) {
  const routes = createRouter();
  // Issue 32: the same for everyone, so anyone holding the answer may ask again with
  // If-None-Match and get a 304 (the ETag is of the answer's bytes).
  routes.use('/outcomes', etag());
  return routes.openapi(getOutcomes, async (c) => {
    const query = c.req.valid('query');
    const today = todayInDhaka(clock.now());
    const to = query.to ?? today;
    const groupBy = query.groupBy ?? null;
    const byDay = groupBy === 'day';
    // The last 12 months: from the 1st of the month 11 months before `to`'s; by day, the last
    // 30 days (the staff dashboard's charts).
    const from =
      query.from ?? (byDay ? addDays(to, 1 - DEFAULT_DAY_GROUP_DAYS) : firstOfMonthBefore(to, 11));
    if (from > to) throw badRequest(msg('validation.outcomes.order'));
    if (daysBetween(from, to) >= MAX_OUTCOME_DAYS) {
      throw badRequest(msg('validation.outcomes.tooLong'));
    }
    if (byDay && daysBetween(from, to) >= MAX_DAY_GROUP_DAYS) {
      throw badRequest(msg('validation.outcomes.dayTooLong'));
    }
    const filters = {
      division: query.division,
      urgency: query.urgency,
      component: query.component,
      bloodGroup: query.bloodGroup,
    };
    // By day, the day rows alone: a whole month's row cannot be split into its days.
    const rows = byDay
      ? { months: null, days: [[from, to] as [string, string]] }
      : periodRows(from, to);
    // One read: grouped, the total is the groups' sum.
    const groups = await outcomes.sumOutcomes(db, rows, filters, groupBy);
    c.header('Cache-Control', CACHE);
    return c.json(
      {
        from,
        to,
        groupBy,
        total: measuresOf(totalCounts(groups)),
        groups: groupBy
          ? groups.map(({ key, counts }) => ({ key, measures: measuresOf(counts) }))
          : [],
      },
      200,
    );
  });
}
