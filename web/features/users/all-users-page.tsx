import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, USER_STATUSES } from '../../../common/constants.ts';
import type { UserResponse } from '../../../common/user-response.schema.ts';
import { DataTable } from '../../components/data-table.tsx';
import { EmailText } from '../../components/email-text.tsx';
import { LongText } from '../../components/long-text.tsx';
import { Pagination, pageCount } from '../../components/pagination.tsx';
import { EmptyState, QueryState } from '../../components/query-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { knownStatus, StatusFilter } from '../../components/status-filter.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { ApiError } from '../../lib/api.ts';
import { confirmDialog, dialog, errorDialog } from '../../lib/dialogs.ts';
import { formatTotal } from '../../lib/format-total.ts';
import { formatNumber } from '../../lib/i18n.ts';
import { useSingleFlightCallback } from '../../lib/single-flight.ts';
import { useClampPage, useListState } from '../../lib/use-list-state.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useSession } from '../auth/session.api.ts';
import { type UserAction, useAllUsers, useUserAction } from './admin-users.api.ts';

const STATUS_FILTER = ['status'] as const;

/** SPEC §2 All Users (admin; the route's role guard keeps everyone else out). */
export function AllUsersPage() {
  const { t } = useTranslation();
  usePageTitle(t('users.title'));
  const { user } = useSession();

  // Inside the login guard the session is known; null only for the moment a sign-out takes.
  if (!user) return <Spinner className="py-20" />;
  return (
    // The dashboard layout gives the page its margins.
    <section className="space-y-4">
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{t('users.title')}</h1>
      <UsersList myId={user.id} />
    </section>
  );
}

function UsersList({ myId }: { myId: string }) {
  const { t } = useTranslation();
  const list = useListState(STATUS_FILTER);
  const { page, setPage, setFilters } = list;
  const status = knownStatus(USER_STATUSES, list.filters.status);

  const users = useAllUsers({ status: status || undefined, page });
  const userAction = useUserAction();
  const total = users.data?.total ?? 0;
  const pages = pageCount(total, DEFAULT_PAGE_SIZE);
  // After deleting the last user of the last page, step back to a page that has rows.
  useClampPage(page, users.data?.total, DEFAULT_PAGE_SIZE, setPage);

  // One confirmation at a time: a double click on an action asks once.
  const run = useSingleFlightCallback(async (action: UserAction, target: UserResponse) => {
    const name = target.name;
    const confirmed = await confirmDialog(
      t('users.confirm.title'),
      t(`users.confirm.${action}`, { name }),
      {
        confirm: t(`users.confirm.yes.${action}`),
        cancel: t('users.confirm.cancel'),
      },
    );
    if (!confirmed) return;
    userAction.mutate(
      { action, id: target.id },
      {
        onSuccess: ({ count, already }) => {
          if (count <= 0 && !already) return;
          void dialog.fire({
            icon: 'success',
            title: t(`users.done.${action}.title`),
            text: t(`users.done.${action}.text`),
            timer: 1500,
            showConfirmButton: false,
          });
        },
        onError: (error) => {
          void errorDialog(
            t('errors.title'),
            error instanceof ApiError ? error.message : t('errors.generic'),
          );
        },
      },
    );
  });

  const busyId = userAction.isPending ? userAction.variables?.id : undefined;
  const columns = [
    t('users.columns.index'),
    t('users.columns.photo'),
    t('users.columns.name'),
    t('users.columns.email'),
    t('users.columns.role'),
    t('users.columns.status'),
    t('users.columns.action'),
  ];

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <StatusFilter
          label={t('users.filter.label')}
          allLabel={t('users.filter.all')}
          statuses={USER_STATUSES}
          labelOf={(value) => t(`users.statuses.${value}` as const)}
          value={status}
          onChange={(next) => setFilters({ status: next })}
        />
        {users.data && (
          <p className="text-sm text-gray-600" aria-live="polite">
            {t('users.count', { count: total, shown: formatTotal(total, users.data.capped) })}
          </p>
        )}
      </div>

      <QueryState
        query={users}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState>{t('users.empty')}</EmptyState>}
        spinnerClassName="py-16"
      >
        {(data) => (
          <DataTable
            caption={t('users.caption', { page, pages })}
            columns={columns}
            busy={users.isPlaceholderData}
          >
            {data.items.map((row, index) => (
              <UserRow
                key={row.id}
                user={row}
                number={(page - 1) * DEFAULT_PAGE_SIZE + index + 1}
                isMe={row.id === myId}
                busy={busyId === row.id}
                onAction={(action) => void run(action, row)}
              />
            ))}
          </DataTable>
        )}
      </QueryState>

      {users.data && (
        <Pagination
          page={page}
          pages={pages}
          disabled={users.isPlaceholderData}
          onPageChange={setPage}
        />
      )}
    </>
  );
}

const actionButton =
  'whitespace-nowrap rounded-md px-2.5 py-1.5 text-xs font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-40';

function UserRow({
  user,
  number,
  isMe,
  busy,
  onAction,
}: {
  user: UserResponse;
  number: number;
  isMe: boolean;
  busy: boolean;
  onAction: (action: UserAction) => void;
}) {
  const { t } = useTranslation();
  const name = user.name;
  const blocked = user.status !== 'active';
  // The server refuses every action on oneself; an admin is already an admin, and so on.
  const disabled = isMe || busy;

  return (
    <tr className="align-middle hover:bg-gray-50">
      <td className="px-3 py-3 tabular-nums text-gray-500">{formatNumber(number)}</td>
      <td className="px-3 py-3">
        <UserAvatar name={name} image={user.image} />
      </td>
      <th scope="row" className="px-3 py-3 font-medium text-gray-900">
        <LongText text={name} lines={2} />
        {isMe && <span className="block font-normal text-gray-500">{t('users.you')}</span>}
      </th>
      <td className="px-3 py-3 text-gray-700">
        {/* Whole, broken after "@" and dots: never cut mid-word (issue 30 item 10). */}
        <EmailText email={user.email} />
      </td>
      <td className="px-3 py-3">
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${
            user.role === 'admin'
              ? 'bg-purple-100 text-purple-800'
              : user.role === 'volunteer'
                ? 'bg-blue-100 text-blue-800'
                : 'bg-gray-100 text-gray-700'
          }`}
        >
          {t(`users.roles.${user.role}`)}
        </span>
      </td>
      <td className="px-3 py-3">
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${
            blocked ? 'bg-red-100 text-red-800' : 'bg-green-100 text-green-800'
          }`}
        >
          {t(`users.statuses.${user.status}`)}
        </span>
      </td>
      <td className="px-3 py-3">
        {/* One row (issue 30 item 10): the table has room for it at 1280 px; a card wraps it. */}
        <div className="flex flex-wrap gap-1.5 lg:flex-nowrap">
          <button
            type="button"
            className={`${actionButton} bg-blue-50 text-blue-800 hover:bg-blue-100`}
            disabled={disabled || user.role === 'volunteer'}
            aria-label={t('users.labels.volunteer', { name })}
            onClick={() => onAction('volunteer')}
          >
            {t('users.actions.volunteer')}
          </button>
          <button
            type="button"
            className={`${actionButton} bg-purple-50 text-purple-800 hover:bg-purple-100`}
            disabled={disabled || user.role === 'admin'}
            aria-label={t('users.labels.admin', { name })}
            onClick={() => onAction('admin')}
          >
            {t('users.actions.admin')}
          </button>
          {blocked ? (
            <button
              type="button"
              className={`${actionButton} bg-green-50 text-green-800 hover:bg-green-100`}
              disabled={disabled}
              aria-label={t('users.labels.unblock', { name })}
              onClick={() => onAction('unblock')}
            >
              {t('users.actions.unblock')}
            </button>
          ) : (
            <button
              type="button"
              className={`${actionButton} bg-amber-50 text-amber-900 hover:bg-amber-100`}
              disabled={disabled}
              aria-label={t('users.labels.block', { name })}
              onClick={() => onAction('block')}
            >
              {t('users.actions.block')}
            </button>
          )}
          <button
            type="button"
            className={`${actionButton} bg-red-600 text-white hover:bg-red-700`}
            disabled={disabled}
            aria-label={t('users.labels.delete', { name })}
            onClick={() => onAction('delete')}
          >
            {t('users.actions.delete')}
          </button>
        </div>
      </td>
    </tr>
  );
}
