import { z } from 'zod';
import { BLOOD_COMPONENTS, BLOOD_GROUPS, URGENCIES } from './constants.ts';
import { isCalendarDate } from './dhaka-date.ts';
import { msg } from './message-key.ts';

// Issue 29 (decision 034): GET /api/outcomes, the measures of outcomes for a period, for anyone.

export const OUTCOME_GROUPS = [
  'month',
  'day',
  'division',
  'urgency',
  'component',
  'bloodGroup',
] as const;
export type OutcomeGroup = (typeof OUTCOME_GROUPS)[number];

/** The longest period one answer covers, in days (bounds the rows a query reads). */
export const MAX_OUTCOME_DAYS = 5 * 366;
/**
 * The longest period grouped by day (the staff dashboard's last 30 days): day rows only, so a
 * month's worth bounds them as MAX_OUTCOME_DAYS bounds the rest.
 */
export const MAX_DAY_GROUP_DAYS = 31;
/** The period grouped by day covers unless `from` is given: the last 30 days. */
export const DEFAULT_DAY_GROUP_DAYS = 30;

const day = (field: string) =>
  z
    .string({ error: msg('validation.outcomes.date', { field }) })
    .refine(isCalendarDate, msg('validation.outcomes.date', { field }))
    .optional();

/** The period (Dhaka dates the requests were made, inclusive) and the filters. */
export const outcomesQuerySchema = z.object({
  from: day('from'),
  to: day('to'),
  groupBy: z
    .enum(OUTCOME_GROUPS, {
      error: msg('validation.outcomes.groupBy', { values: OUTCOME_GROUPS.join(', ') }),
    })
    .optional(),
  division: z.string().max(100, msg('validation.division.tooLong')).optional(),
  urgency: z
    .enum(URGENCIES, { error: msg('validation.urgency.select', { values: URGENCIES.join(', ') }) })
    .optional(),
  component: z
    .enum(BLOOD_COMPONENTS, {
      error: msg('validation.component.select', { values: BLOOD_COMPONENTS.join(', ') }),
    })
    .optional(),
  bloodGroup: z.enum(BLOOD_GROUPS, { error: msg('validation.bloodGroup.select') }).optional(),
});
export type OutcomesQuery = z.infer<typeof outcomesQuerySchema>;

const rate = z.number().min(0).nullable();
const count = z.number().int().nullable();
const minutes = z.number().nullable();

/** One cell's figures: all null, and `suppressed`, when it holds fewer than 5 requests. */
export const outcomeMeasuresSchema = z
  .strictObject({
    suppressed: z.boolean().meta({
      description:
        'Fewer than 5 requests: every figure is withheld, so no family can be recognised',
    }),
    requests: count,
    bagsRequested: count,
    bagsDonated: count,
    fulfilmentRate: rate.meta({ description: 'Bags donated ÷ bags requested' }),
    servedOnTimeRate: rate.meta({
      description:
        'Share of requests with every bag donated and every bag pledged by the time needed',
    }),
    firstPledgeMedianMinutes: minutes.meta({
      description:
        'Half of the requests that got a donor got the first within this many minutes (an upper bucket edge; 2880 means 2 days or more)',
    }),
    firstPledgeP90Minutes: minutes,
    allPledgedMedianMinutes: minutes.meta({
      description: 'Minutes until every bag was pledged, median (same buckets)',
    }),
    allPledgedP90Minutes: minutes,
    alertsSent: count,
    alertsPerBagDonated: rate,
    acceptanceRate: rate.meta({ description: 'Pledges ÷ alerts sent' }),
    withdrawalRate: rate.meta({ description: 'Withdrawn pledges ÷ pledges' }),
    noShowRate: rate.meta({ description: 'Pledges whose donor did not come ÷ pledges' }),
  })
  .meta({ id: 'OutcomeMeasures' });

export const outcomesResponseSchema = z
  .strictObject({
    from: z.string(),
    to: z.string(),
    groupBy: z.enum(OUTCOME_GROUPS).nullable(),
    total: outcomeMeasuresSchema,
    groups: z.array(z.strictObject({ key: z.string(), measures: outcomeMeasuresSchema })),
  })
  .meta({ id: 'Outcomes' });
export type OutcomesResponse = z.infer<typeof outcomesResponseSchema>;
