import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { msg } from '../../../common/message-key.ts';
import { primaryButton, secondaryButton } from '../../components/button-styles.ts';
import { TextField } from '../../components/form-field.tsx';
import { apiMessage } from '../../lib/api.ts';
import { toastSuccess } from '../../lib/dialogs.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useSession } from './session.api.ts';
import {
  setupKeyOf,
  useConfirmSecondFactor,
  useDisableSecondFactor,
  useEnableSecondFactor,
} from './two-factor.api.ts';

const card = 'rounded-xl border border-gray-200 bg-white p-6';

/**
 * Two-step sign-in (issue 25): set up an authenticator app (password, its key, the recovery
 * codes shown once, a first code), or turn it off. Admins must have it before admin work.
 */
export function TwoFactorPage() {
  const { t } = useTranslation();
  usePageTitle(t('twoFactor.title'));
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="space-y-6">
      <section className={card}>
        <h1 className="mb-4 text-2xl font-bold text-gray-900">{t('twoFactor.title')}</h1>
        <p className="max-w-2xl text-sm text-gray-700">{t('twoFactor.intro')}</p>
        <p className="mt-3 max-w-2xl text-sm font-medium text-gray-900">
          {user.twoFactorEnabled ? t('twoFactor.onText') : t('twoFactor.offText')}
        </p>
        {user.role === 'admin' && !user.twoFactorEnabled && (
          <p className="mt-3 max-w-2xl text-sm font-medium text-red-800">
            {t('twoFactor.adminRequired')}
          </p>
        )}
      </section>
      {user.twoFactorEnabled ? <TurnOff /> : <SetUp />}
      <p className="max-w-2xl text-sm text-gray-600">{t('twoFactor.lost')}</p>
    </div>
  );
}

function PasswordForm({
  label,
  pendingLabel,
  onPassword,
  pending,
  error,
}: {
  label: string;
  pendingLabel: string;
  onPassword: (password: string) => unknown;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { register, handleSubmit, formState } = useForm<{ password: string }>({
    defaultValues: { password: '' },
  });
  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ password }) => onPassword(password))}
      className="flex max-w-sm flex-col gap-4"
    >
      <TextField
        id={`${id}-password`}
        label={t('twoFactor.password')}
        type="password"
        autoComplete="current-password"
        error={formState.errors.password?.message}
        field={register('password', {
          validate: (value) => value !== '' || msg('validation.password.required'),
        })}
      />
      <button type="submit" className={primaryButton} disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
      {error !== null && error !== undefined && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {apiMessage(error, t('errors.generic'))}
        </p>
      )}
    </form>
  );
}

function SetUp() {
  const { t } = useTranslation();
  const id = useId();
  const enable = useEnableSecondFactor();
  const confirm = useConfirmSecondFactor();
  const { register, handleSubmit, formState, reset } = useForm<{ code: string }>({
    defaultValues: { code: '' },
  });
  const started = enable.data;

  if (!started) {
    return (
      <section className={card}>
        <PasswordForm
          label={t('twoFactor.start')}
          pendingLabel={t('twoFactor.starting')}
          pending={enable.isPending}
          error={enable.error}
          onPassword={(password) => enable.mutateAsync(password).catch(() => undefined)}
        />
      </section>
    );
  }

  const onCode = ({ code }: { code: string }) =>
    confirm.mutateAsync(code.replace(/\s+/g, '')).then(
      () => void toastSuccess(t('twoFactor.enabled')),
      () => reset({ code: '' }),
    );

  return (
    <section className={`${card} space-y-6`}>
      <div>
        <h2 className="text-lg font-semibold text-gray-900">{t('twoFactor.step1')}</h2>
        <p className="mt-1 text-sm text-gray-700">{t('twoFactor.step1Text')}</p>
        <a
          href={started.totpURI}
          className={`${secondaryButton} mt-3 inline-flex`}
          data-testid="totp-uri"
        >
          {t('twoFactor.openInApp')}
        </a>
        <p className="mt-3 text-sm text-gray-700">
          {t('twoFactor.setupKey')}:{' '}
          <code className="wrap-anywhere rounded bg-gray-100 px-2 py-1 font-mono text-base text-gray-900">
            {setupKeyOf(started.totpURI)}
          </code>
        </p>
      </div>
      <div>
        <h2 className="text-lg font-semibold text-gray-900">{t('twoFactor.step2')}</h2>
        <p className="mt-1 text-sm text-gray-700">{t('twoFactor.step2Text')}</p>
        <ul className="mt-3 grid max-w-md grid-cols-2 gap-2 font-mono text-sm text-gray-900">
          {started.backupCodes.map((code) => (
            <li key={code} className="rounded bg-gray-100 px-2 py-1">
              {code}
            </li>
          ))}
        </ul>
      </div>
      <form
        noValidate
        onSubmit={handleSubmit(onCode)}
        className="flex max-w-sm flex-col gap-4"
        aria-labelledby={`${id}-step3`}
      >
        <h2 id={`${id}-step3`} className="text-lg font-semibold text-gray-900">
          {t('twoFactor.step3')}
        </h2>
        <TextField
          id={`${id}-code`}
          label={t('twoFactor.code')}
          type="text"
          autoComplete="one-time-code"
          error={formState.errors.code?.message}
          field={register('code', {
            validate: (value) => value.trim() !== '' || t('twoFactor.codeRequired'),
          })}
        />
        <button type="submit" className={primaryButton} disabled={confirm.isPending}>
          {confirm.isPending ? t('twoFactor.confirming') : t('twoFactor.confirm')}
        </button>
        {confirm.isError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {apiMessage(confirm.error, t('errors.generic'))}
          </p>
        )}
      </form>
    </section>
  );
}

function TurnOff() {
  const { t } = useTranslation();
  const disable = useDisableSecondFactor();
  return (
    <section className={card}>
      <h2 className="text-lg font-semibold text-gray-900">{t('twoFactor.turnOff')}</h2>
      <p className="mt-1 mb-4 max-w-2xl text-sm text-gray-700">{t('twoFactor.turnOffText')}</p>
      <PasswordForm
        label={t('twoFactor.turnOff')}
        pendingLabel={t('twoFactor.turningOff')}
        pending={disable.isPending}
        error={disable.error}
        onPassword={(password) =>
          disable.mutateAsync(password).then(
            () => void toastSuccess(t('twoFactor.turnedOff')),
            () => undefined,
          )
        }
      />
    </section>
  );
}
