import type { Language } from '../../../common/languages.ts';
import type { MessageKey, MessageParams } from '../../../common/message-key.ts';
import type {
  NotificationData,
  NotificationKind,
} from '../../../common/notification-response.schema.ts';
import {
  type EmailBlock,
  personLines,
  personText,
  type RenderedEmail,
  renderEmail,
} from '../../lib/email-content.ts';
import { dateIn, placeIn, timeIn } from '../../lib/local-text.ts';
import { translate } from '../../lib/messages.ts';

/** Where a message's links point. */
export interface MessageLinks {
  /** The request's page, when the message is about one. */
  request: string | null;
  /** Where the person chooses which notifications they get. */
  settings: string;
}

/**
 * The email for an in-app notification, in the recipient's language (issue 16; the words are the
 * `email.*` keys of common/locales), as plain text and HTML. What people typed (names, hospital,
 * a reason) is made safe first (issue 25): one line and no links inside RedHope's sentences, and
 * a reason quoted as the words of whoever gave it. The call to action is `links.request`.
 */
export function emailFor(
  kind: NotificationKind,
  data: NotificationData,
  links: MessageLinks,
  language: Language = 'en',
): RenderedEmail {
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);
  data = inLanguage(language, safeData(data));
  const when =
    data.donationDate && data.donationTime
      ? t('email.at', { date: data.donationDate, time: data.donationTime })
      : data.donationDate || data.donationTime || '';
  const place = [data.hospitalName, data.district].filter(Boolean).join(', ');
  const recipient = (fallback: 'email.yourPatient' | 'email.aPatient') =>
    data.recipientName ?? t(fallback);
  const bloodGroup = data.bloodGroup ?? '';
  const request = links.request;
  const lines = (subject: string, ...body: Array<string | EmailBlock>) =>
    renderEmail({
      subject,
      body: body.map((block) =>
        typeof block === 'string' ? { type: 'line' as const, text: block } : block,
      ),
      ...(request
        ? { action: { sentence: (link) => t('email.openRequest', { link }), href: request } }
        : {}),
      footer: { sentence: (link) => t('email.footer', { link }), href: links.settings },
    });
  /** A reason someone gave, quoted under `label` (issue 25). */
  const quoted = (label: string): EmailBlock[] => {
    const reason = data.reason ? personLines(data.reason) : [];
    return reason.length > 0 ? [{ type: 'quote', label, lines: reason }] : [];
  };
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
        ...quoted(t('email.messageFrom', { name: data.donorName ?? t('email.theDonor') })),
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
        ...quoted(t('email.requestRemoved.reasonFrom')),
        t('email.requestRemoved.free'),
      );
    case 'request-under-review':
      return lines(
        t('email.requestUnderReview.subject', { recipient: recipient('email.yourPatient') }),
        t('email.requestUnderReview.body', { place, when }),
        t('email.requestUnderReview.next'),
      );
    case 'report-review':
      return lines(
        t('email.reportReview.subject', { recipient: recipient('email.aPatient') }),
        t('email.reportReview.body', {
          recipient: recipient('email.aPatient'),
          bloodGroup,
          place,
          when,
        }),
        t('email.reportReview.action'),
      );
  }
}

/**
 * The request's place, date and time as the reader's language writes them (issue 30 item 17):
 * in Bangla the district's Bangla name and dates and times in Bangla, as on the web.
 */
function inLanguage(language: Language, data: NotificationData): NotificationData {
  const local: NotificationData = { ...data };
  if (data.district !== undefined) local.district = placeIn(language, data.district);
  if (data.donationDate !== undefined) local.donationDate = dateIn(language, data.donationDate);
  if (data.donationTime !== undefined) local.donationTime = timeIn(language, data.donationTime);
  if (data.eligibleOn !== undefined) local.eligibleOn = dateIn(language, data.eligibleOn);
  return local;
}

/** Longest name or place shown in a sentence or subject; more is cut with an ellipsis. */
const MAX_NAME = 80;

/**
 * The notification's values, those people typed made safe for an email (issue 25): one line each,
 * no links. The reason keeps its lines; it is quoted (personLines) where it is used.
 */
function safeData(data: NotificationData): NotificationData {
  const safe: NotificationData = { ...data };
  for (const key of [
    'recipientName',
    'hospitalName',
    'district',
    'donationDate',
    'donationTime',
    'donorName',
    'eligibleOn',
  ] as const) {
    const value = data[key];
    if (value !== undefined) safe[key] = personText(value, MAX_NAME);
  }
  return safe;
}
