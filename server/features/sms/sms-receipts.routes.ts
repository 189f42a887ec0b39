import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { recordSmsReceipt } from '../../../common/contract/phone.contract.ts';
import { msg } from '../../../common/message-key.ts';
import { smsReceiptSchema } from '../../../common/phone.schema.ts';
import type { AppDeps, AppEnv } from '../../lib/context.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { markReceipt } from './sms.repository.ts';

/** A gateway's word for a final state, as the SMPP receipts' "stat:" says it or in plain words. */
const DELIVERED = new Set(['DELIVRD', 'DELIVERED', 'SUCCESS']);
const UNDELIVERED = new Set([
  'UNDELIV',
  'UNDELIVERED',
  'UNDELIVERABLE',
  'FAILED',
  'FAILURE',
  'EXPIRED',
  'REJECTD',
  'REJECTED',
  'DELETED',
]);
/** States on the way: taken, and nothing changes (the final one comes later). */
const ON_THE_WAY = new Set([
  'ENROUTE',
  'ACCEPTD',
  'ACCEPTED',
  'SENT',
  'SUBMITTED',
  'QUEUED',
  'PENDING',
  'BUFFERED',
  'UNKNOWN',
]);

/** An aggregator's form post (what most Bangladeshi gateways send) rather than JSON. */
const isFormBody = (contentType: string | undefined) =>
  /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(contentType ?? '');

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * POST /api/sms/receipts/:secret (issue 28): the HTTP adapter's delivery receipts, recorded as
 * the SMPP gateway's deliver_sm are (markReceipt: the message delivered or undelivered). Off (404,
 * like any unknown path) until SMS_RECEIPT_SECRET is set; a wrong secret is refused (403) before
 * the body is looked at, compared in constant time. The body is JSON or a form post
 * (application/x-www-form-urlencoded), with the same fields. The secret is in the path because that is
 * what aggregators' callback settings take; the request log writes the path without it.
 */
export function smsReceiptRoutes({ db, env, clock, logger }: AppDeps) {
  const secret = env.SMS_RECEIPT_SECRET ? digest(env.SMS_RECEIPT_SECRET) : null;
  // Before the body is read or checked: a caller without the secret learns nothing of it.
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!secret) throw notFound(msg('errors.noSuchEndpoint'));
    if (!timingSafeEqual(digest(c.req.param('secret') ?? ''), secret)) {
      throw forbidden(msg('errors.smsReceipt.wrongSecret'));
    }
    return next();
  };
  return createRouter().openapi(guarded(recordSmsReceipt, guard), async (c) => {
    // Either body type, checked again whole: with neither (no body) both parsers stood aside.
    const sent = isFormBody(c.req.header('content-type'))
      ? c.req.valid('form')
      : c.req.valid('json');
    const receipt = smsReceiptSchema.parse(sent);
    const state = receipt.status.toUpperCase().replace(/[\s_-]+/g, '');
    if (ON_THE_WAY.has(state)) return c.json({ status: 'ignored' as const }, 200);
    const delivered = DELIVERED.has(state);
    if (!delivered && !UNDELIVERED.has(state)) {
      throw new AppError(400, 'SMS_RECEIPT_STATE', msg('errors.smsReceipt.unknownStatus'));
    }
    const gatewayId = receipt.id ?? receipt.message_id;
    // Our reference names the message even before the worker wrote the gateway's id.
    const name = receipt.reference ? { id: receipt.reference } : String(gatewayId);
    const marked = await markReceipt(db, name, delivered, clock.now());
    logger.info({ gatewayId, reference: receipt.reference, state, marked }, 'SMS delivery receipt');
    if (!marked) {
      throw new AppError(404, 'SMS_RECEIPT_UNKNOWN', msg('errors.smsReceipt.unknownMessage'));
    }
    return c.json({ status: delivered ? ('delivered' as const) : ('undelivered' as const) }, 200);
  });
}
