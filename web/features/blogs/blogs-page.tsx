import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { BlogResponse } from '../../../common/blog-response.schema.ts';
import { primaryButton } from '../../components/button-styles.ts';
import { Pagination, pageCount, readPage } from '../../components/pagination.tsx';
import { EmptyState, QueryState } from '../../components/query-state.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { cardExcerpt } from './blog-format.ts';
import { BLOGS_PAGE_SIZE, usePublishedBlogs } from './blogs.api.ts';

/** /blogs: the grid of published blogs, newest first (SPEC §2 Blogs). */
export function BlogsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get('page'));
  const blogs = usePublishedBlogs(page);
  usePageTitle(t('blogs.title'));

  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <header className="mb-8 text-center">
        <h1 className="text-3xl font-bold text-gray-900">{t('blogs.title')}</h1>
        <p className="mt-2 text-gray-600">{t('blogs.intro')}</p>
      </header>
      <QueryState
        query={blogs}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState>{t('blogs.empty')}</EmptyState>}
        spinnerClassName="py-20"
      >
        {(data) => (
          <>
            <ul
              className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3"
              aria-busy={blogs.isPlaceholderData || undefined}
            >
              {data.items.map((blog) => (
                <li key={blog.id}>
                  <BlogCard blog={blog} />
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pages={pageCount(data.total, BLOGS_PAGE_SIZE)}
              onPageChange={(next) => setParams({ page: String(next) })}
              disabled={blogs.isPlaceholderData}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}

function BlogCard({ blog }: { blog: BlogResponse }) {
  const { t } = useTranslation();
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      {/* The title beside it says what the picture is about. */}
      <img
        src={blog.image}
        alt=""
        loading="lazy"
        className="aspect-video w-full bg-gray-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-lg font-semibold wrap-anywhere text-gray-900">{blog.title}</h2>
        <p className="mt-2 flex-1 wrap-anywhere text-gray-700">{cardExcerpt(blog.content)}</p>
        <Link to={`/blogs/${blog.id}`} className={`${primaryButton} mt-5 self-start`}>
          {t('blogs.viewDetails')}
          <span className="sr-only"> {t('blogs.viewDetailsFor', { title: blog.title })}</span>
        </Link>
      </div>
    </article>
  );
}
