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

/**
 * Issue 27: what a request asks for. Whole blood and red cells follow the red-cell ABO/Rh rule;
 * plasma and platelets have rules of their own (common/compatibility.rules.ts).
 */
export const BLOOD_COMPONENTS = ['whole_blood', 'red_cells', 'platelets', 'plasma'] as const;
export type BloodComponent = (typeof BLOOD_COMPONENTS)[number];

/**
 * Issue 27: how soon it is needed: critical (within hours), urgent (today), scheduled (a later
 * date). Listed in the order the public list sorts them (URGENCY_RANK).
 */
export const URGENCIES = ['critical', 'urgent', 'scheduled'] as const;
export type Urgency = (typeof URGENCIES)[number];
/** The stored sort key of each urgency: the public list sorts by it, then by date. */
export const URGENCY_RANK: Readonly<Record<Urgency, number>> = {
  critical: 0,
  urgent: 1,
  scheduled: 2,
};

/**
 * Issue 27: one donor's pledge of one bag. `pledged` and `donated` are standing (they hold a bag);
 * `no_show` (did not come) and `withdrawn` gave it back (decision 030).
 */
export const PLEDGE_STATUSES = ['pledged', 'donated', 'no_show', 'withdrawn'] as const;
export type PledgeStatus = (typeof PLEDGE_STATUSES)[number];
/** The pledge statuses that hold a bag. */
export const STANDING_PLEDGE_STATUSES = ['pledged', 'donated'] as const satisfies PledgeStatus[];
/** What the requester (or staff) may record of a pledge. */
export const PLEDGE_OUTCOMES = ['donated', 'no_show'] as const satisfies PledgeStatus[];
export type PledgeOutcome = (typeof PLEDGE_OUTCOMES)[number];

/** Bags one request may ask for (issue 27); a new request asks for 1. */
export const MIN_BAGS = 1;
export const MAX_BAGS = 10;

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
