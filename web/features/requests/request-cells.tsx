import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import { cellClass } from '../../components/data-table.tsx';
import { formatDonationDate, formatDonationTime } from './request-format.ts';
import { StatusBadge } from './status-badge.tsx';

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

/** The donor of a request in progress or done: name and email; nothing otherwise. */
export function DonorCell({ name, email }: { name: string | null; email: string | null }) {
  if (!name && !email) return <span aria-hidden="true">—</span>;
  return (
    <span className="flex flex-col">
      <span className="font-medium whitespace-nowrap">{name}</span>
      <span className="whitespace-nowrap text-gray-600">{email}</span>
    </span>
  );
}
