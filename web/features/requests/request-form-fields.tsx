import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { BLOOD_GROUPS } from '../../../common/constants.ts';
import {
  type CreateRequest,
  createRequestSchema,
  todayInDhaka,
} from '../../../common/request.schema.ts';
import { describe, FieldErrorText, inputClass, labelClass } from '../../components/form-field.tsx';
import { PlaceSelects } from '../geo/place-selects.tsx';

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
};

/** The create form and the edit dialog validate with the same schema the server uses. */
export function useRequestForm(defaultValues: RequestFormValues = emptyRequestForm): RequestForm {
  return useForm<RequestFormValues, unknown, CreateRequest>({
    resolver: zodResolver(createRequestSchema),
    defaultValues,
  });
}

/**
 * The request's own fields (recipient, blood group, place, hospital, address, date, time,
 * message), laid out for a two-column grid. Used by Create Donation Request and by Edit.
 */
export function RequestFormFields({ form }: { form: RequestForm }) {
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

  const field = (name: keyof RequestFormValues) => ({
    ...describe(`${id}-${name}`, errors[name]?.message),
    className: inputClass,
    ...register(name),
  });
  const label = (name: keyof RequestFormValues, text: string) => (
    <label htmlFor={`${id}-${name}`} className={labelClass}>
      {text}
    </label>
  );
  const error = (name: keyof RequestFormValues) => (
    <FieldErrorText id={`${id}-${name}`} message={errors[name]?.message} />
  );

  return (
    <>
      <div>
        {label('recipientName', t('requests.fields.recipientName'))}
        <input type="text" autoComplete="off" {...field('recipientName')} />
        {error('recipientName')}
      </div>
      <div>
        {label('bloodGroup', t('requests.fields.bloodGroup'))}
        <select {...field('bloodGroup')}>
          <option value="">{t('requests.form.selectBloodGroup')}</option>
          {BLOOD_GROUPS.map((group) => (
            <option key={group} value={group}>
              {group}
            </option>
          ))}
        </select>
        {error('bloodGroup')}
      </div>
      <PlaceSelects
        value={{ division: division ?? '', district: district ?? '', upazila: upazila ?? '' }}
        onChange={(place) => {
          // Validate as the user picks only once they have tried to submit, like the inputs.
          const options = { shouldDirty: true, shouldValidate: isSubmitted };
          setValue('division', place.division, options);
          setValue('district', place.district, options);
          setValue('upazila', place.upazila, options);
        }}
        errors={{
          division: errors.division?.message,
          district: errors.district?.message,
          upazila: errors.upazila?.message,
        }}
        selectClassName={inputClass}
      />
      <div>
        {label('hospitalName', t('requests.fields.hospitalName'))}
        <input type="text" autoComplete="off" {...field('hospitalName')} />
        {error('hospitalName')}
      </div>
      <div className="sm:col-span-2">
        {label('fullAddress', t('requests.fields.fullAddress'))}
        <input type="text" autoComplete="street-address" {...field('fullAddress')} />
        {error('fullAddress')}
      </div>
      <div>
        {label('donationDate', t('requests.fields.donationDate'))}
        <input type="date" min={todayInDhaka()} {...field('donationDate')} />
        {error('donationDate')}
      </div>
      <div>
        {label('donationTime', t('requests.fields.donationTime'))}
        <input type="time" {...field('donationTime')} />
        {error('donationTime')}
      </div>
      <div className="sm:col-span-2">
        {label('requestMessage', t('requests.fields.requestMessage'))}
        <textarea rows={4} {...field('requestMessage')} />
        {error('requestMessage')}
      </div>
    </>
  );
}
