import { useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';
import { sessionQueryOptions } from './session.api.ts';
import { startSession } from './session-changes.api.ts';

// Issue 25: the second factor, served by better-auth's twoFactor plugin (server/auth/two-factor.ts).

const contract = () => import('../../../common/contract/two-factor.contract.ts');

/** The sign-in's code step: an app code or a recovery code; on success the session starts. */
export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: async ({ code, recovery }: { code: string; recovery: boolean }) => {
      const { verifyTotp, verifyBackupCode } = await contract();
      return request(recovery ? verifyBackupCode : verifyTotp, { json: { code } });
    },
    onSuccess: () => startSession(queryClient),
  });
}

/** Reads the session again: turning the second factor on or off changes what the user may do. */
function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
}

/** Setup, first part: the authenticator's key (as an otpauth:// address) and recovery codes. */
export function useEnableSecondFactor() {
  return useSingleFlightMutation({
    mutationFn: async (password: string) =>
      request((await contract()).enableTwoFactor, { json: { password } }),
  });
}

/** Setup, second part: the app's first code proves it has the key; then the factor is on. */
export function useConfirmSecondFactor() {
  const refresh = useRefreshSession();
  return useSingleFlightMutation({
    mutationFn: async (code: string) => request((await contract()).verifyTotp, { json: { code } }),
    onSuccess: refresh,
  });
}

/** Turning it off (password again). */
export function useDisableSecondFactor() {
  const refresh = useRefreshSession();
  return useSingleFlightMutation({
    mutationFn: async (password: string) =>
      request((await contract()).disableTwoFactor, { json: { password } }),
    onSuccess: refresh,
  });
}

/** The base32 key inside an otpauth:// address, in groups of four for typing into an app. */
export function setupKeyOf(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get('secret') ?? '';
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}
