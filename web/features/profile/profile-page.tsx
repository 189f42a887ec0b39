import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { REQUEST_TIME_ZONE } from '../../../common/dhaka-date.ts';
import { updateProfileSchema } from '../../../common/user.schema.ts';
import type { UserResponse } from '../../../common/user-response.schema.ts';
import { BloodGroupField } from '../../components/blood-group-field.tsx';
import { primaryButton, secondaryButton } from '../../components/button-styles.ts';
import { inputClass, labelClass, TextField } from '../../components/form-field.tsx';
import { QueryError } from '../../components/query-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { ApiError, apiMessage, endsSession } from '../../lib/api.ts';
import { confirmDialog, errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { draftOf, useFormDraft } from '../../lib/form-draft.ts';
import { intlLocale } from '../../lib/i18n.ts';
import { useSingleFlightCallback } from '../../lib/single-flight.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { ChangePassword } from '../auth/change-password.tsx';
import { SignOutEverywhere } from '../auth/sign-out-everywhere.tsx';
import { placeErrors, setPlaceFields } from '../geo/place-form.ts';
import { PlaceSelects, type PlaceValue } from '../geo/place-selects.tsx';
import { DonationHistory } from '../history/donation-history.tsx';
import { isAcceptedImage, uploadFailureMessage, uploadImage } from '../images/images.api.ts';
import { PhotoInput } from '../images/photo-input.tsx';
import { AvailabilitySection } from '../matching/availability-section.tsx';
import { ConsentSection } from '../privacy/consent-section.tsx';
import { DeleteAccount } from '../privacy/delete-account.tsx';
import { ApiTokensSection } from '../tokens/api-tokens-section.tsx';
import { useMarkDonated, useMe, useUpdateProfile } from '../users/users.api.ts';
import { PhoneSection } from './phone-section.tsx';

/** The server's own rules for a profile change, with every field but the photo present. */
const profileFormSchema = updateProfileSchema.omit({ image: true }).required({
  name: true,
  bloodGroup: true,
  division: true,
  district: true,
  searchVisible: true,
});
type ProfileFields = z.input<typeof profileFormSchema>;
type ProfileValues = z.output<typeof profileFormSchema>;

const PROFILE_DRAFT = 'profile';

const toFields = (me: UserResponse): ProfileFields => ({
  name: me.name,
  bloodGroup: me.bloodGroup,
  division: me.division,
  district: me.district,
  upazila: me.upazila ?? '',
  searchVisible: me.searchVisible,
});

export function ProfilePage() {
  const { t } = useTranslation();
  usePageTitle(t('profile.title'));
  const me = useMe();

  return (
    <div className="space-y-6">
      <section className="rounded-xl border border-gray-200 bg-white p-6">
        <h1 className="mb-6 text-2xl font-bold text-gray-900">{t('profile.title')}</h1>
        {me.isPending ? (
          <Spinner />
        ) : me.isError ? (
          <QueryError error={me.error} onRetry={() => void me.refetch()} />
        ) : (
          <ProfileForm me={me.data} consentWithdrawn={me.data.consent.withdrawnAt !== null} />
        )}
      </section>
      {me.data && <AvailabilitySection me={me.data} />}
      {/* Issue 28: the mobile number, verified by SMS, and SMS alerts. */}
      {me.data && <PhoneSection phone={me.data.phone} />}
      {/* Issue 14: completed donations and their certificates. */}
      <DonationHistory />
      <ChangePassword />
      <SignOutEverywhere />
      {/* Issue 32: personal API tokens for the person's own programs. */}
      {me.data && <ApiTokensSection role={me.data.role} />}
      {/* Issue 31: consent to the privacy notice, withdrawn or given again; delete my account. */}
      {me.data && <ConsentSection consent={me.data.consent} />}
      <DeleteAccount />
    </div>
  );
}

function ProfileForm({ me, consentWithdrawn }: { me: UserResponse; consentWithdrawn: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  // Issue 30 item 9: back from signing in again with unsaved changes, editing goes on with them.
  const [editing, setEditing] = useState(() => draftOf(PROFILE_DRAFT, me.id) !== null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string>();
  const updateProfile = useUpdateProfile();
  const markDonated = useMarkDonated();
  const form = useForm<ProfileFields, unknown, ProfileValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: toFields(me),
  });
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const draft = useFormDraft(PROFILE_DRAFT, me.id, form, { active: editing });

  // Fresh data from the server shows at once, unless the user is in the middle of editing.
  useEffect(() => {
    if (!editing) reset(toFields(me));
  }, [me, editing, reset]);

  useEffect(() => {
    if (editing) setFocus('name');
  }, [editing, setFocus]);

  const place: PlaceValue = {
    division: watch('division') ?? '',
    district: watch('district') ?? '',
    upazila: watch('upazila') ?? '',
  };
  const changePlace = (next: PlaceValue) => {
    const options = { shouldDirty: true };
    setPlaceFields(setValue, next, options);
  };

  const changePhoto = (file: File | null) => {
    setPhoto(file);
    setPhotoError(file && !isAcceptedImage(file) ? t('register.photoInvalid') : undefined);
  };

  const leaveEditing = () => {
    setEditing(false);
    setPhoto(null);
    setPhotoError(undefined);
    reset(toFields(me));
    draft.clear();
  };

  const onSave = useSingleFlightCallback(async (values: ProfileValues) => {
    if (photoError) return;
    let image: string | undefined;
    if (photo) {
      try {
        image = await uploadImage(photo);
      } catch (error) {
        if (error instanceof ApiError && endsSession(error)) return; // As below: the draft waits.
        // A limit's refusal says when to try again (SPEC's message has no room for it).
        const why = uploadFailureMessage(error, '');
        await errorDialog(t('profile.uploadFailed'), why || undefined);
        return;
      }
    }
    try {
      await updateProfile.mutateAsync({
        id: me.id,
        changes: { ...values, upazila: values.upazila || null, ...(image ? { image } : {}) },
      });
    } catch (error) {
      // The session ended: the sign-in page says so, and the draft waits for the user's return.
      if (error instanceof ApiError && endsSession(error)) return;
      await errorDialog(t('errors.title'), apiMessage(error, t('errors.generic')));
      return;
    }
    // The profile was refetched before mutateAsync resolved, so this shows the saved values.
    draft.clear();
    setEditing(false);
    setPhoto(null);
    void toastSuccess(t('profile.updated'));
  });

  const onMarkDonated = useSingleFlightCallback(async () => {
    const confirmed = await confirmDialog(
      t('profile.markDonatedConfirmTitle'),
      t('profile.markDonatedConfirmText'),
      { confirm: t('profile.markDonated'), cancel: t('profile.cancel') },
    );
    if (!confirmed) return;
    markDonated.mutate(me.id, {
      onSuccess: () => void toastSuccess(t('profile.markedDonated')),
      onError: (error) =>
        void errorDialog(t('errors.title'), apiMessage(error, t('errors.generic'))),
    });
  });

  // The day in Bangladesh, whatever the browser's zone: the day Donate Now counts the rest to
  // (donate-action.tsx), so the profile and a request's page never name different days.
  const formatDate = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale(), {
      dateStyle: 'long',
      timeZone: REQUEST_TIME_ZONE,
    }).format(new Date(iso));

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-4">
        <UserAvatar name={me.name} image={me.image} className="size-20 text-2xl" eager />
        <div className="min-w-0 flex-1">
          <p className="truncate text-lg font-semibold text-gray-900" title={me.name}>
            {me.name}
          </p>
          <p className="text-sm">
            {me.eligible ? (
              <span className="inline-flex rounded-full bg-green-100 px-2.5 py-0.5 font-medium text-green-800">
                {t('profile.eligible')}
              </span>
            ) : (
              <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 font-medium text-amber-900">
                {me.eligibleAgainOn
                  ? t('profile.notEligible', { date: formatDate(me.eligibleAgainOn) })
                  : t('profile.notEligibleShort')}
              </span>
            )}
          </p>
          {me.lastDonationDate && (
            <p className="mt-1 text-sm text-gray-600">
              {t('profile.lastDonation', { date: formatDate(me.lastDonationDate) })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={secondaryButton}
            aria-pressed={editing}
            onClick={() => (editing ? leaveEditing() : setEditing(true))}
            disabled={isSubmitting}
          >
            {editing ? t('profile.cancel') : t('profile.edit')}
          </button>
          <button
            type="button"
            className={primaryButton}
            onClick={() => void onMarkDonated()}
            disabled={markDonated.isPending}
          >
            {markDonated.isPending ? t('profile.marking') : t('profile.markDonated')}
          </button>
        </div>
      </div>

      <form noValidate onSubmit={handleSubmit(onSave)}>
        <fieldset disabled={!editing || isSubmitting} className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">{t('profile.title')}</legend>
          <TextField
            id={`${id}-name`}
            label={t('profile.name')}
            type="text"
            autoComplete="name"
            error={errors.name?.message}
            field={register('name')}
          />
          <TextField
            id={`${id}-email`}
            label={t('profile.email')}
            type="email"
            readOnly
            value={me.email}
            title={me.email}
          />
          <PlaceSelects
            value={place}
            onChange={changePlace}
            disabled={!editing}
            errors={placeErrors(errors)}
            selectClassName={inputClass}
          />
          <BloodGroupField
            id={`${id}-bloodGroup`}
            label={t('profile.bloodGroup')}
            error={errors.bloodGroup?.message}
            field={register('bloodGroup')}
          />
          {/* Issue 31: hiding is part of consent; withdrawn, there is no donor search to show
              oneself in until it is given again (below), so the box gives way to that news. */}
          {consentWithdrawn ? (
            <p className="text-sm text-gray-700 sm:col-span-2">
              {t('profile.consentWithdrawnText')}
            </p>
          ) : (
            <div className="sm:col-span-2">
              <div className="flex items-start gap-3">
                <input
                  id={`${id}-searchVisible`}
                  type="checkbox"
                  aria-describedby={`${id}-searchVisible-hint`}
                  className="mt-1 size-4 rounded border-gray-300 accent-red-600 focus:outline-2 focus:outline-offset-2 focus:outline-red-500"
                  {...register('searchVisible')}
                />
                <div>
                  <label htmlFor={`${id}-searchVisible`} className={labelClass}>
                    {t('profile.searchVisible')}
                  </label>
                  <p id={`${id}-searchVisible-hint`} className="text-sm text-gray-600">
                    {t('profile.searchVisibleHint')}
                  </p>
                </div>
              </div>
            </div>
          )}
          {editing && (
            <>
              <div className="sm:col-span-2">
                <PhotoInput
                  id={`${id}-photo`}
                  label={t('profile.photo')}
                  hint={t('profile.photoHint')}
                  file={photo}
                  onChange={changePhoto}
                  error={photoError}
                />
              </div>
              <div className="sm:col-span-2">
                <button type="submit" className={primaryButton} aria-busy={isSubmitting}>
                  {isSubmitting ? t('profile.saving') : t('profile.save')}
                </button>
              </div>
            </>
          )}
        </fieldset>
      </form>
    </div>
  );
}
