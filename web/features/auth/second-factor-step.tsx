import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '../../components/button-styles.ts';
import { TextField } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useVerifySecondFactor } from './two-factor.api.ts';

/**
 * The sign-in's second step (issue 25): the password was right and the account has two-step
 * sign-in, so no session exists until a code from the authenticator app (or a recovery code)
 * is verified. `onDone` runs once signed in; `onRestart` goes back to the password.
 */
export function SecondFactorStep({
  onDone,
  onRestart,
}: {
  onDone: () => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [recovery, setRecovery] = useState(false);
  const verify = useVerifySecondFactor();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ code: string }>({ defaultValues: { code: '' } });

  const onSubmit = ({ code }: { code: string }) =>
    verify.mutateAsync({ code: code.replace(/\s+/g, ''), recovery }).then(onDone, () => {
      reset({ code: '' });
    });

  // The pending sign-in is over (too slow, too many tries): only the password starts a new one.
  const expired =
    verify.error instanceof ApiError &&
    (verify.error.code === 'INVALID_TWO_FACTOR_COOKIE' ||
      verify.error.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE');

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-gray-900">{t('twoFactor.codeStepTitle')}</h2>
      <p className="text-sm text-gray-600">
        {recovery ? t('twoFactor.recoveryStepText') : t('twoFactor.codeStepText')}
      </p>
      <TextField
        key={recovery ? 'recovery' : 'app'}
        id={`${id}-code`}
        label={recovery ? t('twoFactor.recoveryCode') : t('twoFactor.code')}
        type="text"
        autoComplete="one-time-code"
        error={errors.code?.message}
        field={register('code', {
          validate: (value) => value.trim() !== '' || t('twoFactor.codeRequired'),
        })}
      />
      <button type="submit" className={`${primaryButton} w-full`} disabled={verify.isPending}>
        {verify.isPending ? t('twoFactor.verifying') : t('twoFactor.verify')}
      </button>
      {verify.isError && (
        <p role="alert" className="text-center text-sm font-medium text-red-700">
          {expired
            ? t('twoFactor.expired')
            : verify.error instanceof ApiError
              ? verify.error.message
              : t('login.failed')}
        </p>
      )}
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-red-700 hover:underline"
          onClick={() => {
            setRecovery(!recovery);
            verify.reset();
          }}
        >
          {recovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
        </button>
        <button
          type="button"
          className="font-medium text-red-700 hover:underline"
          onClick={onRestart}
        >
          {t('twoFactor.startOver')}
        </button>
      </div>
    </form>
  );
}
