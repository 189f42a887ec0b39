import { useTranslation } from 'react-i18next';
import { cellClass } from '../../components/data-table.tsx';
import { placeName } from '../../lib/i18n.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useSession } from '../auth/session.api.ts';
import { RowContact } from '../handoff/row-contact.tsx';
import { BloodGroupCell, RecipientCell, StatusWithDonorCell, TextCell } from './request-cells.tsx';
import { formatDonationDate, formatDonationTime } from './request-format.ts';
import { RequestListSection, useRequestListParams } from './request-list.tsx';
import { RequestRowActions } from './request-row-actions.tsx';
import { useMyRequests } from './requests.api.ts';

/** /dashboard/my-donation-requests (SPEC §2 My Donation Request). */
export function MyRequestsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const list = useRequestListParams();
  const requests = useMyRequests(user?.email ?? '', list.status, list.need, list.page);
  usePageTitle(t('requests.mine.title'));

  // SPEC §2 names these columns (no row number, unlike the other request tables); the donor's
  // name and email show under the status, as in the other request tables.
  const columns = [
    t('requests.fields.recipientName'),
    t('requests.fields.division'),
    t('requests.fields.district'),
    t('requests.fields.donationDate'),
    t('requests.fields.donationTime'),
    t('requests.fields.hospitalName'),
    t('requests.fields.bloodGroup'),
    t('requests.fields.status'),
    t('requests.fields.action'),
  ];

  return (
    <RequestListSection
      title={t('requests.mine.title')}
      list={list}
      requests={requests}
      emptyText={list.filtered ? t('requests.mine.emptyFiltered') : t('requests.mine.empty')}
      columns={columns}
      row={(request) => (
        <tr key={request.id}>
          <RecipientCell request={request} />
          <td className={cellClass}>{placeName(request.division)}</td>
          <td className={cellClass}>{placeName(request.district)}</td>
          <td className={`${cellClass} whitespace-nowrap`}>
            {formatDonationDate(request.donationDate)}
          </td>
          <td className={`${cellClass} whitespace-nowrap`}>
            {formatDonationTime(request.donationTime)}
          </td>
          <TextCell text={request.hospitalName} />
          <BloodGroupCell request={request} />
          <StatusWithDonorCell request={request} />
          <td className={cellClass}>
            <RequestRowActions request={request} canEdit canDelete>
              {/* Issue 28: the pledged donors' numbers, asked for only on a press. */}
              <RowContact request={request} />
            </RequestRowActions>
          </td>
        </tr>
      )}
    />
  );
}
