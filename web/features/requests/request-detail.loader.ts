import { data, type LoaderFunctionArgs } from 'react-router';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import { ApiError, api, endsSession } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { sessionQueryOptions } from '../auth/session.api.ts';

/**
 * /blood-donation-request/:id loads its request before render (SPEC §2). The page sits behind
 * RequireAuth: for a visitor (or a session that has just expired) this answers null and the guard
 * sends them to /login, which brings them back here, and this loader runs again.
 * A missing request (404) or one the viewer may not see (403) becomes the route's error.
 */
export async function requestDetailLoader({
  params,
}: LoaderFunctionArgs): Promise<DonationRequestResponse | null> {
  const user = await queryClient.ensureQueryData(sessionQueryOptions);
  if (!user) return null;
  try {
    return await api<DonationRequestResponse>(
      `/donation-request/${encodeURIComponent(params.id ?? '')}`,
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // The API client's handler has signed the user out and is on its way to /login.
    if (endsSession(error)) return null;
    if (error.status === 404 || error.status === 403) {
      throw data({ message: error.message }, { status: error.status });
    }
    throw error;
  }
}
