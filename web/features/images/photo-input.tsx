import { type Ref, useEffect, useState } from 'react';
import { describe, FieldErrorText, labelClass } from '../../components/form-field.tsx';
import { IMAGE_TYPES } from './images.api.ts';

/** A photo file input with a preview of the chosen file. */
export function PhotoInput({
  id,
  label,
  hint,
  file,
  onChange,
  error,
  ref,
}: {
  id: string;
  label: string;
  hint?: string;
  file: File | null;
  onChange: (file: File | null) => void;
  error: string | undefined;
  ref?: Ref<HTMLInputElement>;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const described = describe(id, error);
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [described['aria-describedby'], hintId].filter(Boolean).join(' ');

  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="mt-1 flex items-center gap-3">
        {preview && (
          <img src={preview} alt="" className="size-12 shrink-0 rounded-full object-cover" />
        )}
        <input
          ref={ref}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          {...described}
          aria-describedby={describedBy || undefined}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          className="block w-full rounded-lg border border-gray-300 text-sm text-gray-700 file:mr-3 file:border-0 file:bg-red-50 file:px-4 file:py-2 file:font-semibold file:text-red-700 hover:file:bg-red-100 focus:outline-2 focus:outline-offset-1 focus:outline-red-500 aria-invalid:border-red-500"
        />
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      )}
      <FieldErrorText id={id} message={error} />
    </div>
  );
}
