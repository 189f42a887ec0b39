import { useTranslation } from 'react-i18next';
import { cellClass } from '../../components/data-table.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { formatNumber } from '../../lib/i18n.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useSession } from '../auth/session.api.ts';
import {
  BloodGroupCell,
  DateTimeCell,
  RecipientCell,
  StatusWithDonorCell,
  TextCell,
} from './request-cells.tsx';
import { joinPlace } from './request-format.ts';
import { RequestListSection, useRequestListParams } from './request-list.tsx';
import { RequestRowActions } from './request-row-actions.tsx';
import { useAllRequests } from './requests.api.ts';

/**
 * /dashboard/all-donation-requests (SPEC §2 All Donation Request): admins and volunteers, as the
 * route's role guard makes sure.
 */
export function AllRequestsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const list = useRequestListParams();
  const requests = useAllRequests(list.status, list.need, list.page);
  usePageTitle(t('requests.all.title'));

  if (!user) return <Spinner className="py-20" />;
  const isAdmin = user.role === 'admin';
  const columns = [
    t('requests.fields.number'),
    t('requests.fields.recipientName'),
    t('requests.fields.location'),
    t('requests.fields.dateTime'),
    t('requests.fields.hospital'),
    t('requests.fields.bloodGroup'),
    t('requests.fields.status'),
    t('requests.fields.action'),
  ];

  return (
    <RequestListSection
      title={t('requests.all.title')}
      list={list}
      requests={requests}
      emptyText={list.filtered ? t('requests.all.emptyFiltered') : t('requests.all.empty')}
      columns={columns}
      row={(request, number) => (
        <tr key={request.id}>
          <td className={cellClass}>{formatNumber(number)}</td>
          <RecipientCell request={request} />
          <td className={cellClass}>{joinPlace(request.division, request.district)}</td>
          <DateTimeCell request={request} />
          <TextCell text={request.hospitalName} />
          <BloodGroupCell request={request} />
          <StatusWithDonorCell request={request} />
          <td className={cellClass}>
            <RequestRowActions
              request={request}
              canEdit={false}
              canDelete={isAdmin}
              showDisabledDelete
              cancelStatus="canceled"
            />
          </td>
        </tr>
      )}
    />
  );
}
