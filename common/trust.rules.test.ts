import { describe, expect, it } from 'vitest';
import { textOf } from '../server/lib/messages.ts';
import type { RequestStatus } from './constants.ts';
import type { Actor } from './request-status.rules.ts';
import {
  checkTrustAction as checkTrustActionByKey,
  donationInstant,
  effectiveStatus,
  isConfirmationDue,
  type TrustAction,
  type TrustState,
} from './trust.rules.ts';

// Issue 14's rules (verify, report, remove, withdraw, repost) for every actor in every state,
// and the dates that make a request expired or due for confirmation. The server enforces these;
// the web only hides buttons by them.

const actors: Record<string, Actor> = {
  requester: { id: 'requester', role: 'donor' },
  donor: { id: 'donor', role: 'donor' },
  stranger: { id: 'stranger', role: 'donor' },
  volunteer: { id: 'volunteer', role: 'volunteer' },
  admin: { id: 'admin', role: 'admin' },
};
const STATUSES: RequestStatus[] = ['pending', 'inprogress', 'done', 'cancel', 'expired'];

/** The rule's answer with its message (a key, issue 16) in English words. */
const checkTrustAction = (...args: Parameters<typeof checkTrustActionByKey>) => {
  const denial = checkTrustActionByKey(...args);
  return denial && { ...denial, message: textOf('en', denial.message) };
};

/** Tomorrow 10:30 in Dhaka, judged a day before: not yet the donation time. */
const DATE = '2030-06-15';
const BEFORE = new Date('2030-06-14T00:00:00Z');

const state = (status: RequestStatus, more: Partial<TrustState> = {}): TrustState => ({
  requesterId: 'requester',
  // A donor stays on a request once it has been accepted (done, cancel, expired unconfirmed).
  donorId: status === 'pending' ? null : 'donor',
  status,
  verified: false,
  removed: false,
  donationDate: DATE,
  donationTime: '10:30',
  ...more,
});

/** Who may do what to an unverified, unremoved request in each state; all else is refused. */
const allowed: Record<TrustAction, Record<RequestStatus, string[]>> = {
  verify: { pending: ['volunteer', 'admin'], inprogress: [], done: [], cancel: [], expired: [] },
  report: {
    pending: ['donor', 'stranger', 'volunteer', 'admin'],
    inprogress: ['donor', 'volunteer', 'admin'],
    done: ['donor', 'volunteer', 'admin'],
    cancel: ['donor', 'volunteer', 'admin'],
    expired: ['donor', 'volunteer', 'admin'],
  },
  remove: {
    pending: ['volunteer', 'admin'],
    inprogress: ['volunteer', 'admin'],
    done: [],
    cancel: [],
    expired: ['volunteer', 'admin'],
  },
  withdraw: { pending: [], inprogress: ['donor'], done: [], cancel: [], expired: [] },
  repost: { pending: [], inprogress: [], done: [], cancel: [], expired: ['requester'] },
};

describe('trust rules', () => {
  const table = Object.entries(allowed).flatMap(([action, byStatus]) =>
    STATUSES.flatMap((status) =>
      Object.keys(actors).map(
        (who) => [action as TrustAction, status, who, byStatus[status].includes(who)] as const,
      ),
    ),
  );

  it.each(table)('%s on %s by %s: allowed=%s', (action, status, who, expected) => {
    const denial = checkTrustAction(action, actors[who] as Actor, state(status), BEFORE);
    expect(denial === null).toBe(expected);
    // Every refusal is a 403 or a 409 with a stable code and a sentence.
    if (denial) {
      expect([403, 409]).toContain(denial.status);
      expect(denial.code).toMatch(/^[A-Z_]+$/);
      expect(denial.message).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('judges permission before state: only staff hear about a request they may not touch', () => {
    expect(
      checkTrustAction('verify', actors.stranger as Actor, state('done'), BEFORE),
    ).toMatchObject({ status: 403, message: 'Only volunteers and admins can verify requests.' });
    expect(checkTrustAction('remove', actors.donor as Actor, state('done'), BEFORE)).toMatchObject({
      status: 403,
      message: 'Only volunteers and admins can remove requests.',
    });
    // A stranger cannot see an in-progress request, so cannot report it either.
    expect(
      checkTrustAction('report', actors.stranger as Actor, state('inprogress'), BEFORE),
    ).toMatchObject({ status: 403, message: 'You can only report a request you can see.' });
    expect(
      checkTrustAction('report', actors.requester as Actor, state('pending'), BEFORE),
    ).toMatchObject({ status: 403, code: 'OWN_REQUEST' });
  });

  it('refuses verifying twice, and anything on a removed request, with a 409', () => {
    const admin = actors.admin as Actor;
    expect(checkTrustAction('verify', admin, state('pending', { verified: true }), BEFORE)).toEqual(
      { status: 409, code: 'ALREADY_VERIFIED', message: 'This request is already verified.' },
    );
    const removed = state('cancel', { removed: true });
    expect(checkTrustAction('remove', admin, removed, BEFORE)?.code).toBe('REQUEST_REMOVED');
    expect(checkTrustAction('report', admin, removed, BEFORE)?.code).toBe('REQUEST_REMOVED');
    expect(checkTrustAction('verify', admin, removed, BEFORE)?.code).toBe('REQUEST_NOT_PENDING');
    expect(
      checkTrustAction(
        'repost',
        actors.requester as Actor,
        state('expired', { removed: true }),
        BEFORE,
      )?.code,
    ).toBe('REQUEST_NOT_EXPIRED');
    expect(checkTrustAction('remove', admin, state('done'), BEFORE)?.code).toBe('REQUEST_CLOSED');
  });

  it('lets the donor withdraw until the donation time in Dhaka, not after', () => {
    const donor = actors.donor as Actor;
    const at = donationInstant(state('inprogress'));
    expect(at.toISOString()).toBe('2030-06-15T04:30:00.000Z');
    const minuteBefore = new Date(at.getTime() - 60_000);
    expect(checkTrustAction('withdraw', donor, state('inprogress'), minuteBefore)).toBeNull();
    expect(checkTrustAction('withdraw', donor, state('inprogress'), at)).toEqual({
      status: 409,
      code: 'TOO_LATE_TO_WITHDRAW',
      message:
        'The donation time has passed: please ask the requester to mark it done or canceled.',
    });
  });

  it('tells a donor who already withdrew so (409), and anyone else that it is not theirs (403)', () => {
    const back = state('pending', { donorId: null, actorWithdrew: true });
    expect(checkTrustAction('withdraw', actors.donor as Actor, back, BEFORE)).toEqual({
      status: 409,
      code: 'ALREADY_WITHDRAWN',
      message: 'You have already withdrawn from this request.',
    });
    // Someone else accepted it since: still their own withdrawal that answers.
    const taken = state('inprogress', { donorId: 'stranger', actorWithdrew: true });
    expect(checkTrustAction('withdraw', actors.donor as Actor, taken, BEFORE)?.code).toBe(
      'ALREADY_WITHDRAWN',
    );
    expect(
      checkTrustAction('withdraw', actors.volunteer as Actor, state('inprogress'), BEFORE),
    ).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Only the donor who accepted this request can withdraw from it.',
    });
    // The current donor who once withdrew and accepted again may withdraw again.
    const again = state('inprogress', { actorWithdrew: true });
    expect(checkTrustAction('withdraw', actors.donor as Actor, again, BEFORE)).toBeNull();
  });

  it('reads a pending request as expired from the first moment of the day after its date', () => {
    const pending = { status: 'pending' as const, donationDate: DATE };
    expect(effectiveStatus(pending, DATE)).toBe('pending');
    expect(effectiveStatus(pending, '2030-06-16')).toBe('expired');
    // Only pending ones: an accepted one waits for confirmation instead.
    const accepted = { status: 'inprogress' as const, donationDate: DATE };
    expect(effectiveStatus(accepted, '2030-06-16')).toBe('inprogress');
    expect(isConfirmationDue(accepted, DATE)).toBe(false);
    expect(isConfirmationDue(accepted, '2030-06-16')).toBe(true);
    expect(isConfirmationDue(pending, '2030-06-16')).toBe(false);
  });
});
