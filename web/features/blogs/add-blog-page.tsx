import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { BLOG_CONTENT_MAX, blogFormSchema } from '../../../common/blog.schema.ts';
import { primaryButton } from '../../components/button-styles.ts';
import { TextField } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { formatTotal } from '../../lib/format-total.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { isAcceptedImage, uploadFailureMessage, uploadImage } from '../images/images.api.ts';
import { PhotoInput } from '../images/photo-input.tsx';
import { useCreateBlog } from './blogs.api.ts';

type BlogFields = z.input<typeof blogFormSchema>;
type BlogValues = z.output<typeof blogFormSchema>;
type Step = 'idle' | 'uploading' | 'saving';

/**
 * /dashboard/content-management/add-blog (SPEC §2 Add Blog, §5 messages, §8 upload failure):
 * the thumbnail is uploaded first; if that fails nothing is saved. A new blog is a draft.
 */
export function AddBlogPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const createBlog = useCreateBlog();
  usePageTitle(t('addBlog.title'));
  const thumbnailRef = useRef<HTMLInputElement>(null);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [thumbnailError, setThumbnailError] = useState<string>();
  const [step, setStep] = useState<Step>('idle');
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<BlogFields, unknown, BlogValues>({
    resolver: zodResolver(blogFormSchema),
    defaultValues: { title: '', content: '' },
  });
  const content = useWatch({ control, name: 'content' }) ?? '';

  const thumbnailProblem = (file: File | null) => {
    if (!file) return t('addBlog.thumbnailRequired');
    if (!isAcceptedImage(file)) return t('register.photoInvalid');
    return undefined;
  };
  const changeThumbnail = (file: File | null) => {
    setThumbnail(file);
    setThumbnailError(file || isSubmitted ? thumbnailProblem(file) : undefined);
  };

  const save = async (values: BlogValues, file: File) => {
    setStep('uploading');
    let image: string;
    try {
      image = await uploadImage(file);
    } catch (error) {
      setStep('idle');
      // A limit's refusal says when to try again; any other failure keeps SPEC's words.
      await errorDialog(
        t('addBlog.uploadFailed'),
        uploadFailureMessage(error, t('addBlog.tryAgain')),
      );
      return;
    }
    setStep('saving');
    try {
      await createBlog.mutateAsync({ ...values, image });
    } catch (error) {
      setStep('idle');
      await errorDialog(
        t('errors.title'),
        error instanceof ApiError ? error.message : t('errors.generic'),
      );
      return;
    }
    void toastSuccess(t('addBlog.saved'));
    await navigate('/dashboard/content-management');
  };

  // The thumbnail is a file, outside the schema: checked beside the schema's fields.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const problem = thumbnailProblem(thumbnail);
    setThumbnailError(problem);
    return handleSubmit(async (values) => {
      if (problem || !thumbnail) {
        thumbnailRef.current?.focus();
        return;
      }
      await save(values, thumbnail);
    })(event);
  };

  const busy = isSubmitting || step !== 'idle';

  return (
    <section className="mx-auto max-w-3xl">
      <Link
        to="/dashboard/content-management"
        className="text-sm font-medium text-red-700 underline-offset-4 hover:underline"
      >
        {t('addBlog.back')}
      </Link>
      <h1 className="mt-2 mb-6 text-2xl font-bold text-gray-900 sm:text-3xl">
        {t('addBlog.title')}
      </h1>
      <form
        noValidate
        onSubmit={onSubmit}
        className="grid gap-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <TextField
          id={`${id}-title`}
          label={t('addBlog.blogTitle')}
          type="text"
          error={errors.title?.message}
          field={register('title')}
        />
        <PhotoInput
          ref={thumbnailRef}
          id={`${id}-thumbnail`}
          label={t('addBlog.thumbnail')}
          hint={t('addBlog.thumbnailHint')}
          file={thumbnail}
          onChange={changeThumbnail}
          error={thumbnailError}
        />
        <div>
          <TextField
            id={`${id}-content`}
            label={t('addBlog.content')}
            rows={12}
            error={errors.content?.message}
            field={register('content')}
          />
          <div className="mt-1 flex flex-wrap justify-between gap-2 text-xs text-gray-600">
            <p>{t('addBlog.contentHint')}</p>
            <p className={content.length > BLOG_CONTENT_MAX ? 'font-semibold text-red-700' : ''}>
              {t('addBlog.count', {
                count: content.length,
                max: formatTotal(BLOG_CONTENT_MAX),
              })}
            </p>
          </div>
        </div>
        <div>
          <button type="submit" className={primaryButton} disabled={busy}>
            {step === 'uploading'
              ? t('addBlog.uploading')
              : step === 'saving'
                ? t('addBlog.saving')
                : t('addBlog.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
