import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type ChangePasswordForm,
  changePasswordFormSchema,
} from '../../../common/password-change.schema.ts';
import { primaryButton } from '../../components/button-styles.ts';
import { TextField } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { toastSuccess } from '../../lib/dialogs.ts';
import { useChangePassword } from './password-change.api.ts';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password on the profile page (issue 25): the current password, the new one twice under
 * the registration's rules. The server keeps this browser signed in and signs out every other
 * device; a wrong current password is refused in words and counts like a failed sign-in.
 */
export function ChangePassword() {
  const { t } = useTranslation();
  const id = useId();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = ({ currentPassword, newPassword }: ChangePasswordForm) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset(EMPTY);
          void toastSuccess(t('auth.changePassword.done'));
        },
      },
    );

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-gray-200 bg-white p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
        {t('auth.changePassword.title')}
      </h2>
      <p className="mt-1 max-w-xl text-sm text-gray-600">{t('auth.changePassword.text')}</p>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-4 grid max-w-xl gap-4">
        <TextField
          id={`${id}-current`}
          label={t('auth.changePassword.current')}
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          field={register('currentPassword')}
        />
        <div>
          <TextField
            id={`${id}-new`}
            label={t('auth.changePassword.new')}
            type="password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            field={register('newPassword')}
          />
          <p className="mt-1 text-sm text-gray-600">{t('auth.changePassword.hint')}</p>
        </div>
        <TextField
          id={`${id}-confirm`}
          label={t('auth.changePassword.confirm')}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          field={register('confirmPassword')}
        />
        <div>
          <button
            type="submit"
            className={primaryButton}
            disabled={change.isPending}
            aria-busy={change.isPending}
          >
            {change.isPending ? t('auth.changePassword.saving') : t('auth.changePassword.save')}
          </button>
        </div>
        {change.isError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {change.error instanceof ApiError ? change.error.message : t('errors.generic')}
          </p>
        )}
      </form>
    </section>
  );
}
