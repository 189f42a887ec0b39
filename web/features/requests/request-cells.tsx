import { useTranslation } from 'react-i18next';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import { cellClass } from '../../components/data-table.tsx';
import { LongText } from '../../components/long-text.tsx';
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

export function BloodGroupCell({ request }: { request: DonationRequestResponse }) {
  return <td className={`${cellClass} font-semibold text-red-700`}>{request.bloodGroup}</td>;
}

/** The status, and under it the donor who accepted the request (in progress or done). */
export function StatusWithDonorCell({ request }: { request: DonationRequestResponse }) {
  return (
    <td className={cellClass}>
      <div className="flex min-w-0 flex-col items-start gap-1.5">
        <StatusBadge status={request.status} />
        {request.confirmationDue && <ConfirmationDueNote />}
        {(request.status === 'inprogress' || request.status === 'done') && (
          <DonorCell name={request.donorName} email={request.donorEmail} />
        )}
      </div>
    </td>
  );
}

/** The donor of a request in progress or done: name and email; nothing otherwise. */
export function DonorCell({ name, email }: { name: string | null; email: string | null }) {
  if (!name && !email) return <span aria-hidden="true">—</span>;
  return (
    <span className="flex w-full min-w-0 flex-col">
      {name && <LongText text={name} lines={2} className="font-medium" />}
      {email && <LongText text={email} lines={2} className="text-gray-600" />}
    </span>
  );
}

/** An in-progress request past its date (issue 14): the requester should say how it ended. */
function ConfirmationDueNote() {
  const { t } = useTranslation();
  return <p className="max-w-48 text-xs text-amber-800">{t('trust.confirmationDue')}</p>;
}
