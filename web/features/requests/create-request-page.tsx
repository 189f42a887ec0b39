import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateRequest } from '../../../common/request.schema.ts';
import { primaryButton } from '../../components/button-styles.ts';
import { TextField } from '../../components/form-field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError, endsSession } from '../../lib/api.ts';
import { errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { useFormDraft } from '../../lib/form-draft.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useSession } from '../auth/session.api.ts';
import { FreeBloodNotice } from './free-blood-notice.tsx';
import { duplicateOf, useOfferMoreBags } from './more-bags-offer.ts';
import { OpenLimitNotice } from './open-limit-notice.tsx';
import { RequestFormFields, useRequestForm } from './request-form-fields.tsx';
import { useCreateRequest, useRequestAllowance } from './requests.api.ts';

const CREATE_DRAFT = 'create-request';

/** /dashboard/create-donation-request (SPEC §2, §5). */
export function CreateRequestPage() {
  const { t } = useTranslation();
  const id = useId();
  const { user } = useSession();
  const form = useRequestForm();
  const createRequest = useCreateRequest();
  const offerMoreBags = useOfferMoreBags();
  const allowance = useRequestAllowance();
  // Issue 30 item 9: what is typed survives a session that ends before Request Now.
  const draft = useFormDraft(CREATE_DRAFT, user?.id, form);
  usePageTitle(t('requests.create.title'));

  // The dashboard sits behind the login guard, so this is only the first render's gap.
  if (!user) return <Spinner className="py-20" />;

  const onSubmit = (request: CreateRequest) =>
    createRequest.mutateAsync(request).then(
      () => {
        form.reset();
        draft.clear();
        void toastSuccess(t('requests.create.success'), 2000);
      },
      async (error: unknown) => {
        // The session ended: the sign-in page says so, and the draft waits for the user's return.
        if (error instanceof ApiError && endsSession(error)) return;
        // Issue 27: the same patient and date already have an open request: offer more bags there.
        const openId = duplicateOf(error);
        if (openId) {
          if (await offerMoreBags(openId, request.bags)) {
            form.reset();
            draft.clear();
          }
          return;
        }
        await errorDialog(
          t('errors.title'),
          error instanceof ApiError ? error.message : t('errors.generic'),
        );
      },
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
      {/* While the count loads (or if it cannot), the form shows: the create call still
          refuses a request past the limit, with the same words. */}
      {allowance.data && allowance.data.open >= allowance.data.max ? (
        <OpenLimitNotice open={allowance.data.open} />
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit(onSubmit)}
          className="grid gap-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6"
        >
          {/* Who asks comes from the session; the server takes it from there too. */}
          <TextField
            id={`${id}-requesterName`}
            label={t('requests.fields.requesterName')}
            type="text"
            readOnly
            value={user.name}
            title={user.name}
          />
          <TextField
            id={`${id}-requesterEmail`}
            label={t('requests.fields.requesterEmail')}
            type="email"
            readOnly
            value={user.email}
            title={user.email}
          />
          <RequestFormFields form={form} withContact />
          <div className="sm:col-span-2">
            <button type="submit" className={primaryButton} disabled={createRequest.isPending}>
              {createRequest.isPending
                ? t('requests.create.submitting')
                : t('requests.create.submit')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
