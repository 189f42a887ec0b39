import { z } from 'zod';
import {
  BLOOD_COMPONENTS,
  BLOOD_GROUPS,
  MAX_BAGS,
  MIN_BAGS,
  PLEDGE_OUTCOMES,
  REQUEST_STATUSES,
  type RequestStatus,
  URGENCIES,
} from './constants.ts';
import { isCalendarDate, todayInDhaka } from './dhaka-date.ts';
import { clearableUpazila, filterValues, statusFilter, upazilaField } from './fields.ts';
import { msg } from './message-key.ts';
import { normalizeBdMobile } from './phone.rules.ts';

/** A required text: `message` when missing or blank, `tooLong` past `max` characters. */
const text = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);

const DATE_MESSAGE = msg('validation.donationDate.required');
const TIME_MESSAGE = msg('validation.donationTime.required');

const donationDate = z
  .string({ error: DATE_MESSAGE })
  .trim()
  .min(1, DATE_MESSAGE)
  .refine(isCalendarDate, DATE_MESSAGE)
  // Compared as text: YYYY-MM-DD sorts like the dates it names.
  .refine((value) => !isCalendarDate(value) || value >= todayInDhaka(), {
    message: msg('validation.donationDate.past'),
  })
  .meta({ format: 'date', description: 'YYYY-MM-DD, a day in Dhaka, today or later' });

const donationTime = z
  .string({ error: TIME_MESSAGE })
  .trim()
  .min(1, TIME_MESSAGE)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_MESSAGE)
  .meta({ description: 'HH:MM, 24-hour, Dhaka time' });

/** Issue 27: how many bags (donors) a request asks for, 1 to MAX_BAGS. */
export const bagsField = z
  .number({ error: msg('validation.bags.range', { max: MAX_BAGS }) })
  .int(msg('validation.bags.range', { max: MAX_BAGS }))
  .min(MIN_BAGS, msg('validation.bags.range', { max: MAX_BAGS }))
  .max(MAX_BAGS, msg('validation.bags.range', { max: MAX_BAGS }));

const componentField = z.enum(BLOOD_COMPONENTS, {
  error: msg('validation.component.select', { values: BLOOD_COMPONENTS.join(', ') }),
});

const urgencyField = z.enum(URGENCIES, {
  error: msg('validation.urgency.select', { values: URGENCIES.join(', ') }),
});

/**
 * Issue 28 (decision 036): the request's contact number (the patient's attendant, or the
 * requester's own), as typed; a Bangladeshi mobile number, stored as +8801XXXXXXXXX. Shown only
 * to the donors pledged to it, once verified; empty means none.
 */
export const contactPhoneField = z
  .string(msg('validation.phone.bdMobile'))
  .trim()
  .max(30, msg('validation.phone.bdMobile'))
  .refine((typed) => typed === '' || normalizeBdMobile(typed) !== null, {
    message: msg('validation.phone.bdMobile'),
  });

/** What a request needs (issue 27); a client that does not send them asks for 1 bag of whole blood, scheduled. */
const needFields = {
  bags: bagsField,
  component: componentField,
  urgency: urgencyField,
};

const requestFields = {
  recipientName: text(
    msg('validation.recipientName.required'),
    100,
    msg('validation.recipientName.tooLong'),
  ),
  bloodGroup: z.enum(BLOOD_GROUPS, { error: msg('validation.bloodGroup.select') }),
  division: text(msg('validation.division.select'), 100, msg('validation.division.tooLong')),
  district: text(msg('validation.district.select'), 100, msg('validation.district.tooLong')),
  upazila: upazilaField,
  hospitalName: text(
    msg('validation.hospitalName.required'),
    200,
    msg('validation.hospitalName.tooLong'),
  ),
  fullAddress: text(
    msg('validation.fullAddress.required'),
    500,
    msg('validation.fullAddress.tooLong'),
  ),
  donationDate,
  donationTime,
  requestMessage: text(
    msg('validation.requestMessage.required'),
    1000,
    msg('validation.requestMessage.tooLong'),
  ),
};

/**
 * The Create Donation Request form; the server validates POST /api/donation-request with it.
 * Requester name and email are not fields: the server takes them from the session (any such
 * keys in a body are dropped, never stored).
 */
export const createRequestSchema = z.object({
  ...requestFields,
  bags: needFields.bags.default(MIN_BAGS),
  component: needFields.component.default('whole_blood'),
  urgency: needFields.urgency.default('scheduled'),
  contactPhone: contactPhoneField.optional(),
});
export type CreateRequest = z.infer<typeof createRequestSchema>;
/** A new request as the server stores it: what it needs may be left to the defaults. */
export type NewRequest = z.input<typeof createRequestSchema>;

const unknownKeys = (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? msg('validation.fields.notChangeable', { keys: (issue.keys ?? []).join(', ') })
    : undefined;

/**
 * The requester's edit of their own pending request: any of the form's fields, nothing else
 * (status, requester and donor fields are refused). `upazila: null` clears it.
 */
export const updateRequestSchema = z
  .strictObject(
    {
      ...requestFields,
      ...needFields,
      upazila: clearableUpazila,
      // Issue 28: a new contact number; '' or null removes it.
      contactPhone: contactPhoneField.nullable(),
    },
    { error: unknownKeys },
  )
  .partial()
  .refine((fields) => Object.keys(fields).length > 0, {
    message: msg('validation.request.noChange'),
  });
export type UpdateRequest = z.infer<typeof updateRequestSchema>;

/** `canceled` is accepted on input as another spelling of `cancel` (SPEC §4); `cancel` is stored. */
const toStored = (status: RequestStatus | 'canceled'): RequestStatus =>
  status === 'canceled' ? 'cancel' : status;

/**
 * PATCH /api/donation-request/:id with a status: `inprogress` (donate: the caller becomes the
 * donor) or `done` / `cancel` / `canceled`. Donor name and email come from the session.
 */
export const statusChangeSchema = z.strictObject(
  {
    status: z
      .enum(['inprogress', 'done', 'cancel', 'canceled'], {
        error: msg('validation.request.status'),
      })
      .transform(toStored),
  },
  { error: unknownKeys },
);
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** `?status=` on request lists; empty means all; `canceled` means `cancel`. */
export const requestStatusFilterSchema = statusFilter(REQUEST_STATUSES, { canceled: 'cancel' });
export type RequestStatusFilter = z.infer<typeof requestStatusFilterSchema>;

/**
 * `?key=` on a list: one of `values`, and empty means every value (as statusFilter).
 */
function enumFilter<const V extends string>(values: readonly [V, ...V[]], message: string) {
  return z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.enum(values, { error: message }).optional())
    .meta(filterValues(values));
}

/** Issue 27: `?component=&urgency=` on request lists; empty means all. */
export const requestNeedFilterSchema = z.object({
  component: enumFilter(
    BLOOD_COMPONENTS,
    msg('validation.component.select', { values: BLOOD_COMPONENTS.join(', ') }),
  ),
  urgency: enumFilter(
    URGENCIES,
    msg('validation.urgency.select', { values: URGENCIES.join(', ') }),
  ),
});
export type RequestNeedFilter = z.infer<typeof requestNeedFilterSchema>;

/** POST /api/donation-request/:id/pledges/:pledgeId/outcome: the donor came and gave, or did not. */
export const pledgeOutcomeSchema = z.strictObject(
  {
    outcome: z.enum(PLEDGE_OUTCOMES, {
      error: msg('validation.pledge.outcome', { values: PLEDGE_OUTCOMES.join(', ') }),
    }),
  },
  { error: unknownKeys },
);
export type PledgeOutcomeBody = z.infer<typeof pledgeOutcomeSchema>;

/** POST /api/donation-request/:id/bags: the requester sets how many bags it asks for. */
export const setBagsSchema = z.strictObject({ bags: bagsField }, { error: unknownKeys });
export type SetBags = z.infer<typeof setBagsSchema>;
