import { data, type LoaderFunctionArgs } from 'react-router';
import type { BlogResponse } from '../../../common/blog-response.schema.ts';
import { getBlog } from '../../../common/contract/blogs.contract.ts';
import { ApiError, request } from '../../lib/api.ts';
import { failWhenOffline } from '../../lib/online.ts';

/**
 * /blogs/:id loads its blog before render (SPEC §2). A blog that does not exist, or is a draft
 * the reader may not see (the server answers 404 for both), and an address that holds no id,
 * become the route's 404.
 */
export async function blogDetailLoader({ params }: LoaderFunctionArgs): Promise<BlogResponse> {
  // Offline the blog cannot come: the route says so at once (issue 25), not after retries.
  failWhenOffline();
  try {
    return await request(getBlog, { params: { id: params.id ?? '' } });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      throw data({ message: error.message }, { status: 404 });
    }
    throw error;
  }
}
