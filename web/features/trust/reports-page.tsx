import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REPORT_WEIGHT_TO_HIDE } from '../../../common/report-weight.rules.ts';
import type { ReportedRequestResponse } from '../../../common/trust-response.schema.ts';
import { secondaryButton, smallButton } from '../../components/button-styles.ts';
import { Pagination, pageCount } from '../../components/pagination.tsx';
import { EmptyState, QueryState } from '../../components/query-state.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { formatInstant as when } from '../../lib/format-instant.ts';
import { formatNumber, placeName } from '../../lib/i18n.ts';
import { personName } from '../../lib/person-name.ts';
import { useClampPage, useListState } from '../../lib/use-list-state.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { QUEUE_PAGE_SIZE, useRemoveRequest } from '../requests/lifecycle.api.ts';
import { ReasonDialog } from '../requests/reason-dialog.tsx';
import { formatDonationDate } from '../requests/request-format.ts';
import { StatusBadge } from '../requests/status-badge.tsx';
import { VerifiedBadge } from '../requests/verified-badge.tsx';
import { WithdrawalsSection } from '../requests/withdrawals-section.tsx';
import {
  useDismissReport,
  useReportedRequests,
  useRequestReports,
  useVerifyRequest,
} from './trust.api.ts';

const NO_FILTERS = [] as const;

const failWith = (t: (key: 'errors.title' | 'errors.generic') => string) => (error: unknown) =>
  void errorDialog(
    t('errors.title'),
    error instanceof ApiError ? error.message : t('errors.generic'),
  );

/** /dashboard/reports (staff): the queue of reported requests, then donors' withdrawals. */
export function ReportsPage() {
  const { t } = useTranslation();
  const { page, setPage } = useListState(NO_FILTERS);
  const queue = useReportedRequests(page);
  useClampPage(page, queue.data?.total, QUEUE_PAGE_SIZE, setPage);
  usePageTitle(t('trust.queue.title'));

  return (
    <div className="space-y-10">
      <section className="space-y-4" aria-labelledby="queue-title">
        <div>
          <h1 id="queue-title" className="text-2xl font-bold text-gray-900 sm:text-3xl">
            {t('trust.queue.title')}
          </h1>
          <p className="mt-1 text-gray-600">
            {t('trust.queue.intro', { threshold: formatNumber(REPORT_WEIGHT_TO_HIDE) })}
          </p>
        </div>
        <QueryState
          query={queue}
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState>{t('trust.queue.empty')}</EmptyState>}
          spinnerClassName="py-20"
        >
          {(data) => (
            <>
              <ul
                className={`space-y-3 ${queue.isPlaceholderData ? 'opacity-60' : ''}`}
                aria-busy={queue.isPlaceholderData || undefined}
              >
                {data.items.map((item) => (
                  <li key={item.id}>
                    <ReportedRequestCard item={item} />
                  </li>
                ))}
              </ul>
              <Pagination
                page={page}
                pages={pageCount(data.total, QUEUE_PAGE_SIZE)}
                onPageChange={setPage}
                disabled={queue.isPlaceholderData}
              />
            </>
          )}
        </QueryState>
      </section>
      <WithdrawalsSection />
    </div>
  );
}

function ReportedRequestCard({ item }: { item: ReportedRequestResponse }) {
  const { t } = useTranslation();
  const [showReports, setShowReports] = useState(false);
  const [removing, setRemoving] = useState(false);
  const verify = useVerifyRequest();
  const remove = useRemoveRequest();
  const fail = failWith(t);
  const reportsId = `reports-${item.id}`;

  return (
    <article className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold wrap-anywhere text-gray-900">
            {item.recipientName} · {item.bloodGroup}
          </h2>
          <p className="text-sm wrap-anywhere text-gray-600">
            {item.hospitalName}, {placeName(item.district)} ·{' '}
            {formatDonationDate(item.donationDate)}
          </p>
          <p className="text-sm wrap-anywhere text-gray-600">
            {personName(t, item.requesterName)}
            {item.requesterEmail ? ` · ${item.requesterEmail}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={item.status} />
          {item.verified && <VerifiedBadge />}
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
              item.hidden ? 'bg-red-100 text-red-800' : 'bg-gray-100 text-gray-700'
            }`}
          >
            {t('trust.queue.visibility')}:{' '}
            {item.hidden ? t('trust.queue.hidden') : t('trust.queue.shown')}
          </span>
          <span className="text-xs text-gray-600">
            {t('trust.queue.reports')}: <strong>{formatNumber(item.openReports)}</strong>
          </span>
          <span className="text-xs text-gray-600">
            {t('trust.queue.weight', {
              weight: formatNumber(item.reportWeight),
              threshold: formatNumber(REPORT_WEIGHT_TO_HIDE),
            })}
          </span>
        </div>
      </div>
      <fieldset
        className="mt-3 flex flex-wrap gap-2"
        aria-label={t('requests.actions.label', { name: item.recipientName })}
      >
        <Link
          to={`/blood-donation-request/${item.id}`}
          className={`${smallButton} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
        >
          {t('requests.actions.view')}
        </Link>
        <button
          type="button"
          className={`${smallButton} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
          aria-expanded={showReports}
          aria-controls={reportsId}
          onClick={() => setShowReports((open) => !open)}
        >
          {showReports ? t('trust.queue.hideReports') : t('trust.queue.showReports')}
        </button>
        {item.status === 'pending' && !item.verified && (
          <button
            type="button"
            className={`${smallButton} bg-emerald-700 text-white hover:bg-emerald-800`}
            disabled={verify.isPending}
            onClick={() =>
              verify.mutate(item.id, {
                onSuccess: () => void toastSuccess(t('trust.actions.verifiedToast')),
                onError: fail,
              })
            }
          >
            {verify.isPending ? t('trust.actions.verifying') : t('trust.actions.verify')}
          </button>
        )}
        {['pending', 'inprogress', 'expired'].includes(item.status) && (
          <button
            type="button"
            className={`${smallButton} bg-red-600 text-white hover:bg-red-700`}
            onClick={() => setRemoving(true)}
          >
            {t('trust.actions.remove')}
          </button>
        )}
      </fieldset>
      {showReports && (
        <div id={reportsId} className="mt-3">
          <ReportsOfRequest requestId={item.id} name={item.recipientName} />
        </div>
      )}
      <ReasonDialog
        open={removing}
        onClose={() => setRemoving(false)}
        title={t('trust.remove.title')}
        intro={t('trust.remove.intro')}
        labels={{
          reason: t('trust.remove.reason'),
          submit: t('trust.remove.submit'),
          sending: t('trust.remove.sending'),
          cancel: t('trust.remove.cancel'),
        }}
        requiredMessage={t('trust.remove.reasonRequired')}
        busy={remove.isPending}
        onSubmit={(reason) =>
          remove.mutate(
            { id: item.id, reason },
            {
              onSuccess: () => {
                setRemoving(false);
                void toastSuccess(t('trust.remove.done'));
              },
              onError: (error) => {
                setRemoving(false);
                fail(error);
              },
            },
          )
        }
      />
    </article>
  );
}

function ReportsOfRequest({ requestId, name }: { requestId: string; name: string }) {
  const { t } = useTranslation();
  const reports = useRequestReports(requestId, true);
  const dismiss = useDismissReport();
  const fail = failWith(t);

  return (
    <QueryState
      query={reports}
      isEmpty={(data) => data.length === 0}
      empty={<EmptyState>{t('trust.queue.empty')}</EmptyState>}
      spinnerClassName="py-4"
    >
      {(data) => (
        <ul className="space-y-2" aria-label={t('trust.queue.reportsOf', { name })}>
          {data.map((report) => (
            <li key={report.id} className="rounded-lg bg-gray-50 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium text-gray-900">
                  {t(`trust.report.reasons.${report.reason}`)}
                  <span className="ml-2 text-xs font-normal text-gray-600">
                    {t(`trust.queue.reportStatus.${report.status}`)}
                  </span>
                </p>
                {report.status === 'open' && (
                  <button
                    type="button"
                    className={`${smallButton} ${secondaryButton}`}
                    disabled={dismiss.isPending}
                    onClick={() =>
                      dismiss.mutate(report.id, {
                        onSuccess: () => void toastSuccess(t('trust.queue.dismissed')),
                        onError: fail,
                      })
                    }
                  >
                    {t('trust.queue.dismiss')}
                  </button>
                )}
              </div>
              {report.note && (
                <p className="mt-1 wrap-anywhere whitespace-pre-line text-gray-800">
                  {report.note}
                </p>
              )}
              <p className="mt-1 text-xs wrap-anywhere text-gray-600">
                {personName(t, report.reporterName) ?? t('trust.queue.deletedAccount')}
                {report.reporterEmail ? ` · ${report.reporterEmail}` : ''} ·{' '}
                {when(report.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
