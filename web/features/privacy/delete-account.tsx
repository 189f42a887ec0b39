import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type DeleteAccount as DeleteAccountInput,
  deleteAccountSchema,
} from '../../../common/privacy.ts';
import { primaryButton } from '../../components/button-styles.ts';
import { TextField } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { confirmDialog } from '../../lib/dialogs.ts';
import { useDeleteAccount } from './privacy.api.ts';

const EMPTY: DeleteAccountInput = { password: '', confirmation: '' };

/**
 * Issue 31: Delete my account, on the profile. The password and the typed word (DELETE, or মুছুন
 * in Bangla), then one last question; the server erases the person and ends every session.
 */
export function DeleteAccount() {
  const { t } = useTranslation();
  const id = useId();
  const remove = useDeleteAccount();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = async (input: DeleteAccountInput) => {
    if (!(await confirmDialog(t('profile.deleteTitle'), t('profile.deleteText')))) return;
    remove.mutate(input);
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-red-200 bg-white p-6"
      data-testid="delete-account"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-red-800">
        {t('profile.deleteTitle')}
      </h2>
      <p className="mt-1 max-w-xl text-sm text-gray-700">{t('profile.deleteText')}</p>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-4 grid max-w-xl gap-4">
        <TextField
          id={`${id}-password`}
          label={t('profile.deletePassword')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          field={register('password')}
        />
        <TextField
          id={`${id}-confirmation`}
          label={t('profile.deleteConfirmation')}
          type="text"
          autoComplete="off"
          error={errors.confirmation?.message}
          field={register('confirmation')}
        />
        <div>
          <button
            type="submit"
            className={`${primaryButton} bg-red-700`}
            disabled={remove.isPending}
            aria-busy={remove.isPending}
          >
            {remove.isPending ? t('profile.deleting') : t('profile.deleteSubmit')}
          </button>
        </div>
        {remove.isError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {remove.error instanceof ApiError ? remove.error.message : t('errors.generic')}
          </p>
        )}
      </form>
    </section>
  );
}
