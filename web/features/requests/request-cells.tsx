import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import { formatDonationDate, formatDonationTime } from './request-format.ts';
import { StatusBadge } from './status-badge.tsx';
import { cellClass, DonorCell } from './table.tsx';

// The cells that read the same in every request table, so a request looks alike in each.

/** The row's header: who the blood is for. */
export function RecipientCell({ request }: { request: DonationRequestResponse }) {
  return (
    <th scope="row" className={`${cellClass} font-medium`}>
      {request.recipientName}
    </th>
  );
}

/** Date and time in one cell, the time on a line of its own. */
export function DateTimeCell({ request }: { request: DonationRequestResponse }) {
  return (
    <td className={`${cellClass} whitespace-nowrap`}>
      {formatDonationDate(request.donationDate)}
      <span className="block text-gray-600">{formatDonationTime(request.donationTime)}</span>
    </td>
  );
}

export function BloodGroupCell({ request }: { request: DonationRequestResponse }) {
  return <td className={`${cellClass} font-semibold text-red-700`}>{request.bloodGroup}</td>;
}

/** The status, and under it the donor who accepted the request while it is in progress. */
export function StatusWithDonorCell({ request }: { request: DonationRequestResponse }) {
  return (
    <td className={cellClass}>
      <div className="flex flex-col items-start gap-1.5">
        <StatusBadge status={request.status} />
        {request.status === 'inprogress' && (
          <DonorCell name={request.donorName} email={request.donorEmail} />
        )}
      </div>
    </td>
  );
}
