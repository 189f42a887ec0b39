export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export type BloodGroup = (typeof BLOOD_GROUPS)[number];

export const ROLES = ['donor', 'volunteer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['active', 'block'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * `expired`: a pending request whose date passed, or an in-progress one nobody confirmed in time
 * (issue 14); it is never counted as a donation.
 */
export const REQUEST_STATUSES = ['pending', 'inprogress', 'done', 'cancel', 'expired'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** A new blog is a draft; an admin publishes it (SPEC §4). */
export const BLOG_STATUSES = ['draft', 'published'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

/** A contact message is new until an admin marks it handled. */
export const CONTACT_STATUSES = ['new', 'handled'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** Paginated lists: `?page=&limit=`. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/**
 * Lists that can grow with the country (donor search, open requests, the staff lists) count
 * their matches up to this many and no further: past it the total says "at least"
 * (X-Total-Capped), so a broad search costs a page, not the table. Page numbers stop here too;
 * further pages follow `after` links (decisions 006 and 007).
 */
export const COUNT_CAP = 1_000;

/** Images accepted by the upload endpoint. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
