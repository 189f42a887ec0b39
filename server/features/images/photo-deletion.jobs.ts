import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';
import { smallName } from './image-variants.ts';

/**
 * Deletes a photo and its small copy from disk or object storage (issue 31: an erased person's
 * uploads). A job written in the erasure's transaction, so the files go only if the erasure
 * committed, and a storage outage delays them instead of leaving them behind: the worker tries
 * again with its backoff, and deleting a file already gone is no error. No dedupe key, and the
 * payload is emptied once done: no job row keeps the erased person's photo's name.
 */
export const photoDeletionJob = defineJob({
  kind: 'photo-delete',
  payload: z.object({ name: z.string().min(1) }),
  transaction: 'none',
  forgetPayload: true,
  async handle({ name }, { deps }) {
    await deps.storage.delete(smallName(name));
    await deps.storage.delete(name);
  },
});
