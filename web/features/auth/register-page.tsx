import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { registerFormSchema } from '../../../common/auth.schema.ts';
import { BloodGroupField } from '../../components/blood-group-field.tsx';
import { primaryButton } from '../../components/button-styles.ts';
import { FieldErrorText, inputClass, TextField } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { placeErrors, setPlaceFields } from '../geo/place-form.ts';
import { PlaceSelects, type PlaceValue } from '../geo/place-selects.tsx';
import { isAcceptedImage, uploadFailureMessage, uploadImage } from '../images/images.api.ts';
import { PhotoInput } from '../images/photo-input.tsx';
import { keepBrowserLanguageFor } from '../users/language.api.ts';
import { AuthShell } from './auth-shell.tsx';
import { returnPath, returnState } from './return-path.ts';
import { useSignUp } from './session-changes.api.ts';

type RegisterFields = z.input<typeof registerFormSchema>;
type RegisterValues = z.output<typeof registerFormSchema>;

type Step = 'idle' | 'uploading' | 'registering' | 'done';

/** How long a photo uploaded for a failed registration is reused when the form is sent again. */
const REUSE_UPLOAD_MS = 60 * 60 * 1000;

export function RegisterPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const signUp = useSignUp();
  const photoRef = useRef<HTMLInputElement>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string>();
  // The photo already uploaded for this file: a registration tried again (a taken email, say)
  // reuses it instead of uploading it again, so it counts once against the network's uploads.
  // Only for an hour: the server deletes photos no registration used after two (decision 008).
  const uploaded = useRef<{ file: File; url: string; at: number } | null>(null);
  const [step, setStep] = useState<Step>('idle');
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<RegisterFields, unknown, RegisterValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      name: '',
      email: '',
      division: '',
      district: '',
      upazila: '',
      password: '',
      confirmPassword: '',
      consent: false,
    },
  });

  const place: PlaceValue = {
    division: watch('division') ?? '',
    district: watch('district') ?? '',
    upazila: watch('upazila') ?? '',
  };
  const changePlace = (next: PlaceValue) => {
    // Validate as the user goes only once they tried to submit, like the other fields.
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    setPlaceFields(setValue, next, options);
  };

  const photoProblem = (file: File | null) => {
    if (!file) return t('register.photoRequired');
    if (!isAcceptedImage(file)) return t('register.photoInvalid');
    return undefined;
  };
  const changePhoto = (file: File | null) => {
    setPhoto(file);
    setPhotoError(file || isSubmitted ? photoProblem(file) : undefined);
  };

  const onValid = async (values: RegisterValues) => {
    if (!photo) return;
    let image: string;
    const earlier = uploaded.current;
    if (earlier?.file === photo && Date.now() - earlier.at < REUSE_UPLOAD_MS) {
      image = earlier.url;
    } else {
      setStep('uploading');
      try {
        image = await uploadImage(photo);
      } catch (error) {
        setStep('idle');
        await errorDialog(
          t('errors.title'),
          uploadFailureMessage(error, t('register.uploadFailed')),
        );
        return;
      }
      uploaded.current = { file: photo, url: image, at: Date.now() };
    }

    setStep('registering');
    const { confirmPassword: _confirm, ...donor } = values;
    let registered: Awaited<ReturnType<typeof signUp.mutateAsync>>;
    try {
      // The schema let only a ticked box through.
      registered = await signUp.mutateAsync({ ...donor, image, consent: true });
    } catch (error) {
      setStep('idle');
      await errorDialog(
        t('errors.title'),
        error instanceof ApiError ? error.message : t('errors.generic'),
      );
      return;
    }
    setStep('done'); // Stays disabled while the success message shows.
    // The language this form was filled in becomes the account's (and its emails').
    await keepBrowserLanguageFor(registered.user.id);
    await toastSuccess(t('register.success'), 1500);
    await navigate(returnPath(location.state), { replace: true });
  };

  // The photo is a file, outside the schema: check it beside the schema's fields.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const problem = photoProblem(photo);
    setPhotoError(problem);
    return handleSubmit(async (values) => {
      if (problem) {
        photoRef.current?.focus();
        return;
      }
      await onValid(values);
    })(event);
  };

  const busy = isSubmitting || step !== 'idle';

  return (
    <AuthShell
      wide
      title={t('register.title')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link
            to="/login"
            state={returnState(location)}
            className="font-semibold text-red-700 hover:underline"
          >
            {t('register.login')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-name`}
          label={t('register.name')}
          type="text"
          autoComplete="name"
          error={errors.name?.message}
          field={register('name')}
        />
        <TextField
          id={`${id}-email`}
          label={t('register.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          field={register('email')}
        />
        <div className="sm:col-span-2">
          <PhotoInput
            ref={photoRef}
            id={`${id}-photo`}
            label={t('register.photo')}
            hint={t('register.photoHint')}
            file={photo}
            onChange={changePhoto}
            error={photoError}
          />
        </div>
        <BloodGroupField
          id={`${id}-bloodGroup`}
          label={t('register.bloodGroup')}
          error={errors.bloodGroup?.message}
          field={register('bloodGroup')}
          placeholder={t('register.selectBloodGroup')}
        />
        <PlaceSelects
          value={place}
          onChange={changePlace}
          errors={placeErrors(errors)}
          selectClassName={inputClass}
        />
        <TextField
          id={`${id}-password`}
          label={t('register.password')}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          field={register('password')}
        />
        <TextField
          id={`${id}-confirmPassword`}
          label={t('register.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          field={register('confirmPassword')}
        />
        {/* Issue 31 (PDPO 2025): consent apart from the terms, never ticked for the person. */}
        <div className="sm:col-span-2">
          <div className="flex items-start gap-3">
            <input
              id={`${id}-consent`}
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-red-600"
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={`${id}-consent-text ${id}-consent-note${errors.consent ? ` ${id}-consent-error` : ''}`}
              {...register('consent')}
            />
            <div>
              {/* A short name for the box; what it agrees to is its description, read with it. */}
              <label htmlFor={`${id}-consent`} className="text-sm font-semibold text-gray-900">
                {t('register.consentAgree')}
              </label>
              <p id={`${id}-consent-text`} className="mt-1 text-sm text-gray-800">
                {t('register.consentLabel')}
              </p>
              <p id={`${id}-consent-note`} className="mt-1 text-sm text-gray-600">
                {t('register.consentNote')}{' '}
                <a
                  href="/privacy"
                  target="_blank"
                  rel="noopener"
                  className="font-semibold text-red-800 underline hover:no-underline"
                >
                  {t('register.consentLink')}
                </a>
              </p>
              <FieldErrorText id={`${id}-consent`} message={errors.consent?.message} />
            </div>
          </div>
        </div>
        <div className="sm:col-span-2">
          <button
            type="submit"
            className={`${primaryButton} w-full`}
            disabled={busy}
            aria-busy={busy}
          >
            {busy && (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
              />
            )}
            {step === 'uploading'
              ? t('register.uploading')
              : step === 'registering'
                ? t('register.registering')
                : t('register.submit')}
          </button>
        </div>
      </form>
    </AuthShell>
  );
}
