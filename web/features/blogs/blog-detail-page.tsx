import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from 'react-router';
import { primaryButton } from '../../components/button-styles.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { RouteError } from '../../routes/route-error.tsx';
import { BlogContent } from './blog-content.tsx';
import type { blogDetailLoader } from './blog-detail.loader.ts';
import { blogDateTime } from './blog-format.ts';

const backLink = 'text-sm font-medium text-red-700 underline-offset-4 hover:underline';

/** /blogs/:id (SPEC §2 Blogs): image, title, date, time and content, loaded before render. */
export function BlogDetailPage() {
  const { t } = useTranslation();
  const blog = useLoaderData<typeof blogDetailLoader>();
  const { date, time } = blogDateTime(blog.createdAt);
  usePageTitle(blog.title);

  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to="/blogs" className={backLink}>
        {t('blogs.back')}
      </Link>
      <article className="mt-4 overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
        <img src={blog.image} alt="" className="aspect-video w-full bg-gray-100 object-cover" />
        <div className="p-6 sm:p-8">
          {blog.status === 'draft' && (
            <p className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
              <strong className="font-semibold">{t('blogs.draft')}: </strong>
              {t('blogs.draftNotice')}
            </p>
          )}
          <h1 className="text-3xl font-bold wrap-anywhere text-gray-900">{blog.title}</h1>
          <p className="mt-2 text-sm text-gray-600">
            <time dateTime={blog.createdAt}>{t('blogs.postedOn', { date, time })}</time>
          </p>
          <div className="mt-6">
            <BlogContent content={blog.content} />
          </div>
        </div>
      </article>
    </section>
  );
}

/** The detail route's error: a clear page for a blog that is missing or not published. */
export function BlogDetailError() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  // RouteError names the tab itself (offline, or went wrong): a title set here would win over it.
  if (!missing) return <RouteError />;
  return <BlogMissing />;
}

function BlogMissing() {
  const { t } = useTranslation();
  usePageTitle(t('blogs.notFoundTitle'));
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center"
    >
      <h1 className="text-2xl font-bold text-gray-900">{t('blogs.notFound')}</h1>
      <Link to="/blogs" className={primaryButton}>
        {t('blogs.back')}
      </Link>
    </section>
  );
}
