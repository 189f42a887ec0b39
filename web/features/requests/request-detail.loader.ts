import { data, type LoaderFunctionArgs } from 'react-router';
import { getRequest } from '../../../common/contract/requests.contract.ts';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import { ApiError, endsSession, request } from '../../lib/api.ts';
import { failWhenOffline } from '../../lib/online.ts';
import { queryClient } from '../../lib/query-client.ts';
import { sessionQueryOptions } from '../auth/session.api.ts';

/**
 * /blood-donation-request/:id loads its request before render (SPEC §2). The page sits behind
 * RequireAuth: for a visitor (or a session that has just expired) this answers null and the guard
 * sends them to /login, which brings them back here, and this loader runs again.
 * A missing request (404, or 400 for an address that holds no id) or one the viewer may not see
 * (403) becomes the route's error.
 */
export async function requestDetailLoader({
  params,
}: LoaderFunctionArgs): Promise<DonationRequestResponse | null> {
  // Offline the session query would wait, paused, and the page stay blank (issue 25).
  failWhenOffline();
  const user = await queryClient.ensureQueryData(sessionQueryOptions);
  if (!user) return null;
  try {
    return await request(getRequest, { params: { id: params.id ?? '' } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // The API client's handler has signed the user out and is on its way to /login.
    if (endsSession(error)) return null;
    if (error.status === 404 || error.status === 403) {
      throw data({ message: error.message }, { status: error.status });
    }
    // An address whose id is not even an id: there is no such request.
    if (error.status === 400) throw data({ message: error.message }, { status: 404 });
    throw error;
  }
}
