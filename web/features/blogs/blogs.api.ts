import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateBlog } from '../../../common/blog.schema.ts';
import type { BlogStatus } from '../../../common/constants.ts';
import {
  changeBlogStatus,
  createBlog,
  deleteBlog,
  listBlogs,
  listPublishedBlogs,
} from '../../../common/contract/blogs.contract.ts';
import { request, requestPage } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

/** Cards per page on /blogs (three rows of three) and rows per page in Content Management. */
export const BLOGS_PAGE_SIZE = 9;
export const CONTENT_PAGE_SIZE = 10;

/** What the Content Management filter sends: '' for both statuses. */
export type BlogStatusFilter = BlogStatus | '';

const blogsKey = ['blogs'] as const;

/** GET /blogs/publish?status=published: the public grid, newest first. */
export const publishedBlogsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...blogsKey, 'published', page],
    queryFn: () =>
      requestPage(listPublishedBlogs, {
        query: { status: 'published', page, limit: BLOGS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

export function usePublishedBlogs(page: number) {
  return useQuery(publishedBlogsQueryOptions(page));
}

/** GET /blogs: every blog for staff, newest first, optionally one status. */
export function useStaffBlogs(status: BlogStatusFilter, page: number) {
  return useQuery({
    queryKey: [...blogsKey, 'staff', status, page],
    queryFn: () =>
      requestPage(listBlogs, {
        query: { status: status || undefined, page, limit: CONTENT_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    // Another admin may publish or delete meanwhile.
    staleTime: 0,
  });
}

/** Every blog list (public and staff) moves when one blog changes. */
function useRefreshBlogs() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: blogsKey });
}

export function useCreateBlog() {
  const refresh = useRefreshBlogs();
  return useSingleFlightMutation({
    mutationFn: (blog: CreateBlog) => request(createBlog, { json: blog }),
    onSuccess: refresh,
  });
}

/** Publish ('published') or UnPublish ('draft'). */
export function useChangeBlogStatus() {
  const refresh = useRefreshBlogs();
  return useSingleFlightMutation({
    mutationFn: ({ id, status }: { id: string; status: BlogStatus }) =>
      request(changeBlogStatus, { params: { id }, json: { status } }),
    // Also after a refusal: the list then shows the blog as it now is.
    onSettled: refresh,
  });
}

export function useDeleteBlog() {
  const refresh = useRefreshBlogs();
  return useSingleFlightMutation({
    mutationFn: (id: string) => request(deleteBlog, { params: { id } }),
    onSettled: refresh,
  });
}
