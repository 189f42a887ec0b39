/** A photo this server stored: `/api/images/<id>.webp` (what an upload answers). */
const OWN_IMAGE = /^\/api\/images\/[0-9a-f-]{36}\.webp$/;

/**
 * The address to draw a profile photo from in an avatar: our own photos' 192 px square
 * (`?size=small`, a few KB instead of up to 1600 px); any other address as it is.
 */
export function avatarSrc(image: string): string {
  return OWN_IMAGE.test(image) ? `${image}?size=small` : image;
}
