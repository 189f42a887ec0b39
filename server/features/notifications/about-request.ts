import { todayInDhaka } from '../../../common/dhaka-date.ts';
import type { NotificationData } from '../../../common/notification-response.schema.ts';
import { hasOpenBag } from '../../../common/request-status.rules.ts';
import type { RequestRow } from '../requests/requests.repository.ts';

/** What a notification about a request says, as the request is now. */
export const aboutRequest = (request: RequestRow): NotificationData => ({
  bloodGroup: request.bloodGroup,
  recipientName: request.recipientName,
  hospitalName: request.hospitalName,
  district: request.district,
  donationDate: request.donationDate,
  donationTime: request.donationTime,
});

/** The donation's date and time at the hospital (Dhaka, UTC+6, no daylight saving). */
export const donationInstant = (request: RequestRow) =>
  new Date(`${request.donationDate}T${request.donationTime}:00+06:00`);

/**
 * Whether a request may still alert its donors or remind its donor (issue 25): not removed,
 * not hidden by reports, and not past its date; the caller checks the status it needs.
 */
export const stillWanted = (request: RequestRow, now: Date) =>
  request.removedAt === null &&
  request.reportHiddenAt === null &&
  request.donationDate >= todayInDhaka(now);

/**
 * Whether a request's waves go on (issue 27): pending or in progress with a bag no standing
 * pledge holds, and still wanted. Every bag pledged, or the request closed, stops them; a bag
 * reopened (a withdrawal, a donor who did not come, more bags) resumes them.
 */
export const stillAlerting = (request: RequestRow, now: Date) =>
  hasOpenBag(request) && stillWanted(request, now);
