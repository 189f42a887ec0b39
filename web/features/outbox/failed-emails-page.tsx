import { useTranslation } from 'react-i18next';
import type { FailedMessageResponse } from '../../../common/outbox-response.schema.ts';
import { secondaryButton } from '../../components/button-styles.ts';
import { Pagination, pageCount } from '../../components/pagination.tsx';
import { EmptyState, QueryState } from '../../components/query-state.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { formatInstant as when } from '../../lib/format-instant.ts';
import { formatNumber } from '../../lib/i18n.ts';
import { useClampPage, useListState } from '../../lib/use-list-state.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { FAILED_EMAILS_PAGE_SIZE, useFailedEmails, useResendEmail } from './outbox.api.ts';
import { SmsBudget } from './sms-budget.tsx';

const NO_FILTERS = [] as const;

/**
 * /dashboard/failed-emails (admin, issue 25): emails the outbox gave up on after retrying them
 * through a mail server's outage (a day; a reset link for its life), each with Resend.
 */
export function FailedEmailsPage() {
  const { t } = useTranslation();
  const { page, setPage } = useListState(NO_FILTERS);
  const emails = useFailedEmails(page);
  useClampPage(page, emails.data?.total, FAILED_EMAILS_PAGE_SIZE, setPage);
  usePageTitle(t('outbox.title'));

  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{t('outbox.title')}</h1>
        <p className="mt-1 text-gray-600">{t('outbox.intro')}</p>
      </div>
      {/* Issue 28: today's SMS against the daily budget. */}
      <SmsBudget />
      <QueryState
        query={emails}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState>{t('outbox.empty')}</EmptyState>}
        spinnerClassName="py-20"
      >
        {(data) => (
          <>
            <ul
              className={`space-y-3 ${emails.isPlaceholderData ? 'opacity-60' : ''}`}
              aria-busy={emails.isPlaceholderData || undefined}
            >
              {data.items.map((email) => (
                <FailedEmail key={email.id} email={email} />
              ))}
            </ul>
            <Pagination
              page={page}
              pages={pageCount(data.total, FAILED_EMAILS_PAGE_SIZE)}
              onPageChange={setPage}
              disabled={emails.isPlaceholderData}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}

function FailedEmail({ email }: { email: FailedMessageResponse }) {
  const { t } = useTranslation();
  const resend = useResendEmail();
  const subject = email.subject ?? t('outbox.passwordReset');

  const onResend = () =>
    resend.mutate(email.id, {
      onSuccess: () => void toastSuccess(t('outbox.resent')),
      onError: (error) => {
        // Already resent (by another admin, or a double click): what was asked has happened.
        if (error instanceof ApiError && error.status === 404) {
          void toastSuccess(t('outbox.resent'));
          return;
        }
        void errorDialog(
          t('errors.title'),
          error instanceof ApiError ? error.message : t('errors.generic'),
        );
      },
    });

  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4 text-sm shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold wrap-anywhere text-gray-900">{subject}</h2>
          <p className="wrap-anywhere text-gray-600">
            {t('outbox.to')}: {email.to}
          </p>
        </div>
        <button
          type="button"
          className={secondaryButton}
          onClick={onResend}
          disabled={resend.isPending}
        >
          {t('outbox.resend')}
          <span className="sr-only"> {t('outbox.resendTo', { to: email.to })}</span>
        </button>
      </div>
      <p className="mt-2 text-xs text-gray-600">
        {t('outbox.failedAt', { date: when(email.failedAt) })} ·{' '}
        {t('outbox.written', { date: when(email.createdAt) })} ·{' '}
        {t('outbox.attempts', { count: email.attempts, formatted: formatNumber(email.attempts) })}
      </p>
      {email.lastError && (
        <p className="mt-1 text-xs wrap-anywhere text-gray-600">
          {t('outbox.lastError')}: {email.lastError}
        </p>
      )}
    </li>
  );
}
