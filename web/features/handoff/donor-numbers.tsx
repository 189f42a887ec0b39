import { useTranslation } from 'react-i18next';
import type { RequestContactsResponse } from '../../../common/handoff-response.schema.ts';
import { personName } from '../../lib/person-name.ts';
import { CallButtons } from './call-buttons.tsx';

/**
 * The donors of a request's pledges with their numbers and Call/SMS (issue 28): the requester's
 * panel, the My Donation Request row's Contact and staff's audited view all list them alike.
 * `withStatus` names each pledge's state (staff see withdrawn and did-not-come pledges too).
 */
export function DonorNumbers({
  donors,
  emptyText,
  withStatus = false,
}: {
  donors: RequestContactsResponse['donors'];
  emptyText: string;
  withStatus?: boolean;
}) {
  const { t } = useTranslation();
  if (donors.length === 0) return <p className="text-sm text-gray-800">{emptyText}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {donors.map((donor) => (
        <li key={donor.pledgeId} className="flex flex-col gap-1">
          <span className="text-sm font-medium wrap-anywhere text-gray-900">
            {personName(t, donor.donorName)}
            {withStatus && (
              <span className="font-normal text-gray-700">
                {' — '}
                {t(`requests.pledges.status.${donor.status}`)}
              </span>
            )}
          </span>
          {donor.number ? (
            <CallButtons name={personName(t, donor.donorName)} number={donor.number} />
          ) : (
            <span className="text-sm text-gray-700">{t('requests.handoff.noDonorNumber')}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
