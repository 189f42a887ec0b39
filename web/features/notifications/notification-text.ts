import type { NotificationResponse } from '../../../common/notification-response.schema.ts';
import { i18n, placeName } from '../../lib/i18n.ts';
import { personName } from '../../lib/person-name.ts';
import { formatDonationDate, formatDonationTime } from '../requests/request-format.ts';

/** A notification's one line, in the viewer's language, from what it is about. */
export function notificationText(notification: NotificationResponse): string {
  const { data } = notification;
  const values = {
    group: data.bloodGroup ?? '',
    recipient: data.recipientName ?? '',
    hospital: data.hospitalName ?? '',
    district: placeName(data.district) ?? '',
    date: data.donationDate ? formatDonationDate(data.donationDate) : '',
    time: data.donationTime ? formatDonationTime(data.donationTime) : '',
    donor: data.donorName ? personName(i18n.t, data.donorName) : '',
    eligibleOn: data.eligibleOn ? formatDonationDate(data.eligibleOn) : '',
    reason: data.reason ?? '',
  };
  switch (notification.kind) {
    case 'match-alert':
      return i18n.t('notifications.kinds.matchAlert', values);
    case 'request-accepted':
      return i18n.t('notifications.kinds.requestAccepted', values);
    case 'request-done':
      return i18n.t('notifications.kinds.requestDone', values);
    case 'request-canceled':
      return i18n.t('notifications.kinds.requestCanceled', values);
    case 'donation-done':
      return i18n.t('notifications.kinds.donationDone', values);
    case 'donation-reminder':
      return i18n.t('notifications.kinds.donationReminder', values);
    case 'eligible-again':
      return i18n.t('notifications.kinds.eligibleAgain', values);
    case 'request-withdrawn':
      return i18n.t('notifications.kinds.requestWithdrawn', values);
    case 'request-expired':
      return i18n.t('notifications.kinds.requestExpired', values);
    case 'request-confirm-due':
      return i18n.t('notifications.kinds.requestConfirmDue', values);
    case 'request-removed':
      return i18n.t('notifications.kinds.requestRemoved', values);
    case 'request-under-review':
      return i18n.t('notifications.kinds.requestUnderReview', values);
    case 'report-review':
      return i18n.t('notifications.kinds.reportReview', values);
  }
}

/** An alert whose request is no longer open says so (someone accepted, or it ended). */
export const isClosedAlert = (notification: NotificationResponse) =>
  notification.kind === 'match-alert' && notification.requestStatus !== 'pending';
