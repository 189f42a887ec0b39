import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { todayInDhaka } from '../../../common/dhaka-date.ts';
import { type CreateRequest, createRequestSchema } from '../../../common/request.schema.ts';
import { BloodGroupField } from '../../components/blood-group-field.tsx';
import { inputClass, TextField } from '../../components/form-field.tsx';
import { placeErrors, setPlaceFields } from '../geo/place-form.ts';
import { PlaceSelects } from '../geo/place-selects.tsx';
import { RequestNeedFields } from './request-need-fields.tsx';

/** What the inputs hold; the schema turns it into a CreateRequest (SPEC §5 messages). */
export type RequestFormValues = z.input<typeof createRequestSchema>;
export type RequestForm = UseFormReturn<RequestFormValues, unknown, CreateRequest>;

export const emptyRequestForm: RequestFormValues = {
  recipientName: '',
  // The select's "Select blood group" option; the schema answers 'Please select blood group'.
  bloodGroup: '' as RequestFormValues['bloodGroup'],
  division: '',
  district: '',
  upazila: '',
  hospitalName: '',
  fullAddress: '',
  donationDate: '',
  donationTime: '',
  requestMessage: '',
  // Issue 27: what most requests are, and what a client that sends none of these gets.
  bags: 1,
  component: 'whole_blood',
  urgency: 'scheduled',
  // Issue 28: optional; only the create form shows it (the detail page changes it later).
  contactPhone: '',
};

/** The create form and the edit dialog validate with the same schema the server uses. */
export function useRequestForm(defaultValues: RequestFormValues = emptyRequestForm): RequestForm {
  return useForm<RequestFormValues, unknown, CreateRequest>({
    resolver: zodResolver(createRequestSchema),
    defaultValues,
  });
}

/**
 * The request's own fields (recipient, blood group, what is needed, place, hospital, address,
 * date, time, message), laid out for a two-column grid. Used by Create Donation Request and by
 * Edit, which passes `minBags`: the donors who already said yes.
 */
export function RequestFormFields({
  form,
  minBags,
  withContact = false,
}: {
  form: RequestForm;
  minBags?: number;
  /** Issue 28: the contact number field (create only: the edit dialog sends every field). */
  withContact?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const {
    register,
    setValue,
    control,
    formState: { errors, isSubmitted },
  } = form;
  const [division, district, upazila] = useWatch({
    control,
    name: ['division', 'district', 'upazila'],
  });

  // What every text field of this form shares: its id, label, error and registration.
  const text = (
    name: Exclude<keyof RequestFormValues, 'bloodGroup' | 'bags' | 'component' | 'urgency'>,
    label: string,
  ) => ({
    id: `${id}-${name}`,
    label,
    error: errors[name]?.message,
    field: register(name),
  });

  return (
    <>
      <TextField
        type="text"
        autoComplete="off"
        {...text('recipientName', t('requests.fields.recipientName'))}
      />
      <BloodGroupField
        id={`${id}-bloodGroup`}
        label={t('requests.fields.bloodGroup')}
        error={errors.bloodGroup?.message}
        field={register('bloodGroup')}
        placeholder={t('requests.form.selectBloodGroup')}
      />
      <RequestNeedFields form={form} minBags={minBags} />
      <PlaceSelects
        value={{ division: division ?? '', district: district ?? '', upazila: upazila ?? '' }}
        onChange={(place) => {
          // Validate as the user picks only once they have tried to submit, like the inputs.
          const options = { shouldDirty: true, shouldValidate: isSubmitted };
          setPlaceFields(setValue, place, options);
        }}
        errors={placeErrors(errors)}
        selectClassName={inputClass}
      />
      <TextField
        type="text"
        autoComplete="off"
        {...text('hospitalName', t('requests.fields.hospitalName'))}
      />
      <TextField
        className="sm:col-span-2"
        type="text"
        autoComplete="street-address"
        {...text('fullAddress', t('requests.fields.fullAddress'))}
      />
      <TextField
        type="date"
        min={todayInDhaka()}
        {...text('donationDate', t('requests.fields.donationDate'))}
      />
      <TextField type="time" {...text('donationTime', t('requests.fields.donationTime'))} />
      <TextField
        className="sm:col-span-2"
        rows={4}
        {...text('requestMessage', t('requests.fields.requestMessage'))}
      />
      {withContact && (
        <div className="sm:col-span-2">
          <TextField
            type="tel"
            autoComplete="tel-national"
            {...text('contactPhone', t('requests.fields.contactPhone'))}
          />
          <p className="mt-1 text-sm text-gray-600">{t('requests.fields.contactPhoneHint')}</p>
        </div>
      )}
    </>
  );
}
