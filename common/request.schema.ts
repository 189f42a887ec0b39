import { z } from 'zod';
import { BLOOD_GROUPS, REQUEST_STATUSES, type RequestStatus } from './constants.ts';
import { isCalendarDate, todayInDhaka } from './dhaka-date.ts';
import { clearableUpazila, statusFilter, upazilaField } from './fields.ts';

const text = (message: string, max: number, label: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${label} must be at most ${max} characters`);

const DATE_MESSAGE = 'Please select donation date';
const TIME_MESSAGE = 'Please select donation time';

const donationDate = z
  .string({ error: DATE_MESSAGE })
  .trim()
  .min(1, DATE_MESSAGE)
  .refine(isCalendarDate, DATE_MESSAGE)
  // Compared as text: YYYY-MM-DD sorts like the dates it names.
  .refine((value) => !isCalendarDate(value) || value >= todayInDhaka(), {
    message: 'Donation date cannot be in the past',
  });

const donationTime = z
  .string({ error: TIME_MESSAGE })
  .trim()
  .min(1, TIME_MESSAGE)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_MESSAGE);

const requestFields = {
  recipientName: text('Please enter recipient name', 100, 'Recipient name'),
  bloodGroup: z.enum(BLOOD_GROUPS, { error: 'Please select blood group' }),
  division: text('Please select division group', 100, 'Division'),
  district: text('Please select district group', 100, 'District'),
  upazila: upazilaField,
  hospitalName: text('Please enter hospital name', 200, 'Hospital name'),
  fullAddress: text('Please enter full address', 500, 'Full address'),
  donationDate,
  donationTime,
  requestMessage: text('Please enter request message', 1000, 'Request message'),
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
    ? `These fields cannot be changed here: ${(issue.keys ?? []).join(', ')}.`
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
    message: 'Please change at least one field.',
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
        error: "Status must be 'inprogress', 'done' or 'cancel'",
      })
      .transform(toStored),
  },
  { error: unknownKeys },
);
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** `?status=` on request lists; empty means all; `canceled` means `cancel`. */
export const requestStatusFilterSchema = statusFilter(REQUEST_STATUSES, { canceled: 'cancel' });
export type RequestStatusFilter = z.infer<typeof requestStatusFilterSchema>;
