import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  type PasswordResetForm,
  passwordResetFormSchema,
} from '../../../common/password-reset.schema.ts';
import { primaryButton } from '../../components/button-styles.ts';
import { TextField } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { toastSuccess } from '../../lib/dialogs.ts';
import { AuthShell } from './auth-shell.tsx';
import { useResetPassword } from './password-reset.api.ts';

/** /login/reset-password?token=…: the link from the email; sets a new password, once. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordResetForm>({
    resolver: zodResolver(passwordResetFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = ({ password }: PasswordResetForm) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: async () => {
          await toastSuccess(t('passwordReset.done'), 2000);
          void navigate('/login', { replace: true });
        },
      },
    );

  const footer = (
    <Link to="/login/forgot-password" className="font-semibold text-red-700 hover:underline">
      {t('passwordReset.askAgain')}
    </Link>
  );

  return (
    <AuthShell title={t('passwordReset.resetTitle')} footer={footer}>
      {!token ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-4 text-amber-900">
          {t('passwordReset.noToken')}
        </p>
      ) : (
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
          <p className="text-sm text-gray-700">{t('passwordReset.resetText')}</p>
          <TextField
            id={`${id}-password`}
            label={t('passwordReset.password')}
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            field={register('password')}
          />
          <TextField
            id={`${id}-confirm`}
            label={t('passwordReset.confirmPassword')}
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            field={register('confirmPassword')}
          />
          <button type="submit" className={`${primaryButton} w-full`} disabled={reset.isPending}>
            {reset.isPending ? t('passwordReset.saving') : t('passwordReset.save')}
          </button>
          {reset.isError && (
            <p role="alert" className="text-center text-sm font-medium text-red-700">
              {reset.error instanceof ApiError ? reset.error.message : t('errors.generic')}
            </p>
          )}
        </form>
      )}
    </AuthShell>
  );
}
