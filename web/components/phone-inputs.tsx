import type { ChangeEvent } from 'react';
import { inputClass } from './field-styles.ts';

interface InputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Ids of the hint and error that describe the field, if any. */
  describedBy?: string;
  invalid?: boolean;
  className?: string;
}

/**
 * A Bangladeshi mobile number as people type it (issue 28): the phone's dial pad, the browser's
 * own number offered, an example in the number's usual written form. The profile's number and a
 * request's contact number use this one field.
 */
export function PhoneNumberInput({
  id,
  value,
  onChange,
  describedBy,
  invalid,
  className,
}: InputProps) {
  return (
    <input
      id={id}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="01712-345678"
      value={value}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={className ?? inputClass}
    />
  );
}

/**
 * A one-time SMS code: six digits, anything else dropped as it is typed, and the phone's
 * offer of the code from the message (autocomplete one-time-code).
 */
export function PhoneCodeInput({
  id,
  value,
  onChange,
  describedBy,
  invalid,
  className,
}: InputProps) {
  return (
    <input
      id={id}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        onChange(event.target.value.replace(/\D/g, ''))
      }
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={className ?? inputClass.replace('w-full', 'w-40')}
    />
  );
}
