import { useTranslation } from 'react-i18next';
import type { PledgeOutcome, PledgeStatus } from '../../../common/constants.ts';
import type {
  DonationRequestResponse,
  PledgeResponse,
} from '../../../common/request-response.schema.ts';
import { smallButton } from '../../components/button-styles.ts';
import { ApiError } from '../../lib/api.ts';
import { confirmDialog, errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { formatInstant } from '../../lib/format-instant.ts';
import { personName } from '../../lib/person-name.ts';
import { useSingleFlightCallback } from '../../lib/single-flight.ts';
import { DonorCell } from './donor-cell.tsx';
import { useRecordPledgeOutcome } from './requests.api.ts';

const pledgeTone: Record<PledgeStatus, string> = {
  pledged: 'bg-blue-50 text-blue-800 ring-blue-200',
  donated: 'bg-green-50 text-green-800 ring-green-200',
  no_show: 'bg-gray-100 text-gray-700 ring-gray-300',
  withdrawn: 'bg-gray-100 text-gray-700 ring-gray-300',
};

const donatedClass = `${smallButton} bg-green-700 text-white hover:bg-green-800`;
const noShowClass = `${smallButton} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`;

/** A pledge's status as a label; the words carry it, the colour repeats it. */
export function PledgeStatusBadge({ status }: { status: PledgeStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${pledgeTone[status]}`}
    >
      {t(`requests.pledges.status.${status}`)}
    </span>
  );
}

/**
 * Issue 27: each donor who said yes, with name and email (the requester and staff see them all;
 * a donor sees their own pledge only, as the server sends it), and, while the request is in
 * progress, Donated / Did not come on each pledge still standing, for those who may mark it.
 */
export function PledgeList({
  request,
  canSettle,
  compact = false,
  onChanged,
}: {
  request: DonationRequestResponse;
  canSettle: boolean;
  /** In a table cell: smaller, no dates. */
  compact?: boolean;
  /** After an outcome was recorded (or refused): the detail page reloads its request. */
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  // Withdrawn and did-not-come pledges after the standing ones: who is coming reads first.
  // A table cell lists who holds a bag; the detail page also who gave one back.
  const shown = compact ? request.pledges.filter((pledge) => !isGone(pledge)) : request.pledges;
  const pledges = [...shown].sort(
    (a, b) => Number(isGone(a)) - Number(isGone(b)) || a.pledgedAt.localeCompare(b.pledgedAt),
  );
  if (pledges.length === 0) {
    return compact ? null : <p className="text-sm text-gray-600">{t('requests.pledges.empty')}</p>;
  }
  return (
    <ul className={compact ? 'flex flex-col gap-2' : 'divide-y divide-gray-100'}>
      {pledges.map((pledge) => (
        <li
          key={pledge.id}
          className={`flex flex-wrap items-start justify-between gap-2 ${compact ? '' : 'py-3'}`}
        >
          <div className="min-w-0">
            {compact ? (
              // As the one-bag donor reads in these tables (DonorCell): cut after two lines.
              <DonorCell name={personName(t, pledge.donorName)} email={pledge.donorEmail} />
            ) : (
              <>
                <p className="font-medium wrap-anywhere text-gray-900">
                  {personName(t, pledge.donorName)}
                </p>
                {pledge.donorEmail && (
                  <p className="text-sm wrap-anywhere text-gray-700">{pledge.donorEmail}</p>
                )}
              </>
            )}
            {pledge.donorDeleted && (
              <p className="text-sm text-gray-600">{t('requests.detail.accountDeleted')}</p>
            )}
            <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-gray-600">
              <PledgeStatusBadge status={pledge.status} />
              {!compact && <span>{formatInstant(pledge.pledgedAt)}</span>}
            </p>
          </div>
          {canSettle && request.status === 'inprogress' && pledge.status === 'pledged' && (
            <PledgeOutcomeButtons requestId={request.id} pledge={pledge} onChanged={onChanged} />
          )}
        </li>
      ))}
    </ul>
  );
}

const isGone = (pledge: PledgeResponse) =>
  pledge.status === 'withdrawn' || pledge.status === 'no_show';

/** Donated / Did not come, each after a confirmation: neither can be undone. */
function PledgeOutcomeButtons({
  requestId,
  pledge,
  onChanged,
}: {
  requestId: string;
  pledge: PledgeResponse;
  onChanged: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const record = useRecordPledgeOutcome();
  const name = personName(t, pledge.donorName);

  // One question at a time: a double click asks once.
  const ask = useSingleFlightCallback(async (outcome: PledgeOutcome) => {
    const confirmed = await confirmDialog(
      outcome === 'donated'
        ? t('requests.pledges.donatedTitle', { name })
        : t('requests.pledges.noShowTitle', { name }),
      outcome === 'donated' ? t('requests.pledges.donatedText') : t('requests.pledges.noShowText'),
      {
        confirm:
          outcome === 'donated'
            ? t('requests.pledges.donatedConfirm')
            : t('requests.pledges.noShowConfirm'),
        cancel: t('requests.pledges.keep'),
      },
    );
    if (!confirmed) return;
    try {
      const { already } = await record.mutateAsync({ id: requestId, pledgeId: pledge.id, outcome });
      const done =
        outcome === 'donated'
          ? t('requests.pledges.donatedDone')
          : t('requests.pledges.noShowDone');
      void toastSuccess(already ? t('requests.pledges.alreadyDone') : done, 2000);
    } catch (error) {
      void errorDialog(
        t('errors.title'),
        error instanceof ApiError ? error.message : t('errors.generic'),
      );
    }
    onChanged?.();
  });

  return (
    <fieldset
      className="flex shrink-0 flex-wrap gap-1.5"
      aria-label={t('requests.pledges.actionsFor', { name })}
      aria-busy={record.isPending || undefined}
    >
      <button
        type="button"
        className={donatedClass}
        disabled={record.isPending}
        onClick={() => void ask('donated')}
      >
        {t('requests.pledges.donated')}
      </button>
      <button
        type="button"
        className={noShowClass}
        disabled={record.isPending}
        onClick={() => void ask('no_show')}
      >
        {t('requests.pledges.noShow')}
      </button>
    </fieldset>
  );
}
