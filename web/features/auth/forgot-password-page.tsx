import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type PasswordResetRequest,
  passwordResetRequestSchema,
} from '../../../common/password-reset.schema.ts';
import { primaryButton } from '../../components/button-styles.ts';
import { TextField } from '../../components/form-field.tsx';
import { QueryError } from '../../components/query-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { AuthShell } from './auth-shell.tsx';
import { usePasswordResetStatus, useRequestPasswordReset } from './password-reset.api.ts';

/**
 * /login/forgot-password: asks for a reset link by email. The answer is the same whether or not
 * an account uses the address. On a server that sends no email, it says reset is unavailable.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const id = useId();
  const status = usePasswordResetStatus();
  const ask = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordResetRequest>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });

  const footer = (
    <Link to="/login" className="font-semibold text-red-700 hover:underline">
      {t('passwordReset.backToLogin')}
    </Link>
  );

  return (
    <AuthShell title={t('passwordReset.forgotTitle')} footer={footer}>
      {status.isPending ? (
        <Spinner />
      ) : status.isError ? (
        <QueryError error={status.error} onRetry={() => void status.refetch()} />
      ) : !status.data.available ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-4 text-amber-900">
          {t('passwordReset.unavailable')}
        </p>
      ) : ask.isSuccess ? (
        <p role="status" className="rounded-lg bg-green-50 p-4 text-green-900">
          {ask.data.message}
        </p>
      ) : (
        <form
          noValidate
          onSubmit={handleSubmit(({ email }) => ask.mutate(email))}
          className="flex flex-col gap-4"
        >
          <p className="text-sm text-gray-700">{t('passwordReset.forgotText')}</p>
          <TextField
            id={`${id}-email`}
            label={t('passwordReset.email')}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            field={register('email')}
          />
          <button type="submit" className={`${primaryButton} w-full`} disabled={ask.isPending}>
            {ask.isPending ? t('passwordReset.sending') : t('passwordReset.send')}
          </button>
          {ask.isError && (
            <p role="alert" className="text-center text-sm font-medium text-red-700">
              {ask.error instanceof ApiError ? ask.error.message : t('errors.generic')}
            </p>
          )}
        </form>
      )}
    </AuthShell>
  );
}
