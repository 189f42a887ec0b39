import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BlogResponse } from '../../../common/blog-response.schema.ts';
import { BLOG_STATUSES } from '../../../common/constants.ts';
import { primaryButton } from '../../components/button-styles.ts';
import { Pagination, pageCount } from '../../components/pagination.tsx';
import { EmptyState, QueryState } from '../../components/query-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { knownStatus, StatusFilter } from '../../components/status-filter.tsx';
import { useClampPage, useListState } from '../../lib/use-list-state.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useSession } from '../auth/session.api.ts';
import { BlogRowActions } from './blog-row-actions.tsx';
import { CONTENT_PAGE_SIZE, useStaffBlogs } from './blogs.api.ts';

const STATUS_FILTER = ['status'] as const;

/**
 * /dashboard/content-management (SPEC §2 Content Management): admins and volunteers, as the
 * route's role guard makes sure. A table on wide screens, a card per blog on narrow ones, so
 * nothing scrolls sideways at 390 px.
 */
export function ContentManagementPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { page, filters, setPage, setFilters } = useListState(STATUS_FILTER);
  const status = knownStatus(BLOG_STATUSES, filters.status);
  const blogs = useStaffBlogs(status, page);
  useClampPage(page, blogs.data?.total, CONTENT_PAGE_SIZE, setPage);
  usePageTitle(t('contentManagement.title'));

  if (!user) return <Spinner className="py-20" />;
  const isAdmin = user.role === 'admin';

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">
          {t('contentManagement.title')}
        </h1>
        <Link to="/dashboard/content-management/add-blog" className={primaryButton}>
          {t('contentManagement.addBlog')}
        </Link>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <StatusFilter
          label={t('contentManagement.filterLabel')}
          allLabel={t('contentManagement.all')}
          statuses={BLOG_STATUSES}
          labelOf={(value) => t(`contentManagement.status.${value}`)}
          value={status}
          onChange={(next) => setFilters({ status: next })}
        />
        {!isAdmin && <p className="text-sm text-gray-600">{t('contentManagement.adminOnly')}</p>}
      </div>
      <QueryState
        query={blogs}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState>
            {status ? t('contentManagement.emptyFiltered') : t('contentManagement.empty')}
          </EmptyState>
        }
        spinnerClassName="py-20"
      >
        {(data) => {
          const pages = pageCount(data.total, CONTENT_PAGE_SIZE);
          return (
            <>
              <BlogTable
                blogs={data.items}
                isAdmin={isAdmin}
                caption={t('contentManagement.caption', { page, pages })}
                busy={blogs.isPlaceholderData}
              />
              <BlogCards blogs={data.items} isAdmin={isAdmin} busy={blogs.isPlaceholderData} />
              <Pagination
                page={page}
                pages={pages}
                onPageChange={setPage}
                disabled={blogs.isPlaceholderData}
              />
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

interface ListProps {
  blogs: BlogResponse[];
  isAdmin: boolean;
  busy: boolean;
}

function StatusBadge({ status }: { status: BlogResponse['status'] }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${
        status === 'published' ? 'bg-green-100 text-green-800' : 'bg-gray-100 text-gray-700'
      }`}
    >
      {t(`contentManagement.status.${status}`)}
    </span>
  );
}

/** The title links to the blog's page, where staff can read a draft before it is published. */
function TitleLink({ blog }: { blog: BlogResponse }) {
  return (
    <Link
      to={`/blogs/${blog.id}`}
      className="font-medium wrap-anywhere text-gray-900 underline-offset-4 hover:text-red-700 hover:underline"
    >
      {blog.title}
    </Link>
  );
}

function Thumbnail({ blog, className }: { blog: BlogResponse; className: string }) {
  return (
    <img
      src={blog.image}
      alt=""
      loading="lazy"
      className={`bg-gray-100 object-cover ${className}`}
    />
  );
}

/** md and wider: thumbnail, title, status, action (SPEC §2); the title column takes the rest. */
function BlogTable({ blogs, isAdmin, busy, caption }: ListProps & { caption: string }) {
  const { t } = useTranslation();
  const head = 'px-3 py-3 font-semibold text-gray-700';
  return (
    <div
      className={`hidden overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm md:block ${busy ? 'opacity-60' : ''}`}
    >
      <table
        className="w-full table-fixed divide-y divide-gray-200 text-left text-sm"
        aria-busy={busy || undefined}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50">
          <tr>
            <th scope="col" className={`${head} w-28`}>
              {t('contentManagement.columns.thumbnail')}
            </th>
            <th scope="col" className={head}>
              {t('contentManagement.columns.title')}
            </th>
            <th scope="col" className={`${head} w-28`}>
              {t('contentManagement.columns.status')}
            </th>
            <th scope="col" className={`${head} w-52`}>
              {t('contentManagement.columns.action')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {blogs.map((blog) => (
            <tr key={blog.id} className="align-middle">
              <td className="px-3 py-3">
                <Thumbnail blog={blog} className="h-14 w-20 rounded-md" />
              </td>
              <td className="px-3 py-3">
                <TitleLink blog={blog} />
              </td>
              <td className="px-3 py-3">
                <StatusBadge status={blog.status} />
              </td>
              <td className="px-3 py-3">
                <BlogRowActions blog={blog} isAdmin={isAdmin} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Narrower than md: one card per blog, the same facts and actions. */
function BlogCards({ blogs, isAdmin, busy }: ListProps) {
  return (
    <ul className={`space-y-3 md:hidden ${busy ? 'opacity-60' : ''}`} aria-busy={busy || undefined}>
      {blogs.map((blog) => (
        <li
          key={blog.id}
          className="flex gap-3 rounded-xl border border-gray-200 bg-white p-3 shadow-sm"
        >
          <Thumbnail blog={blog} className="h-16 w-20 shrink-0 rounded-md" />
          <div className="min-w-0 flex-1 space-y-2">
            <TitleLink blog={blog} />
            <div>
              <StatusBadge status={blog.status} />
            </div>
            <BlogRowActions blog={blog} isAdmin={isAdmin} />
          </div>
        </li>
      ))}
    </ul>
  );
}
