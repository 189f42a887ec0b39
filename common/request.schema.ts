import { z } from 'zod';
import { BLOOD_GROUPS, REQUEST_STATUSES, type RequestStatus } from './constants.ts';
import { isCalendarDate, todayInDhaka } from './dhaka-date.ts';
import { clearableUpazila, statusFilter, upazilaField } from './fields.ts';
import { msg } from './message-key.ts';

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
  });

const donationTime = z
  .string({ error: TIME_MESSAGE })
  .trim()
  .min(1, TIME_MESSAGE)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_MESSAGE);

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
export const createRequestSchema = z.object(requestFields);
export type CreateRequest = z.infer<typeof createRequestSchema>;

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
      upazila: clearableUpazila,
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
