import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateApiToken } from '../../../common/api-token.schema.ts';
import {
  createApiToken,
  listApiTokens,
  revokeApiToken,
} from '../../../common/contract/tokens.contract.ts';
import { request } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

export const apiTokensQueryKey = ['tokens'] as const;

/** GET /api/tokens: the caller's API tokens (issue 32), never their secrets. */
export function useApiTokens() {
  return useQuery({ queryKey: apiTokensQueryKey, queryFn: () => request(listApiTokens, {}) });
}

/** POST /api/tokens: the answer carries the secret, shown once by the caller. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (input: CreateApiToken) => request(createApiToken, { json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}

/** DELETE /api/tokens/:id. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (id: string) => request(revokeApiToken, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
