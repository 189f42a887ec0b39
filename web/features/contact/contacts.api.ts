import { useMutation } from '@tanstack/react-query';
import type { InsertedIdResponse } from '../../../common/api-responses.schema.ts';
import type { Contact } from '../../../common/contact.schema.ts';
import { api } from '../../lib/api.ts';

/** Sends the home page's Get in Touch message. */
export function useSendContact() {
  return useMutation({
    mutationFn: (contact: Contact) =>
      api<InsertedIdResponse>('/contacts', { method: 'POST', json: contact }),
  });
}
