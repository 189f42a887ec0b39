import { useTranslation } from 'react-i18next';
import type { BlogResponse } from '../../../common/blog-response.schema.ts';
import { apiMessage } from '../../lib/api.ts';
import { confirmDialog, errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { useSingleFlightCallback } from '../../lib/single-flight.ts';
import { useChangeBlogStatus, useDeleteBlog } from './blogs.api.ts';

const small =
  'inline-flex items-center justify-center rounded-md px-2.5 py-1.5 text-xs font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-50';
// green-700 and darker: white on them reads at 4.5:1 and more (issue 30; green-600 gave 3.2:1).
const publishClass = `${small} bg-green-700 text-white enabled:hover:bg-green-800`;
const unpublishClass = `${small} bg-amber-500 text-gray-900 enabled:hover:bg-amber-600`;
const deleteClass = `${small} bg-red-600 text-white enabled:hover:bg-red-700`;

/**
 * A blog's actions in Content Management: Publish or UnPublish, and Delete after confirming.
 * All are disabled unless the viewer is an admin (SPEC §2); the server refuses them too.
 */
export function BlogRowActions({ blog, isAdmin }: { blog: BlogResponse; isAdmin: boolean }) {
  const { t } = useTranslation();
  const changeStatus = useChangeBlogStatus();
  const deleteBlog = useDeleteBlog();
  const busy = changeStatus.isPending || deleteBlog.isPending;
  const adminOnly = isAdmin ? undefined : t('contentManagement.adminOnly');
  const next = blog.status === 'published' ? 'draft' : 'published';

  const toggle = () =>
    changeStatus.mutate(
      { id: blog.id, status: next },
      {
        onSuccess: () =>
          toastSuccess(
            next === 'published'
              ? t('contentManagement.published')
              : t('contentManagement.drafted'),
          ),
        onError: (error) => errorDialog(t('errors.title'), apiMessage(error, t('errors.generic'))),
      },
    );

  // A double click opens one confirmation, not two.
  const remove = useSingleFlightCallback(async () => {
    const confirmed = await confirmDialog(
      t('contentManagement.deleteTitle'),
      t('contentManagement.deleteText'),
      {
        confirm: t('contentManagement.deleteConfirm'),
        cancel: t('contentManagement.deleteKeep'),
      },
    );
    if (!confirmed) return;
    deleteBlog.mutate(blog.id, {
      onSuccess: () => toastSuccess(t('contentManagement.deleted')),
      onError: (error) => errorDialog(t('errors.title'), apiMessage(error, t('errors.generic'))),
    });
  });

  return (
    <fieldset
      className="flex flex-wrap items-center gap-1.5"
      aria-label={t('contentManagement.actionsFor', { title: blog.title })}
      aria-busy={busy || undefined}
    >
      <button
        type="button"
        className={next === 'published' ? publishClass : unpublishClass}
        disabled={!isAdmin || busy}
        title={adminOnly}
        onClick={toggle}
      >
        {changeStatus.isPending
          ? t('contentManagement.working')
          : next === 'published'
            ? t('contentManagement.publish')
            : t('contentManagement.unpublish')}
      </button>
      <button
        type="button"
        className={deleteClass}
        disabled={!isAdmin || busy}
        title={adminOnly}
        onClick={() => void remove()}
      >
        {deleteBlog.isPending ? t('contentManagement.working') : t('contentManagement.delete')}
      </button>
    </fieldset>
  );
}
