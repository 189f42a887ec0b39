import type { Contact } from '../../../common/contact.schema.ts';
import { sendContactMessage } from '../../../common/contract/contacts.contract.ts';
import { request } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

/** Sends the home page's Get in Touch message. */
export function useSendContact() {
  return useSingleFlightMutation({
    mutationFn: (contact: Contact) => request(sendContactMessage, { json: contact }),
  });
}
