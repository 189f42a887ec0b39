import type {
  NotificationData,
  NotificationKind,
} from '../../../common/notification-response.schema.ts';

/** Where a message's links point. */
export interface MessageLinks {
  /** The request's page, when the message is about one. */
  request: string | null;
  /** Where the person chooses which notifications they get. */
  settings: string;
}

const when = (data: NotificationData) =>
  [data.donationDate, data.donationTime].filter(Boolean).join(' at ');

const place = (data: NotificationData) =>
  [data.hospitalName, data.district].filter(Boolean).join(', ');

/** The email for an in-app notification: plain text, English, with its links written out. */
export function emailFor(
  kind: NotificationKind,
  data: NotificationData,
  links: MessageLinks,
): { subject: string; text: string } {
  const open = links.request ? `\n\nOpen the request: ${links.request}` : '';
  const footer = `\n\n—\nRedHope. Choose which messages you get: ${links.settings}`;
  const lines = (subject: string, ...body: string[]) => ({
    subject,
    text: `${body.join('\n')}${open}${footer}`,
  });
  switch (kind) {
    case 'match-alert':
      return lines(
        `${data.bloodGroup ?? 'Blood'} needed near you: ${data.hospitalName ?? 'a hospital'}`,
        `Someone near you needs blood, and yours can go to them.`,
        '',
        `Blood group asked: ${data.bloodGroup ?? ''}`,
        `Patient: ${data.recipientName ?? ''}`,
        `Where: ${place(data)}`,
        `When: ${when(data)}`,
        '',
        'If you can donate, open the request and press Donate Now. If someone has accepted it already, it is closed and nothing more is needed.',
      );
    case 'request-accepted':
      return lines(
        `A donor accepted your request for ${data.recipientName ?? 'your patient'}`,
        `${data.donorName ?? 'A donor'} will donate ${data.bloodGroup ?? ''} blood at ${place(data)} on ${when(data)}.`,
        'When the donation is made, mark the request done.',
      );
    case 'request-done':
      return lines(
        `Request done: ${data.recipientName ?? 'your patient'}`,
        `The request for ${data.recipientName ?? 'your patient'} at ${place(data)} is marked done. Thank you for using RedHope.`,
      );
    case 'request-canceled':
      return lines(
        `Request canceled: ${data.recipientName ?? 'a patient'}`,
        `The request for ${data.recipientName ?? 'a patient'} at ${place(data)} on ${when(data)} was canceled. No donation is needed for it.`,
      );
    case 'donation-done':
      return lines(
        'Thank you for donating blood',
        `Your donation for ${data.recipientName ?? 'a patient'} at ${place(data)} is marked done. Thank you — you helped save a life.`,
        'We will tell you when you can donate again.',
      );
    case 'donation-reminder':
      return lines(
        `Reminder: you donate blood at ${data.donationTime ?? 'the set time'}`,
        `You accepted to donate ${data.bloodGroup ?? ''} blood for ${data.recipientName ?? 'a patient'}.`,
        `Where: ${place(data)}`,
        `When: ${when(data)}`,
      );
    case 'eligible-again':
      return lines(
        'You can donate blood again',
        `From today${data.eligibleOn ? ` (${data.eligibleOn})` : ''} enough time has passed since your last donation: you can give blood again, and you will be matched to requests near you.`,
      );
    case 'request-withdrawn':
      return lines(
        `The donor for ${data.recipientName ?? 'your patient'} can no longer come`,
        `${data.donorName ?? 'The donor'} withdrew from your request at ${place(data)} on ${when(data)}.`,
        ...(data.reason ? [`Their reason: ${data.reason}`] : []),
        '',
        'Your request is open again, and we are asking other matching donors near you.',
      );
    case 'request-expired':
      return lines(
        `Your request for ${data.recipientName ?? 'your patient'} has expired`,
        `The date of your request at ${place(data)} (${when(data)}) has passed, so it is closed.`,
        'If blood is still needed, open the request and press Repost to post it again on a new date.',
      );
    case 'request-confirm-due':
      return lines(
        `Did the donation for ${data.recipientName ?? 'your patient'} happen?`,
        `The date of your request at ${place(data)} (${when(data)}) has passed.`,
        'Please open it and mark it done, or cancel it if the donation did not happen.',
      );
    case 'request-removed':
      return lines(
        `A request was removed: ${data.recipientName ?? 'a patient'}`,
        `The request for ${data.recipientName ?? 'a patient'} at ${place(data)} on ${when(data)} was removed by our volunteers after reports.`,
        ...(data.reason ? [`Reason: ${data.reason}`] : []),
        'No donation is needed for it. Remember: donating blood is free — never pay anyone for it.',
      );
  }
}
