import type { Language } from '../../../common/languages.ts';

// Issue 27: where a shared request points. What it says is public facts only (blood group, bags,
// component, urgency, hospital, place, date), through withoutContacts (common/share-text.ts).

/**
 * The request's public address on this site. Shared from a Bangla page it keeps `?lang=bn`, so the
 * preview a crawler draws (server/features/share/share-previews.ts) and the page it opens are in
 * the Bangla the sharer read, whatever language the crawler asks in.
 */
export const requestLink = (origin: string, id: string, language: Language = 'en') =>
  `${origin}/blood-donation-request/${id}${language === 'en' ? '' : `?lang=${language}`}`;

/** WhatsApp's share address: the text with the link after it, as one message. */
export const whatsAppShareUrl = (text: string, link: string) =>
  `https://wa.me/?text=${encodeURIComponent(`${text} ${link}`)}`;

/** Facebook's sharer takes only the address; the post's text comes from the page's preview tags. */
export const facebookShareUrl = (link: string) =>
  `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`;
