import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPES,
  type ApiTokenScope,
  createApiTokenSchema,
} from '../../../common/api-token.schema.ts';
import type { ApiTokenResponse } from '../../../common/api-token-response.schema.ts';
import type { Role } from '../../../common/constants.ts';
import { isStaff } from '../../../common/roles.ts';
import { primaryButton, secondaryButton } from '../../components/button-styles.ts';
import { cellClass, DataTable } from '../../components/data-table.tsx';
import { FieldErrorText, inputClass, labelClass, TextField } from '../../components/form-field.tsx';
import { LongText } from '../../components/long-text.tsx';
import { QueryError } from '../../components/query-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { apiMessage } from '../../lib/api.ts';
import { confirmDialog, errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { formatInstant } from '../../lib/format-instant.ts';
import { useSingleFlightCallback } from '../../lib/single-flight.ts';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from './api-tokens.api.ts';

const checkbox =
  'mt-1 size-4 rounded border-gray-300 accent-red-600 focus:outline-2 focus:outline-offset-2 focus:outline-red-500';

/** i18next reads `:` as a namespace separator, so the scopes' words have keys of their own. */
const SCOPE_TEXT = {
  'public:read': 'profile.apiTokens.scope.publicRead',
  'requests:write': 'profile.apiTokens.scope.requestsWrite',
  staff: 'profile.apiTokens.scope.staff',
} as const satisfies Record<ApiTokenScope, string>;

type Fields = z.input<typeof createApiTokenSchema>;
type Values = z.output<typeof createApiTokenSchema>;

/**
 * The profile's API tokens (issue 32, decision 044): make one for a program with a name and
 * scopes, see its secret once (with a copy button), list them with when each was last used, and
 * revoke one after a confirmation. The server decides who may give the staff scope; the box is
 * only offered to staff.
 */
export function ApiTokensSection({ role }: { role: Role }) {
  const { t } = useTranslation();
  const id = useId();
  const tokens = useApiTokens();
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const scopes = API_TOKEN_SCOPES.filter((scope) => scope !== 'staff' || isStaff(role));

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-xl border border-gray-200 bg-white p-6"
    >
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
          {t('profile.apiTokens.title')}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-gray-600">{t('profile.apiTokens.text')}</p>
      </div>
      {created ? (
        <NewToken created={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateTokenForm scopes={scopes} onCreated={setCreated} />
      )}
      {tokens.isPending ? (
        <Spinner />
      ) : tokens.isError ? (
        <QueryError error={tokens.error} onRetry={() => void tokens.refetch()} />
      ) : tokens.data.length === 0 ? (
        <p className="text-sm text-gray-600">{t('profile.apiTokens.none')}</p>
      ) : (
        <TokenTable tokens={tokens.data} />
      )}
    </section>
  );
}

function CreateTokenForm({
  scopes,
  onCreated,
}: {
  scopes: ApiTokenScope[];
  onCreated: (created: { name: string; token: string }) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateApiToken();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Fields, unknown, Values>({
    resolver: zodResolver(createApiTokenSchema),
    defaultValues: { name: '', scopes: [] },
  });

  const onSubmit = useSingleFlightCallback(async (values: Values) => {
    try {
      const answer = await create.mutateAsync(values);
      reset({ name: '', scopes: [] });
      onCreated({ name: answer.name, token: answer.token });
    } catch (error) {
      await errorDialog(
        t('profile.apiTokens.createFailed'),
        apiMessage(error, t('errors.generic')),
      );
    }
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-3">
      <TextField
        id={`${id}-name`}
        label={t('profile.apiTokens.name')}
        error={errors.name?.message}
        field={register('name')}
        className="max-w-md"
      />
      <p className="text-xs text-gray-600">
        {t('profile.apiTokens.nameHint', { max: API_TOKEN_NAME_MAX })}
      </p>
      <fieldset aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}>
        <legend className={labelClass}>{t('profile.apiTokens.scopes')}</legend>
        <div className="mt-1 space-y-2">
          {scopes.map((scope) => (
            <label key={scope} className="flex items-start gap-2 text-sm text-gray-800">
              <input type="checkbox" value={scope} className={checkbox} {...register('scopes')} />
              <span>
                <code className="font-mono text-xs">{scope}</code> {t(SCOPE_TEXT[scope])}
              </span>
            </label>
          ))}
        </div>
        <FieldErrorText id={`${id}-scopes`} message={errors.scopes?.message} />
      </fieldset>
      <button type="submit" className={primaryButton} disabled={isSubmitting}>
        {isSubmitting ? t('profile.apiTokens.creating') : t('profile.apiTokens.create')}
      </button>
    </form>
  );
}

/** The secret, this once: the server keeps only its hash. */
function NewToken({
  created,
  onDone,
}: {
  created: { name: string; token: string };
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copyToken = () =>
    (
      navigator.clipboard?.writeText(created.token) ?? Promise.reject(new Error('no clipboard'))
    ).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  return (
    <div className="space-y-3 rounded-lg border border-green-200 bg-green-50 p-4">
      <p className="text-sm font-semibold text-gray-900" role="status">
        {t('profile.apiTokens.createdTitle', { name: created.name })}
      </p>
      <p className="text-sm text-gray-700">{t('profile.apiTokens.createdText')}</p>
      <label htmlFor={`${id}-token`} className={labelClass}>
        {t('profile.apiTokens.secret')}
      </label>
      <input
        id={`${id}-token`}
        readOnly
        value={created.token}
        onFocus={(event) => event.currentTarget.select()}
        className={`${inputClass} font-mono text-xs`}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={secondaryButton} onClick={() => void copyToken()}>
          {t('profile.apiTokens.copy')}
        </button>
        <button type="button" className={primaryButton} onClick={onDone}>
          {t('profile.apiTokens.done')}
        </button>
        <span aria-live="polite" className="text-sm text-gray-700">
          {copy === 'copied'
            ? t('profile.apiTokens.copied')
            : copy === 'failed'
              ? t('profile.apiTokens.copyFailed')
              : ''}
        </span>
      </div>
    </div>
  );
}

function TokenTable({ tokens }: { tokens: ApiTokenResponse[] }) {
  const { t } = useTranslation();
  const revoke = useRevokeApiToken();
  const onRevoke = useSingleFlightCallback(async (token: ApiTokenResponse) => {
    const confirmed = await confirmDialog(
      t('profile.apiTokens.revokeTitle', { name: token.name }),
      t('profile.apiTokens.revokeText'),
      { confirm: t('profile.apiTokens.revoke'), cancel: t('profile.apiTokens.keep') },
    );
    if (!confirmed) return;
    try {
      await revoke.mutateAsync(token.id);
      void toastSuccess(t('profile.apiTokens.revoked'));
    } catch (error) {
      await errorDialog(t('errors.title'), apiMessage(error, t('errors.generic')));
    }
  });
  return (
    <DataTable
      caption={t('profile.apiTokens.title')}
      columns={[
        t('profile.apiTokens.name'),
        t('profile.apiTokens.scopes'),
        t('profile.apiTokens.created'),
        t('profile.apiTokens.lastUsed'),
        t('profile.apiTokens.actions'),
      ]}
    >
      {tokens.map((token) => (
        <tr key={token.id}>
          <th scope="row" className={`${cellClass} font-medium`}>
            <LongText text={token.name} />
          </th>
          <td className={`${cellClass} font-mono text-xs`}>{token.scopes.join(' ')}</td>
          <td className={cellClass}>{formatInstant(token.createdAt)}</td>
          <td className={cellClass}>
            {token.lastUsedAt ? formatInstant(token.lastUsedAt) : t('profile.apiTokens.never')}
          </td>
          <td className={cellClass}>
            <button
              type="button"
              className={secondaryButton}
              aria-label={t('profile.apiTokens.revokeNamed', { name: token.name })}
              onClick={() => void onRevoke(token)}
            >
              {t('profile.apiTokens.revoke')}
            </button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
