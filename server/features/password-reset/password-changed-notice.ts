import type { Language } from '../../../common/languages.ts';
import type { MessageKey, MessageParams } from '../../../common/message-key.ts';
import type { Env } from '../../lib/env.ts';
import { translate } from '../../lib/messages.ts';
import { publicBaseUrl } from '../../lib/origins.ts';
import type { EmailPayload } from '../notifications/outbox.jobs.ts';

/** Dhaka is UTC+6 all year (no daylight saving). */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

/**
 * The email that tells an account's owner their password was changed (issue 25), as a job of the
 * outbox: whoever changed it, by the profile's form or a reset link, the owner hears of it in
 * their own language, with where to reset it and where to ask for help if it was not them. It
 * is sent whatever their notification choices: it is about the account's safety, not news.
 */
export function passwordChangedNotice(
  env: Env,
  owner: { email: string; language: Language },
  at: Date,
): EmailPayload {
  const t = (key: MessageKey, params?: MessageParams) => translate(owner.language, key, params);
  const site = publicBaseUrl(env);
  const dhaka = new Date(at.getTime() + DHAKA_OFFSET_MS).toISOString();
  const when = t('email.at', { date: dhaka.slice(0, 10), time: dhaka.slice(11, 16) });
  return {
    to: owner.email,
    subject: t('email.passwordChanged.subject'),
    text: [
      t('email.passwordChanged.body', { email: owner.email, when }),
      '',
      t('email.passwordChanged.ifYou'),
      t('email.passwordChanged.ifNot', { link: `${site}/login/forgot-password` }),
      '',
      t('email.passwordChanged.help', { link: `${site}/#contact` }),
    ].join('\n'),
    requestId: null,
    onlyWhilePending: false,
  };
}
