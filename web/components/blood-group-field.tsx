import type { UseFormRegisterReturn } from 'react-hook-form';
import { BLOOD_GROUPS } from '../../common/constants.ts';
import { describe, FieldErrorText, inputClass, labelClass } from './form-field.tsx';

/** The blood group select of the register, profile and request forms, wired like a TextField. */
export function BloodGroupField({
  id,
  label,
  error,
  field,
  placeholder,
}: {
  id: string;
  label: string;
  error: string | undefined;
  field: UseFormRegisterReturn;
  /** The empty first option; without it a group is always chosen (the profile). */
  placeholder?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select className={inputClass} {...describe(id, error)} {...field}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {BLOOD_GROUPS.map((group) => (
          <option key={group} value={group}>
            {group}
          </option>
        ))}
      </select>
      <FieldErrorText id={id} message={error} />
    </div>
  );
}
