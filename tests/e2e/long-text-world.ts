import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { todayInDhaka } from '../../common/dhaka-date.ts';
import { callApi, type Member, promoteToAdmin, registerMember, signIn } from './fixtures.ts';

/**
 * Awkward but valid data for layout tests: every free text a user types is as long as the
 * server allows names to be (100 characters) and has no space to break at.
 */
export const LONG = 100;

/** `prefix` padded to `length` with a wide letter, one unbroken word. */
export const unbroken = (prefix: string, length = LONG) =>
  prefix + 'W'.repeat(Math.max(0, length - prefix.length));

/** A valid address of more than 100 characters with no place to break but `@` and dots. */
export const longEmail = (prefix: string) =>
  `${unbroken(prefix, 60)}${randomBytes(3).toString('hex')}@${'w'.repeat(48)}.example.org`;

/** Creates a browser page for the member (or a visitor), signed in through the API. */
export type PageMaker = () => Promise<Page>;

export interface LongTextWorld {
  admin: Member;
  volunteer: Member;
  requester: Member;
  giver: Member;
  /** A realistic long name (34 characters with spaces), as found on the donor search page. */
  realistic: Member;
  blocked: Member;
  /** The requester's requests, one per status the screens treat differently. */
  pendingId: string;
  inProgressId: string;
  doneId: string;
  /** A published blog whose title and content are one unbroken word each. */
  blogId: string;
  /** The blood group every member of this world has, to find them in donor search. */
  bloodGroup: string;
}

/** A request with every free-text field at full awkward length. */
export const longRequestFields = (tag: string, time: string) => ({
  recipientName: unbroken(`Recipient${tag}`),
  bloodGroup: 'AB-',
  division: 'Chattogram',
  district: 'Brahmanbaria',
  hospitalName: unbroken(`Hospital${tag}`),
  fullAddress: unbroken(`Address${tag}`),
  // Today sorts first on the public list of pending requests (soonest first).
  donationDate: todayInDhaka(),
  donationTime: time,
  requestMessage: unbroken(`Message${tag}`),
});

/**
 * Seeds the members and requests: an admin, a volunteer, a requester with a pending, an
 * in-progress and a done request (the giver pledged to the first of the last two, another long-named donor gave to the done one), and a blocked member.
 * `open` makes a fresh browser page; the pages used for seeding are closed again.
 */
export async function seedLongTextWorld(open: PageMaker): Promise<LongTextWorld> {
  const bloodGroup = 'AB-';
  const member = (prefix: string) =>
    registerMember({ name: unbroken(prefix), email: longEmail(prefix.toLowerCase()), bloodGroup });
  const [admin, volunteer, requester, giver, gaveBefore, blocked, realistic] = await Promise.all([
    member('Admin'),
    member('Volunteer'),
    member('Requester'),
    member('Giver'),
    member('Donated'),
    member('Blocked'),
    registerMember({ name: 'Muhammad Shahriar Rahman Chowdhury', bloodGroup }),
  ]);
  await promoteToAdmin(admin.email);

  const as = async (who: Member) => {
    const page = await open();
    await signIn(page.context(), who);
    return page;
  };
  const [adminPage, requesterPage, giverPage, gaveBeforePage] = await Promise.all([
    as(admin),
    as(requester),
    as(giver),
    as(gaveBefore),
  ]);
  await callApi(adminPage, 'PATCH', `/api/users/volunteer/${volunteer.id}`);
  await callApi(adminPage, 'PATCH', `/api/users/block/${blocked.id}`);

  const create = async (tag: string, time: string) =>
    (await callApi(requesterPage, 'POST', '/api/donation-request', longRequestFields(tag, time)))
      .insertedId as string;
  const pendingId = await create('Pending', '00:01');
  const inProgressId = await create('Progress', '00:02');
  const doneId = await create('Done', '00:03');
  // The giver has pledged, not yet given: a donor who has given rests before the next pledge
  // (issue 30 item 6), and the giver's pages open Donate Now on the pending request, dated today.
  await callApi(giverPage, 'PATCH', `/api/donation-request/${inProgressId}`, {
    status: 'inprogress',
  });
  await callApi(gaveBeforePage, 'PATCH', `/api/donation-request/${doneId}`, {
    status: 'inprogress',
  });
  await callApi(requesterPage, 'PATCH', `/api/donation-request/${doneId}`, { status: 'done' });

  // A blog at the longest title the server takes, and a contact message at full length.
  const blogId = (
    await callApi(adminPage, 'POST', '/api/blogs', {
      title: unbroken('BlogTitle', 150),
      image: '/api/images/0190a0a0-0000-7000-8000-000000000000.webp',
      content: unbroken('BlogContent', 600),
    })
  ).insertedId as string;
  await callApi(adminPage, 'PATCH', `/api/blogs/${blogId}`, { status: 'published' });
  await callApi(adminPage, 'POST', '/api/contacts', {
    name: unbroken('Writer'),
    email: longEmail('writer'),
    phone: '01712345678',
    message: unbroken('ContactMessage', 600),
  });

  await Promise.all(
    [adminPage, requesterPage, giverPage, gaveBeforePage].map((page) => page.context().close()),
  );
  return {
    admin,
    volunteer,
    requester,
    giver,
    realistic,
    blocked,
    pendingId,
    inProgressId,
    doneId,
    blogId,
    bloodGroup,
  };
}
