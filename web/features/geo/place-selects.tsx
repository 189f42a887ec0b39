import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../components/field-styles.ts';
import { useMessageText } from '../../lib/message-text.ts';
import { useDistricts, useDivisions, useUpazilas } from './geo.api.ts';

/** Places travel by English name (DESIGN §1); ids only drive the cascade. */
export interface PlaceValue {
  division: string;
  district: string;
  upazila: string;
}

export type PlaceField = keyof PlaceValue;

export interface PlaceSelectsProps {
  value: PlaceValue;
  /** Gets the whole new value; a changed division or district clears the levels below it. */
  onChange: (value: PlaceValue) => void;
  /** A message to show under a select (and mark it invalid). */
  errors?: Partial<Record<PlaceField, string | undefined>>;
  disabled?: boolean;
  /** Filters (donor search): every level may stay empty, shown as "Any …". */
  optional?: boolean;
  /** Offer the upazila after the district (default true). */
  withUpazila?: boolean;
  /** Class of each field's wrapper, e.g. a grid column span. */
  fieldClassName?: string;
  selectClassName?: string;
}

/** The forms' look (components/form-field.tsx), the same height as the inputs beside them. */
export const defaultSelectClass = inputClass;

/** Division → district → upazila selects, for registration, profile, requests and search. */
export function PlaceSelects({
  value,
  onChange,
  errors = {},
  disabled = false,
  optional = false,
  withUpazila = true,
  fieldClassName = '',
  selectClassName = defaultSelectClass,
}: PlaceSelectsProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const bangla = i18n.language.startsWith('bn');
  const label = (place: { name: string; bnName: string }) => (bangla ? place.bnName : place.name);

  const divisions = useDivisions();
  const divisionId = divisions.data?.find((d) => d.name === value.division)?.id;
  const districts = useDistricts(divisionId);
  const districtId = districts.data?.find((d) => d.name === value.district)?.id;
  const upazilas = useUpazilas(withUpazila ? districtId : undefined);

  const field = (name: PlaceField) => {
    const error = errors[name];
    return {
      id: `${id}-${name}`,
      name,
      value: value[name],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${name}-error` : undefined,
      className: selectClassName,
    };
  };

  return (
    <>
      <PlaceField
        id={`${id}-division`}
        label={t('geo.division')}
        error={errors.division}
        loadFailed={divisions.isError}
        onRetry={() => void divisions.refetch()}
        className={fieldClassName}
      >
        <select
          {...field('division')}
          disabled={disabled || divisions.isPending}
          onChange={(e) => onChange({ division: e.target.value, district: '', upazila: '' })}
        >
          <option value="">
            {divisions.isPending
              ? t('app.loading')
              : optional
                ? t('geo.anyDivision')
                : t('geo.selectDivision')}
          </option>
          {divisions.data?.map((division) => (
            <option key={division.id} value={division.name}>
              {label(division)}
            </option>
          ))}
          <UnknownOption value={value.division} known={divisions.data} />
        </select>
      </PlaceField>

      <PlaceField
        id={`${id}-district`}
        label={t('geo.district')}
        error={errors.district}
        loadFailed={districts.isError}
        onRetry={() => void districts.refetch()}
        className={fieldClassName}
      >
        <select
          {...field('district')}
          disabled={disabled || divisionId === undefined || districts.isPending}
          onChange={(e) => onChange({ ...value, district: e.target.value, upazila: '' })}
        >
          <option value="">
            {divisionId !== undefined && districts.isPending
              ? t('app.loading')
              : optional
                ? t('geo.anyDistrict')
                : t('geo.selectDistrict')}
          </option>
          {districts.data?.map((district) => (
            <option key={district.id} value={district.name}>
              {label(district)}
            </option>
          ))}
          <UnknownOption value={value.district} known={districts.data} />
        </select>
      </PlaceField>

      {withUpazila && (
        <PlaceField
          id={`${id}-upazila`}
          label={t('geo.upazila')}
          error={errors.upazila}
          loadFailed={upazilas.isError}
          onRetry={() => void upazilas.refetch()}
          className={fieldClassName}
        >
          <select
            {...field('upazila')}
            disabled={disabled || districtId === undefined || upazilas.isPending}
            onChange={(e) => onChange({ ...value, upazila: e.target.value })}
          >
            <option value="">
              {districtId !== undefined && upazilas.isPending
                ? t('app.loading')
                : optional
                  ? t('geo.anyUpazila')
                  : t('geo.selectUpazila')}
            </option>
            {upazilas.data?.map((upazila) => (
              <option key={upazila.id} value={upazila.name}>
                {label(upazila)}
              </option>
            ))}
            <UnknownOption value={value.upazila} known={upazilas.data} />
          </select>
        </PlaceField>
      )}
    </>
  );
}

/**
 * Keeps a saved name visible while its list loads (or if the list no longer has it), so a
 * read-only profile never shows an empty select.
 */
function UnknownOption({ value, known }: { value: string; known: { name: string }[] | undefined }) {
  if (!value || known?.some((place) => place.name === value)) return null;
  return <option value={value}>{value}</option>;
}

function PlaceField({
  id,
  label,
  error,
  loadFailed,
  onRetry,
  className,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  loadFailed: boolean;
  onRetry: () => void;
  className: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const errorText = useMessageText(error);
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {errorText && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {errorText}
        </p>
      )}
      {loadFailed && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {t('geo.loadFailed')}{' '}
          <button
            type="button"
            onClick={onRetry}
            className="font-medium underline underline-offset-2 hover:no-underline"
          >
            {t('geo.retry')}
          </button>
        </p>
      )}
    </div>
  );
}
