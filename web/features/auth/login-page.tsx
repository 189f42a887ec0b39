import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { type Login, loginSchema } from '../../../common/auth.schema.ts';
import { primaryButton } from '../../components/button-styles.ts';
import { TextField } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { toastSuccess } from '../../lib/dialogs.ts';
import { hasDraftAt } from '../../lib/form-draft.ts';
import { AuthShell } from './auth-shell.tsx';
import { returnPath, returnState } from './return-path.ts';
import { SecondFactorStep } from './second-factor-step.tsx';
import { useSession } from './session.api.ts';
import { useSignIn } from './session-changes.api.ts';

/**
 * SPEC §8 shows one fixed text for a failed login. A locked-out (429) or blocked (403) user
 * gets the server's words instead: a retry would not help them, and they need to know why.
 */
function failureText(error: unknown, fallback: string) {
  if (error instanceof ApiError && (error.status === 429 || error.code === 'ACCOUNT_BLOCKED'))
    return error.message;
  return fallback;
}

export function LoginPage() {
  const { t } = useTranslation();
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const { user } = useSession();
  // Read once: the draft is still there when the return path's page has it.
  const [draftKept] = useState(() => hasDraftAt(returnPath(location.state)));
  // Issue 25: the password was right and the account asks for its second factor.
  const [codeStep, setCodeStep] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Login>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const signedIn = () => {
    void toastSuccess(t('login.success'));
    void navigate(returnPath(location.state), { replace: true });
  };
  const onSubmit = (credentials: Login) =>
    signIn.mutateAsync(credentials).then(
      (answer) => ('twoFactorRedirect' in answer ? setCodeStep(true) : signedIn()),
      () => undefined, // Shown under the form from signIn.error.
    );

  // Already signed in (a bookmark, the back button): nothing to do here.
  if (user && !signIn.isPending) return <Navigate to={returnPath(location.state)} replace />;

  if (codeStep) {
    return (
      <AuthShell title={t('login.title')} footer={t('twoFactor.lost')}>
        <SecondFactorStep
          onDone={signedIn}
          onRestart={() => {
            setCodeStep(false);
            signIn.reset();
          }}
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title={t('login.title')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link
            to="/register"
            state={returnState(location)}
            className="font-semibold text-red-700 hover:underline"
          >
            {t('login.register')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
        {/* Issue 30 item 9: sent here from a form whose session ended, with what was typed kept. */}
        {draftKept && (
          <p
            role="status"
            className="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900"
          >
            {t('login.draftKept')}
          </p>
        )}
        <TextField
          id={`${id}-email`}
          label={t('login.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          field={register('email')}
        />
        <TextField
          id={`${id}-password`}
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          field={register('password')}
        />
        <Link
          to="/login/forgot-password"
          className="-mt-2 self-end text-sm font-medium text-red-700 hover:underline"
        >
          {t('passwordReset.forgotLink')}
        </Link>
        <button type="submit" className={`${primaryButton} w-full`} disabled={signIn.isPending}>
          {signIn.isPending ? t('login.submitting') : t('login.submit')}
        </button>
        {signIn.isError && (
          <p role="alert" className="text-center text-sm font-medium text-red-700">
            {failureText(signIn.error, t('login.failed'))}
          </p>
        )}
      </form>
    </AuthShell>
  );
}
