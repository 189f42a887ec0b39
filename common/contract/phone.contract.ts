import { z } from 'zod';
import {
  phoneCodeSchema,
  phoneNumberSchema,
  smsChoicesSchema,
  smsReceiptSchema,
} from '../phone.schema.ts';
import {
  phoneResponseSchema,
  smsDaysResponseSchema,
  smsReceiptResponseSchema,
} from '../phone-response.schema.ts';
import { body, type Endpoint, errors, json, signedIn } from './define.ts';

const tags = ['Phone and SMS'];

/** POST /api/users/me/phone: send a one-time code by SMS to a Bangladeshi mobile number. */
export const requestPhoneCode = {
  method: 'post',
  path: '/users/me/phone',
  tags,
  summary:
    'Send a 6-digit code by SMS to a Bangladeshi mobile number (10 minutes, 5 tries; at most 5 codes an hour per number and per address)',
  security: signedIn,
  request: { body: body(phoneNumberSchema) },
  responses: {
    202: json(phoneResponseSchema, 'The code is on its way'),
    ...errors(401, 403, 413, 415, 429),
  },
} as const satisfies Endpoint;

/** POST /api/users/me/phone/confirm: the code, which makes the number the account's. */
export const confirmPhoneCode = {
  method: 'post',
  path: '/users/me/phone/confirm',
  tags,
  summary:
    "Confirm the code: the number becomes the caller's verified one (one account per number)",
  security: signedIn,
  request: { body: body(phoneCodeSchema) },
  responses: {
    200: json(phoneResponseSchema, 'Verified'),
    ...errors(401, 403, 409, 413, 415),
  },
} as const satisfies Endpoint;

/** PUT /api/users/me/phone/alerts: SMS alerts on or off, and night alerts for critical needs. */
export const setSmsChoices = {
  method: 'put',
  path: '/users/me/phone/alerts',
  tags,
  summary: 'SMS alerts, and critical alerts in quiet hours (22:00–07:00 Dhaka) too',
  security: signedIn,
  request: { body: body(smsChoicesSchema) },
  responses: {
    200: json(phoneResponseSchema, 'Saved'),
    ...errors(401, 403, 409, 413, 415),
  },
} as const satisfies Endpoint;

/** DELETE /api/users/me/phone: forget the number (and any pending code). */
export const removePhone = {
  method: 'delete',
  path: '/users/me/phone',
  tags,
  summary: 'Remove the number: no SMS goes to it any more',
  security: signedIn,
  responses: { 200: json(phoneResponseSchema, 'Removed'), ...errors(401, 403) },
} as const satisfies Endpoint;

/** GET /api/admin/sms/days: SMS sent per Dhaka day against the budget (admin). */
export const listSmsDays = {
  method: 'get',
  path: '/admin/sms/days',
  tags,
  summary:
    'SMS parts sent each day of the last two weeks, the budget, and when it was reached (admin)',
  security: signedIn,
  responses: { 200: json(smsDaysResponseSchema, 'The days'), ...errors(401, 403) },
} as const satisfies Endpoint;

/**
 * POST /api/sms/receipts/{secret}: an HTTP gateway's delivery receipt (issue 28). Exists only
 * when the server sets SMS_RECEIPT_SECRET, and answers only that secret in its path.
 */
export const recordSmsReceipt = {
  method: 'post',
  path: '/sms/receipts/{secret}',
  tags,
  summary: "An HTTP SMS gateway's delivery receipt: marks the SMS delivered or undelivered",
  description:
    'For the HTTP adapter (SMS_URL=https://…); SMPP gateways send receipts on their connection. ' +
    'Only when the server sets SMS_RECEIPT_SECRET, which is the last part of the path; ' +
    'otherwise 404. The body is JSON or application/x-www-form-urlencoded, with the same ' +
    'fields. A wrong secret is refused (403) and changes nothing. 404 with ' +
    '`SMS_RECEIPT_UNKNOWN`: no SMS has that id yet — send it again shortly.',
  request: {
    params: z.object({ secret: z.string() }),
    // JSON, or the form fields most Bangladeshi gateways post: the same fields either way. Not
    // `required` only because a required body of two types would run both parsers on it; the
    // handler checks the one that came (a missing body is a 400 in words).
    body: {
      content: {
        'application/json': { schema: smsReceiptSchema },
        'application/x-www-form-urlencoded': { schema: smsReceiptSchema },
      },
    },
  },
  responses: {
    200: json(smsReceiptResponseSchema, 'Recorded, or a state on the way, taken'),
    ...errors(403, 404, 413, 415),
  },
} as const satisfies Endpoint;
