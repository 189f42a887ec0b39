import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS } from '../../../common/trust.constants.ts';
import { primaryButton, secondaryButton } from '../../components/button-styles.ts';
import { inputClass, labelClass } from '../../components/form-field.tsx';
import { Pagination, pageCount } from '../../components/pagination.tsx';
import { EmptyState, QueryState } from '../../components/query-state.tsx';
import { knownStatus } from '../../components/status-filter.tsx';
import { formatInstant as when } from '../../lib/format-instant.ts';
import { personName } from '../../lib/person-name.ts';
import { useClampPage, useListState } from '../../lib/use-list-state.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { AUDIT_PAGE_SIZE, useAuditLog } from './audit.api.ts';

const FILTERS = ['actor', 'action'] as const;

/** /dashboard/audit-log (admin): staff actions, newest first, by actor and action (issue 14). */
export function AuditLogPage() {
  const { t } = useTranslation();
  const id = useId();
  const { page, filters, setPage, setFilters } = useListState(FILTERS);
  const action = knownStatus(AUDIT_ACTIONS, filters.action);
  const log = useAuditLog({ actor: filters.actor, action }, page);
  const [actorInput, setActorInput] = useState(filters.actor);
  useEffect(() => setActorInput(filters.actor), [filters.actor]);
  useClampPage(page, log.data?.total, AUDIT_PAGE_SIZE, setPage);
  usePageTitle(t('trust.audit.title'));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ actor: actorInput.trim().toLowerCase() });
  };

  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{t('trust.audit.title')}</h1>
        <p className="mt-1 text-gray-600">{t('trust.audit.intro')}</p>
      </div>
      <form className="flex flex-wrap items-end gap-3" onSubmit={apply}>
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={`${id}-actor`} className={labelClass}>
            {t('trust.audit.actor')}
          </label>
          <input
            id={`${id}-actor`}
            type="email"
            value={actorInput}
            onChange={(event) => setActorInput(event.target.value)}
            className={inputClass}
          />
        </div>
        <div className="min-w-0 basis-48">
          <label htmlFor={`${id}-action`} className={labelClass}>
            {t('trust.audit.action')}
          </label>
          <select
            id={`${id}-action`}
            value={action}
            onChange={(event) => setFilters({ action: event.target.value })}
            className={inputClass}
          >
            <option value="">{t('trust.audit.allActions')}</option>
            {AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {t(`trust.audit.actions.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={primaryButton}>
          {t('trust.audit.apply')}
        </button>
        {(filters.actor || action) && (
          <button
            type="button"
            className={secondaryButton}
            onClick={() => setFilters({ actor: '', action: '' })}
          >
            {t('trust.audit.clear')}
          </button>
        )}
      </form>
      <QueryState
        query={log}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState>{t('trust.audit.empty')}</EmptyState>}
        spinnerClassName="py-20"
      >
        {(data) => (
          <>
            <ol
              className={`space-y-2 ${log.isPlaceholderData ? 'opacity-60' : ''}`}
              aria-busy={log.isPlaceholderData || undefined}
            >
              {data.items.map((entry) => (
                <li
                  key={entry.id}
                  className="rounded-xl border border-gray-200 bg-white p-3 text-sm shadow-sm"
                >
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <p className="font-semibold text-gray-900">
                      {t(`trust.audit.actions.${entry.action}`)}
                    </p>
                    <time dateTime={entry.at} className="text-xs text-gray-500">
                      {when(entry.at)}
                    </time>
                  </div>
                  <p className="wrap-anywhere text-gray-800">
                    {t('trust.audit.target')}: {personName(t, entry.targetLabel)}
                  </p>
                  {entry.detail && (
                    <p className="wrap-anywhere text-gray-700">
                      {t('trust.audit.detail')}: {entry.detail}
                    </p>
                  )}
                  <p className="text-xs wrap-anywhere text-gray-600">
                    {t('trust.audit.who')}: {personName(t, entry.actorName)} · {entry.actorEmail} ·{' '}
                    {t(`trust.audit.roles.${entry.actorRole}`)}
                  </p>
                </li>
              ))}
            </ol>
            <Pagination
              page={page}
              pages={pageCount(data.total, AUDIT_PAGE_SIZE)}
              onPageChange={setPage}
              disabled={log.isPlaceholderData}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
