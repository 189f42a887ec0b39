import { HTTP_SMS_FIELDS, type HttpSmsFieldNames } from './http-sms-fields.ts';
import type { SentSms, Sms, SmsReceipt, SmsSender } from './sms-sender.ts';

/** A request the aggregator did not answer by then fails the send (retried by the outbox). */
const HTTP_TIMEOUT_MS = 15_000;

/** What the aggregator's API takes: the body's type (SMS_HTTP_BODY) and the fields' names. */
export interface HttpSmsShape {
  token?: string;
  body: 'json' | 'form';
  fields: HttpSmsFieldNames;
}

const OUR_NAMES: HttpSmsFieldNames = {
  to: 'to',
  from: 'from',
  text: 'text',
  reference: 'reference',
};

/**
 * SMS through an aggregator's HTTP API (issue 28), for those without SMPP. One POST per message
 * to SMS_URL (its query string kept, so an API key there goes along), with the body
 *
 *   { "to": "8801712345678", "from": SMS_SENDER_ID, "text": "…", "reference": "<job id>" }
 *
 * as JSON, or as form fields (SMS_HTTP_BODY=form, what most Bangladeshi aggregators take), each
 * field under the aggregator's name for it (SMS_HTTP_FIELDS, http-sms-fields.ts), and
 * `Authorization: Bearer SMS_HTTP_TOKEN` when that is set. Any 2xx is accepted; a JSON
 * answer's `id` (or `message_id`) is kept as the gateway's id. Anything else fails the send, and
 * the outbox tries again. `reference` is the same on every attempt, for gateways that fold
 * repeats. Delivery receipts come back over HTTP to POST /api/sms/receipts/<SMS_RECEIPT_SECRET>
 * (sms-receipts.routes.ts), naming the gateway's id or `reference`.
 */
export function httpSmsSender(
  url: string,
  senderId: string,
  { token, body: bodyType, fields }: HttpSmsShape = { body: 'json', fields: OUR_NAMES },
): SmsSender {
  return {
    async send(sms: Sms): Promise<SentSms> {
      const values = {
        to: sms.to.replace(/^\+/, ''),
        from: senderId,
        text: sms.text,
        reference: sms.id,
      };
      const named: [string, string][] = [];
      for (const field of HTTP_SMS_FIELDS) {
        const name = fields[field];
        if (name !== null) named.push([name, values[field]]);
      }
      const form = bodyType === 'form';
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': form
            ? 'application/x-www-form-urlencoded; charset=utf-8'
            : 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: form
          ? new URLSearchParams(named).toString()
          : JSON.stringify(Object.fromEntries(named)),
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
      const body = await response.text();
      if (!response.ok) {
        throw new Error(`SMS gateway answered ${response.status}: ${body.slice(0, 200)}`);
      }
      let gatewayId: string | null = null;
      try {
        const parsed = JSON.parse(body) as { id?: unknown; message_id?: unknown };
        const id = parsed.id ?? parsed.message_id;
        gatewayId = id === undefined || id === null ? null : String(id);
      } catch {
        gatewayId = null; // A plain "OK" is an acceptance too.
      }
      return { gatewayId };
    },
    onReceipt(_listener: (receipt: SmsReceipt) => void) {
      // Its receipts arrive as HTTP requests of their own (sms-receipts.routes.ts), not here.
    },
    async close() {},
  };
}
