import { useTranslation } from 'react-i18next';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import { cellClass } from '../../components/data-table.tsx';
import { LongText } from '../../components/long-text.tsx';
import { personName } from '../../lib/person-name.ts';
import { DonorCell } from './donor-cell.tsx';
import { PledgeList } from './pledge-list.tsx';
import { BagsProgress, showsBags, UrgencyBadge } from './request-badges.tsx';
import { formatDonationDate, formatDonationTime } from './request-format.ts';
import { StatusBadge } from './status-badge.tsx';

// The cells that read the same in every request table, so a request looks alike in each.
// Free text (names, emails, hospitals) is cut after a few lines: the detail page shows it all.

/** The row's header: who the blood is for. */
export function RecipientCell({ request }: { request: DonationRequestResponse }) {
  return (
    <th scope="row" className={`${cellClass} font-medium`}>
      <LongText text={request.recipientName} lines={3} />
    </th>
  );
}

/** A cell of text someone typed, e.g. the hospital's name. */
export function TextCell({ text }: { text: string }) {
  return (
    <td className={cellClass}>
      <LongText text={text} lines={3} />
    </td>
  );
}

/** Date and time in one cell, the time on a line of its own. */
export function DateTimeCell({ request }: { request: DonationRequestResponse }) {
  return (
    <td className={cellClass}>
      <span className="block whitespace-nowrap">{formatDonationDate(request.donationDate)}</span>
      <span className="block whitespace-nowrap text-gray-600">
        {formatDonationTime(request.donationTime)}
      </span>
    </td>
  );
}

/** The blood group, and under it the component asked for (issue 27). */
export function BloodGroupCell({ request }: { request: DonationRequestResponse }) {
  const { t } = useTranslation();
  return (
    <td className={cellClass}>
      <span className="block font-semibold text-red-700">{request.bloodGroup}</span>
      {/* May wrap ("Whole / blood"): the tables must fit at 1280 px with long names (a11y.spec). */}
      <span className="block text-sm text-gray-700">
        {t(`requests.component.${request.component}`)}
      </span>
    </td>
  );
}

/**
 * The status and urgency, and under them who said yes: for a one-bag request its donor (in
 * progress or done) as SPEC §2 draws it; for several bags "2 of 4 donors found" and each pledged
 * donor with Donated / Did not come (these tables are the requester's and staff's, issue 27).
 */
export function StatusWithDonorCell({ request }: { request: DonationRequestResponse }) {
  return (
    <td className={cellClass}>
      <div className="flex min-w-0 flex-col items-start gap-1.5">
        <RequestStatus request={request} />
        <RequestDonors request={request} />
      </div>
    </td>
  );
}

/** The status, urgency and bags found, for a table that shows the donors in their own column. */
export function StatusCell({ request }: { request: DonationRequestResponse }) {
  return (
    <td className={cellClass}>
      <div className="flex min-w-0 flex-col items-start gap-1.5">
        <RequestStatus request={request} />
      </div>
    </td>
  );
}

/**
 * SPEC §2's donor name and email as a column of their own (issue 30 item 16, My Donation
 * Request): the one donor of a one-bag request, or each donor still pledged to a bag of a larger
 * one with Donated / Did not come; a dash while no one has said yes.
 */
export function DonorsCell({ request }: { request: DonationRequestResponse }) {
  return (
    <td className={cellClass}>
      {hasDonor(request) ? <RequestDonors request={request} /> : <span aria-hidden="true">—</span>}
    </td>
  );
}

/** Someone holds (or gave) a bag of the request: what RequestDonors shows is not empty. */
const hasDonor = (request: DonationRequestResponse) =>
  showsBags(request)
    ? request.pledges.some((pledge) => pledge.status === 'pledged' || pledge.status === 'donated')
    : request.status === 'inprogress' || request.status === 'done';

function RequestStatus({ request }: { request: DonationRequestResponse }) {
  const { t } = useTranslation();
  return (
    <>
      {/* One above the other: side by side they widened the column past what fits. */}
      <span className="flex flex-col items-start gap-1">
        <StatusBadge status={request.status} />
        <UrgencyBadge
          urgency={request.urgency}
          label={t(`requests.urgency.${request.urgency}`)}
          fieldLabel={t('requests.fields.urgency')}
        />
      </span>
      {request.confirmationDue && <ConfirmationDueNote />}
      {showsBags(request) && (
        <BagsProgress
          request={request}
          text={t('requests.found', { found: request.bagsPledged, bags: request.bags })}
        />
      )}
    </>
  );
}

/** Who said yes: each pledged donor of a request of several bags, or the one-bag donor. */
function RequestDonors({ request }: { request: DonationRequestResponse }) {
  const { t } = useTranslation();
  if (showsBags(request)) return <PledgeList request={request} canSettle compact />;
  if (request.status !== 'inprogress' && request.status !== 'done') return null;
  return <DonorCell name={personName(t, request.donorName)} email={request.donorEmail} />;
}

/** An in-progress request past its date (issue 14): the requester should say how it ended. */
function ConfirmationDueNote() {
  const { t } = useTranslation();
  return <p className="max-w-48 text-xs text-amber-800">{t('trust.confirmationDue')}</p>;
}
