import type { Language } from '../../../common/languages.ts';
import type { MessageKey, MessageParams } from '../../../common/message-key.ts';
import type {
  NotificationData,
  NotificationKind,
} from '../../../common/notification-response.schema.ts';
import { translate } from '../../lib/messages.ts';

/** Where a message's links point. */
export interface MessageLinks {
  /** The request's page, when the message is about one. */
  request: string | null;
  /** Where the person chooses which notifications they get. */
  settings: string;
}

/**
 * The email for an in-app notification: plain text with its links written out, in the
 * recipient's language (issue 16; the words are the `email.*` keys of common/locales).
 */
export function emailFor(
  kind: NotificationKind,
  data: NotificationData,
  links: MessageLinks,
  language: Language = 'en',
): { subject: string; text: string } {
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);
  const when =
    data.donationDate && data.donationTime
      ? t('email.at', { date: data.donationDate, time: data.donationTime })
      : data.donationDate || data.donationTime || '';
  const place = [data.hospitalName, data.district].filter(Boolean).join(', ');
  const recipient = (fallback: 'email.yourPatient' | 'email.aPatient') =>
    data.recipientName ?? t(fallback);
  const bloodGroup = data.bloodGroup ?? '';
  const open = links.request ? `\n\n${t('email.openRequest', { link: links.request })}` : '';
  const footer = `\n\n—\n${t('email.footer', { link: links.settings })}`;
  const lines = (subject: string, ...body: string[]) => ({
    subject,
    text: `${body.join('\n')}${open}${footer}`,
  });
  switch (kind) {
    case 'match-alert':
      return lines(
        t('email.matchAlert.subject', {
          bloodGroup: data.bloodGroup ?? t('email.blood'),
          hospital: data.hospitalName ?? t('email.aHospital'),
        }),
        t('email.matchAlert.intro'),
        '',
        t('email.matchAlert.bloodGroup', { bloodGroup }),
        t('email.matchAlert.patient', { recipient: data.recipientName ?? '' }),
        t('email.matchAlert.where', { place }),
        t('email.matchAlert.when', { when }),
        '',
        t('email.matchAlert.action'),
      );
    case 'request-accepted':
      return lines(
        t('email.requestAccepted.subject', { recipient: recipient('email.yourPatient') }),
        t('email.requestAccepted.body', {
          donor: data.donorName ?? t('email.aDonor'),
          bloodGroup,
          place,
          when,
        }),
        t('email.requestAccepted.action'),
      );
    case 'request-done':
      return lines(
        t('email.requestDone.subject', { recipient: recipient('email.yourPatient') }),
        t('email.requestDone.body', { recipient: recipient('email.yourPatient'), place }),
      );
    case 'request-canceled':
      return lines(
        t('email.requestCanceled.subject', { recipient: recipient('email.aPatient') }),
        t('email.requestCanceled.body', { recipient: recipient('email.aPatient'), place, when }),
      );
    case 'donation-done':
      return lines(
        t('email.donationDone.subject'),
        t('email.donationDone.body', { recipient: recipient('email.aPatient'), place }),
        t('email.donationDone.next'),
      );
    case 'donation-reminder':
      return lines(
        t('email.donationReminder.subject', {
          time: data.donationTime ?? t('email.theSetTime'),
        }),
        t('email.donationReminder.body', { bloodGroup, recipient: recipient('email.aPatient') }),
        t('email.matchAlert.where', { place }),
        t('email.matchAlert.when', { when }),
      );
    case 'eligible-again':
      return lines(
        t('email.eligibleAgain.subject'),
        t('email.eligibleAgain.body', { on: data.eligibleOn ? ` (${data.eligibleOn})` : '' }),
      );
    case 'request-withdrawn':
      return lines(
        t('email.requestWithdrawn.subject', { recipient: recipient('email.yourPatient') }),
        t('email.requestWithdrawn.body', {
          donor: data.donorName ?? t('email.theDonor'),
          place,
          when,
        }),
        ...(data.reason ? [t('email.requestWithdrawn.reason', { reason: data.reason })] : []),
        '',
        t('email.requestWithdrawn.next'),
      );
    case 'request-expired':
      return lines(
        t('email.requestExpired.subject', { recipient: recipient('email.yourPatient') }),
        t('email.requestExpired.body', { place, when }),
        t('email.requestExpired.action'),
      );
    case 'request-confirm-due':
      return lines(
        t('email.requestConfirmDue.subject', { recipient: recipient('email.yourPatient') }),
        t('email.requestConfirmDue.body', { place, when }),
        t('email.requestConfirmDue.action'),
      );
    case 'request-removed':
      return lines(
        t('email.requestRemoved.subject', { recipient: recipient('email.aPatient') }),
        t('email.requestRemoved.body', { recipient: recipient('email.aPatient'), place, when }),
        ...(data.reason ? [t('email.requestRemoved.reason', { reason: data.reason })] : []),
        t('email.requestRemoved.free'),
      );
  }
}
