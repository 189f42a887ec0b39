import type { Env } from './env.ts';
import { httpSmsSender } from './http-sms-sender.ts';
import type { Logger } from './logger.ts';
import { smppSender } from './smpp-sender.ts';
import type { SmsSender } from './sms-sender.ts';

/** The sender SMS_URL names: an SMPP gateway (smpp://, ssmpp://) or an HTTP API (https://). */
export function smsSenderFor(
  url: string,
  env: Pick<Env, 'SMS_SENDER_ID' | 'SMS_HTTP_TOKEN' | 'SMS_HTTP_BODY' | 'SMS_HTTP_FIELDS'>,
  logger: Logger,
): SmsSender {
  if (/^s?smpp:\/\//.test(url)) return smppSender(url, env.SMS_SENDER_ID, logger);
  return httpSmsSender(url, env.SMS_SENDER_ID, {
    token: env.SMS_HTTP_TOKEN,
    body: env.SMS_HTTP_BODY,
    fields: env.SMS_HTTP_FIELDS,
  });
}
