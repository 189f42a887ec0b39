import type { Kysely } from 'kysely';
import * as contract from '../../../common/contract/handoff.contract.ts';
import { todayInDhaka } from '../../../common/dhaka-date.ts';
import type { ErrorCode } from '../../../common/error-codes.ts';
import { type HandoffSide, handoffSide } from '../../../common/handoff.rules.ts';
import type {
  ContactStateResponse,
  RequestContactsResponse,
} from '../../../common/handoff-response.schema.ts';
import { msg } from '../../../common/message-key.ts';
import { effectiveStatus } from '../../../common/trust.rules.ts';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import { assertSecondFactor, currentUser, requireRole, requireUser } from '../../auth/session.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import * as audit from '../audit/audit.repository.ts';
import * as pledges from '../requests/pledges.repository.ts';
import type { RequestRow } from '../requests/requests.repository.ts';
import * as requests from '../requests/requests.repository.ts';
import * as phones from './phone.repository.ts';
import { checkCode, codeSender } from './phone-code.ts';
import * as contacts from './request-contact.repository.ts';

type Refusal = Extract<HandoffSide, { refused: string }>['refused'];

const REFUSALS: Record<Refusal, { code: ErrorCode; key: Parameters<typeof msg>[0] }> = {
  ended: { code: 'HANDOFF_ENDED', key: 'errors.handoff.ended' },
  pledgeGone: { code: 'HANDOFF_PLEDGE_GONE', key: 'errors.handoff.pledgeGone' },
  staffAudited: { code: 'HANDOFF_STAFF_AUDITED', key: 'errors.handoff.staffAudited' },
  notParty: { code: 'HANDOFF_NOT_PARTY', key: 'errors.handoff.notParty' },
};

/** Whose number an audit entry names (never the number itself: decision 033). */
interface Reveal {
  whose: string;
  /** The account whose number it is (the audit entry's subject, for their copy of their data). */
  subjectId: string | null;
}

const labelOf = (row: RequestRow) =>
  `${row.recipientName} (${row.bloodGroup}, ${row.donationDate})`;

/**
 * The numbers of a request for one side of its hand-off (issue 28, decision 036), and the reveals
 * they make: a donor gets the request's verified contact number (else the requester's own
 * verified number); the requester their standing pledges' donors' numbers (and their own
 * contact's state); staff everything, every pledge's donor included.
 */
async function numbersFor(
  db: Kysely<Database>,
  row: RequestRow,
  side: 'requester' | 'donor' | 'staff',
): Promise<{ answer: RequestContactsResponse; reveals: Reveal[] }> {
  const [contact, requesterPhone, all] = await Promise.all([
    contacts.findContact(db, row.id),
    row.requesterId ? phones.findPhone(db, row.requesterId) : undefined,
    side === 'donor' ? [] : pledges.findByRequests(db, [row.id]),
  ]);
  const verifiedContact = contact?.verifiedAt ? contact.phone : null;
  const shown = verifiedContact ?? requesterPhone?.phone ?? null;
  const reveals: Reveal[] = [];
  if (shown && side !== 'requester') {
    reveals.push({
      whose: verifiedContact
        ? `the request's contact number (requester ${row.requesterName})`
        : `requester ${row.requesterName} <${row.requesterEmail ?? ''}>`,
      subjectId: row.requesterId,
    });
  }
  const unverified = side !== 'donor' && contact && !contact.verifiedAt ? contact.phone : null;
  if (unverified && side === 'staff')
    reveals.push({ whose: "the request's unverified contact", subjectId: row.requesterId });
  const listed = all.filter(
    (p) =>
      p.donorId !== null && (side === 'staff' || p.status === 'pledged' || p.status === 'donated'),
  );
  const numbers = new Map(
    (
      await contacts.findVerifiedNumbers(
        db,
        listed.map((p) => p.donorId as string),
      )
    ).map((n) => [n.userId, n.phone]),
  );
  const donors = listed.map((p) => {
    const number = numbers.get(p.donorId as string) ?? null;
    if (number) {
      reveals.push({ whose: `donor ${p.donorName} <${p.donorEmail}>`, subjectId: p.donorId });
    }
    return { pledgeId: p.id, donorName: p.donorName, status: p.status, number };
  });
  return {
    answer: { requestId: row.id, contact: shown, unverifiedContact: unverified, donors },
    reveals,
  };
}

/**
 * The hand-off between a donor and a family (issue 28, items 2 and 3): each side of a standing
 * pledge sees the other's number while the request is open, every reveal audited; staff look
 * through an audited action with a reason; the requester verifies the request's contact number
 * with the profile's code machinery (phone-code.ts).
 */
export function handoffRoutes(deps: AppDeps) {
  const { db, clock } = deps;
  const sendCode = codeSender(deps);
  const today = () => todayInDhaka(clock.now());

  async function findRequest(id: string) {
    const row = await requests.findById(db, id);
    if (!row) throw notFound(msg('errors.requests.noSuchRequest'));
    return row;
  }

  const isOpen = (row: RequestRow) =>
    ['pending', 'inprogress'].includes(effectiveStatus(row, today())) && row.removedAt === null;

  /** The requester's own request, still open: else 403/404 in words. */
  async function ownOpenRequest(id: string, user: SessionUser) {
    const row = await findRequest(id);
    if (row.requesterId !== user.id) throw forbidden(msg('errors.handoff.onlyRequester'));
    if (!isOpen(row)) throw new AppError(403, 'HANDOFF_ENDED', msg('errors.handoff.ended'));
    return row;
  }

  async function contactState(requestId: string, userId: string): Promise<ContactStateResponse> {
    const [contact, pending] = await Promise.all([
      contacts.findContact(db, requestId),
      phones.findVerification(db, userId),
    ]);
    return {
      number: contact?.phone ?? null,
      verified: Boolean(contact?.verifiedAt),
      codePending: pending?.requestId === requestId && pending.phone === contact?.phone,
    };
  }

  /** Records each reveal, in one transaction, before the numbers are answered. */
  async function recordReveals(
    user: SessionUser,
    row: RequestRow,
    action: 'phone.reveal' | 'phone.staffView',
    reveals: Reveal[],
    reason?: string,
  ) {
    const why = reason ? `; reason: ${reason}` : '';
    const entries = reveals.length > 0 ? reveals : action === 'phone.staffView' ? [null] : [];
    if (entries.length === 0) return;
    await inTransaction(db, async (trx) => {
      for (const reveal of entries) {
        await audit.insert(trx, user, {
          action,
          targetType: 'request',
          targetId: row.id,
          targetLabel: labelOf(row),
          detail: `${reveal ? `Number of ${reveal.whose}` : 'No number on record'}${why}`,
          subjectId: reveal?.subjectId ?? null,
        });
      }
    });
  }

  return createRouter()
    .openapi(guarded(contract.getRequestContacts, requireUser), async (c) => {
      const row = await findRequest(c.req.valid('param').id);
      const user = currentUser(c);
      const own = (await pledges.findByRequests(db, [row.id])).filter((p) => p.donorId === user.id);
      const verdict = handoffSide(
        user,
        {
          requesterId: row.requesterId,
          status: effectiveStatus(row, today()),
          removed: row.removedAt !== null,
        },
        own,
      );
      if ('refused' in verdict) {
        const refusal = REFUSALS[verdict.refused];
        throw new AppError(403, refusal.code, msg(refusal.key));
      }
      const { answer, reveals } = await numbersFor(db, row, verdict.side);
      await recordReveals(user, row, 'phone.reveal', reveals);
      return c.json(answer, 200);
    })
    .openapi(
      guarded(contract.staffViewRequestContacts, requireUser, requireRole('admin', 'volunteer')),
      async (c) => {
        const user = currentUser(c);
        assertSecondFactor(user);
        const row = await findRequest(c.req.valid('param').id);
        const { reason } = c.req.valid('json');
        const { answer, reveals } = await numbersFor(db, row, 'staff');
        await recordReveals(user, row, 'phone.staffView', reveals, reason);
        return c.json(answer, 200);
      },
    )
    .openapi(guarded(contract.requestContactCode, requireUser), async (c) => {
      const user = currentUser(c);
      const row = await ownOpenRequest(c.req.valid('param').id, user);
      const contact = await contacts.findContact(db, row.id);
      if (!contact) throw conflict('HANDOFF_NO_CONTACT', msg('errors.handoff.noContact'));
      if (contact.verifiedAt) {
        throw conflict('HANDOFF_ALREADY_VERIFIED', msg('errors.handoff.alreadyVerified'));
      }
      await sendCode(c, user.id, contact.phone, row.id);
      return c.json(await contactState(row.id, user.id), 202);
    })
    .openapi(guarded(contract.confirmContactCode, requireUser), async (c) => {
      const user = currentUser(c);
      const row = await ownOpenRequest(c.req.valid('param').id, user);
      const now = clock.now();
      const { code } = c.req.valid('json');
      const pending = await checkCode(db, { userId: user.id, requestId: row.id, code, now });
      const verified = await inTransaction(db, async (trx) => {
        if (!(await phones.spendVerification(trx, user.id, pending.id))) return false;
        return contacts.verifyContact(trx, row.id, pending.phone, now);
      });
      if (!verified)
        throw conflict('HANDOFF_CONTACT_CHANGED', msg('errors.handoff.contactChanged'));
      return c.json(await contactState(row.id, user.id), 200);
    });
}
