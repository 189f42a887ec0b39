import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateRequest } from '../../../common/request.schema.ts';
import { primaryButton } from '../../components/button-styles.ts';
import { inputClass, labelClass } from '../../components/form-field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useSession } from '../auth/session.api.ts';
import { FreeBloodNotice } from '../trust/free-blood-notice.tsx';
import { RequestFormFields, useRequestForm } from './request-form-fields.tsx';
import { useCreateRequest } from './requests.api.ts';

/** /dashboard/create-donation-request (SPEC §2, §5). */
export function CreateRequestPage() {
  const { t } = useTranslation();
  const id = useId();
  const { user } = useSession();
  const form = useRequestForm();
  const createRequest = useCreateRequest();
  usePageTitle(t('requests.create.title'));

  // The dashboard sits behind the login guard, so this is only the first render's gap.
  if (!user) return <Spinner className="py-20" />;

  const onSubmit = (request: CreateRequest) =>
    createRequest.mutateAsync(request).then(
      () => {
        form.reset();
        void toastSuccess(t('requests.create.success'), 2000);
      },
      (error: unknown) =>
        errorDialog(
          t('errors.title'),
          error instanceof ApiError ? error.message : t('errors.generic'),
        ),
    );

  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-2xl font-bold text-gray-900 sm:text-3xl">
        {t('requests.create.title')}
      </h1>
      {/* Issue 14: where a request is written, as where it is read. */}
      <div className="mb-6">
        <FreeBloodNotice />
      </div>
      <form
        noValidate
        onSubmit={form.handleSubmit(onSubmit)}
        className="grid gap-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6"
      >
        {/* Who asks comes from the session; the server takes it from there too. */}
        <div>
          <label htmlFor={`${id}-requesterName`} className={labelClass}>
            {t('requests.fields.requesterName')}
          </label>
          <input
            id={`${id}-requesterName`}
            type="text"
            readOnly
            value={user.name}
            title={user.name}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-requesterEmail`} className={labelClass}>
            {t('requests.fields.requesterEmail')}
          </label>
          <input
            id={`${id}-requesterEmail`}
            type="email"
            readOnly
            value={user.email}
            title={user.email}
            className={inputClass}
          />
        </div>
        <RequestFormFields form={form} />
        <div className="sm:col-span-2">
          <button type="submit" className={primaryButton} disabled={createRequest.isPending}>
            {createRequest.isPending
              ? t('requests.create.submitting')
              : t('requests.create.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
