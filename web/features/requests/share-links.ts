// Issue 27: where a shared request points. What it says is public facts only (blood group, bags,
// component, urgency, hospital, place, date), through withoutContacts (common/share-text.ts).

/** The request's public address on this site. */
export const requestLink = (origin: string, id: string) => `${origin}/blood-donation-request/${id}`;

/** WhatsApp's share address: the text with the link after it, as one message. */
export const whatsAppShareUrl = (text: string, link: string) =>
  `https://wa.me/?text=${encodeURIComponent(`${text} ${link}`)}`;

/** Facebook's sharer takes only the address; the post's text comes from the page's preview tags. */
export const facebookShareUrl = (link: string) =>
  `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`;
