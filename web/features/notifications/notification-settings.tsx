import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_SETTING_KEYS,
  type NotificationSettings,
} from '../../../common/notification.schema.ts';
import { primaryButton } from '../../components/button-styles.ts';
import { QueryError } from '../../components/query-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { useNotificationSettings, useSaveNotificationSettings } from './notifications.api.ts';

/** Which notifications the person gets; in the app always, by email as well when they want. */
export function NotificationSettingsSection() {
  const { t } = useTranslation();
  const id = useId();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const [choice, setChoice] = useState<NotificationSettings>();

  useEffect(() => {
    if (settings.data) {
      const { emailAvailable: _, ...chosen } = settings.data;
      setChoice(chosen);
    }
  }, [settings.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice) return;
    save.mutate(choice, {
      onSuccess: () => void toastSuccess(t('notifications.settings.saved')),
      onError: (error) =>
        void errorDialog(
          t('errors.title'),
          error instanceof ApiError ? error.message : t('errors.generic'),
        ),
    });
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-gray-200 bg-white p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
        {t('notifications.settings.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t('notifications.settings.text')}</p>
      {settings.isPending || (!choice && !settings.isError) ? (
        <Spinner />
      ) : settings.isError || !choice ? (
        <QueryError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-3">
          <fieldset className="flex flex-col gap-3" disabled={save.isPending}>
            <legend className="sr-only">{t('notifications.settings.title')}</legend>
            {NOTIFICATION_SETTING_KEYS.map((key) => {
              const off = key === 'email' && !settings.data?.emailAvailable;
              return (
                <div key={key} className="flex items-start gap-3">
                  <input
                    id={`${id}-${key}`}
                    type="checkbox"
                    checked={choice[key] && !off}
                    disabled={off}
                    aria-describedby={`${id}-${key}-hint`}
                    onChange={(event) => setChoice({ ...choice, [key]: event.target.checked })}
                    className="mt-1 size-4 rounded border-gray-300 accent-red-600 focus:outline-2 focus:outline-offset-2 focus:outline-red-500"
                  />
                  <div>
                    <label htmlFor={`${id}-${key}`} className="text-sm font-medium text-gray-900">
                      {t(`notifications.settings.${key}`)}
                    </label>
                    <p id={`${id}-${key}-hint`} className="text-sm text-gray-600">
                      {off
                        ? t('notifications.settings.emailOff')
                        : t(`notifications.settings.${key}Hint`)}
                    </p>
                  </div>
                </div>
              );
            })}
          </fieldset>
          <div>
            <button type="submit" className={primaryButton} disabled={save.isPending}>
              {save.isPending
                ? t('notifications.settings.saving')
                : t('notifications.settings.save')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
