import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_STATUSES, type ContactStatus } from '../../../common/constants.ts';
import type { ContactMessageResponse } from '../../../common/contact-response.schema.ts';
import { primaryButton, secondaryButton } from '../../components/button-styles.ts';
import { Modal } from '../../components/modal.tsx';
import { Pagination, pageCount } from '../../components/pagination.tsx';
import { EmptyState, QueryState } from '../../components/query-state.tsx';
import { knownStatus, StatusFilter } from '../../components/status-filter.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { formatInstant } from '../../lib/format-instant.ts';
import { personName } from '../../lib/person-name.ts';
import { useClampPage, useListState } from '../../lib/use-list-state.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import {
  INBOX_PAGE_SIZE,
  useChangeContactStatus,
  useContactMessages,
} from './contact-inbox.api.ts';

const STATUS_FILTER = ['status'] as const;

const when = formatInstant;

function StatusBadge({ status }: { status: ContactStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${
        status === 'new' ? 'bg-red-100 text-red-800' : 'bg-green-100 text-green-800'
      }`}
    >
      {t(`inbox.status.${status}`)}
    </span>
  );
}

/** /dashboard/contact-messages: the admins' inbox of Get in Touch messages, newest first. */
export function ContactInboxPage() {
  const { t } = useTranslation();
  const { page, filters, setPage, setFilters } = useListState(STATUS_FILTER);
  const status = knownStatus(CONTACT_STATUSES, filters.status);
  const messages = useContactMessages(status, page);
  const [open, setOpen] = useState<ContactMessageResponse | null>(null);
  useClampPage(page, messages.data?.total, INBOX_PAGE_SIZE, setPage);
  usePageTitle(t('inbox.title'));

  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{t('inbox.title')}</h1>
        <p className="mt-1 text-gray-600">{t('inbox.intro')}</p>
      </div>
      <StatusFilter
        label={t('inbox.filterLabel')}
        allLabel={t('inbox.all')}
        statuses={CONTACT_STATUSES}
        labelOf={(value) => t(`inbox.status.${value}`)}
        value={status}
        onChange={(next) => setFilters({ status: next })}
      />
      <QueryState
        query={messages}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState>{status ? t('inbox.emptyFiltered') : t('inbox.empty')}</EmptyState>}
        spinnerClassName="py-20"
      >
        {(data) => (
          <>
            <ul
              className={`space-y-3 ${messages.isPlaceholderData ? 'opacity-60' : ''}`}
              aria-busy={messages.isPlaceholderData || undefined}
            >
              {data.items.map((message) => (
                <li
                  key={message.id}
                  className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h2 className="font-semibold wrap-anywhere text-gray-900">{message.name}</h2>
                      <p className="text-sm wrap-anywhere text-gray-600">{message.email}</p>
                    </div>
                    <div className="flex items-center gap-2">
                      <StatusBadge status={message.status} />
                      <span className="text-xs text-gray-500">
                        {t('inbox.received', { date: when(message.createdAt) })}
                      </span>
                    </div>
                  </div>
                  <p
                    className="mt-2 line-clamp-2 wrap-anywhere whitespace-pre-line text-gray-800"
                    title={message.message}
                  >
                    {message.message}
                  </p>
                  <button
                    type="button"
                    className={`${secondaryButton} mt-3`}
                    onClick={() => setOpen(message)}
                  >
                    {t('inbox.open')}
                    <span className="sr-only"> {t('inbox.openFor', { name: message.name })}</span>
                  </button>
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pages={pageCount(data.total, INBOX_PAGE_SIZE)}
              onPageChange={setPage}
              disabled={messages.isPlaceholderData}
            />
          </>
        )}
      </QueryState>
      <ContactMessageDialog message={open} onClose={() => setOpen(null)} />
    </section>
  );
}

/** One message in full, with Mark handled (or Mark as new once handled). */
function ContactMessageDialog({
  message,
  onClose,
}: {
  message: ContactMessageResponse | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={message !== null} onClose={onClose} title={t('inbox.message')} wide>
      {message && <MessageBody message={message} onClose={onClose} />}
    </Modal>
  );
}

function MessageBody({
  message,
  onClose,
}: {
  message: ContactMessageResponse;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const change = useChangeContactStatus();
  const next: ContactStatus = message.status === 'new' ? 'handled' : 'new';

  const mark = () =>
    change.mutate(
      { id: message.id, status: next },
      {
        onSuccess: () => {
          onClose();
          void toastSuccess(next === 'handled' ? t('inbox.markedHandled') : t('inbox.markedNew'));
        },
        onError: (error) =>
          errorDialog(
            t('errors.title'),
            error instanceof ApiError ? error.message : t('errors.generic'),
          ),
      },
    );

  const rows: [string, ReactNode][] = [
    [t('inbox.from'), message.name],
    [
      t('inbox.email'),
      <a key="email" href={`mailto:${message.email}`} className="text-red-700 underline">
        {message.email}
      </a>,
    ],
    [
      t('inbox.phone'),
      <a
        key="phone"
        href={`tel:${message.phone.replace(/[^0-9+]/g, '')}`}
        className="text-red-700 underline"
      >
        {message.phone}
      </a>,
    ],
  ];

  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-gray-500">{label}</dt>
            <dd className="wrap-anywhere text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-gray-500">
        <StatusBadge status={message.status} />
        {t('inbox.received', { date: when(message.createdAt) })}
      </p>
      {message.handledAt && message.handledBy && (
        <p className="mt-1 text-xs text-gray-500">
          {t('inbox.handledBy', {
            name: personName(t, message.handledBy),
            date: when(message.handledAt),
          })}
        </p>
      )}
      <p className="mt-4 max-h-80 overflow-y-auto rounded-lg bg-gray-50 p-4 wrap-anywhere whitespace-pre-line text-gray-900">
        {message.message}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className={secondaryButton} onClick={onClose} data-autofocus>
          {t('inbox.close')}
        </button>
        <button type="button" className={primaryButton} disabled={change.isPending} onClick={mark}>
          {change.isPending
            ? t('inbox.saving')
            : next === 'handled'
              ? t('inbox.markHandled')
              : t('inbox.markNew')}
        </button>
      </div>
    </>
  );
}
