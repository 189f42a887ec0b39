import { describe, expect, it } from 'vitest';
import type { RequestStatus } from './constants.ts';
import { checkPledgeAction } from './pledge.rules.ts';
import { type Actor, checkRequestAction, hasOpenBag } from './request-status.rules.ts';
import { checkTrustAction } from './trust.rules.ts';

// Issue 27 (decision 030): the rules of a request with several bags.

const actors: Record<string, Actor> = {
  requester: { id: 'requester', role: 'donor' },
  donor: { id: 'donor', role: 'donor' },
  stranger: { id: 'stranger', role: 'donor' },
  volunteer: { id: 'volunteer', role: 'volunteer' },
  admin: { id: 'admin', role: 'admin' },
};
const STATUSES: RequestStatus[] = ['pending', 'inprogress', 'done', 'cancel', 'expired'];
const state = (status: RequestStatus, bags = 4, bagsPledged = status === 'pending' ? 0 : 2) => ({
  requesterId: 'requester',
  donorId: status === 'pending' ? null : 'donor',
  status,
  bags,
  bagsPledged,
});

describe('hasOpenBag', () => {
  it('holds while pending, or in progress with fewer standing pledges than bags', () => {
    expect(hasOpenBag(state('pending'))).toBe(true);
    expect(hasOpenBag(state('inprogress', 4, 3))).toBe(true);
    expect(hasOpenBag(state('inprogress', 4, 4))).toBe(false);
    for (const closed of ['done', 'cancel', 'expired'] as const)
      expect(hasOpenBag(state(closed, 4, 1))).toBe(false);
    // A state without bags is a one-bag request: in progress means taken.
    expect(hasOpenBag({ status: 'inprogress' })).toBe(false);
  });
});

describe('pledging (donate) on several bags', () => {
  it('lets anyone but the requester pledge while a bag is open', () => {
    expect(checkRequestAction('donate', actors.stranger as Actor, state('inprogress'))).toBeNull();
    expect(checkRequestAction('donate', actors.requester as Actor, state('inprogress'))?.code).toBe(
      'OWN_REQUEST',
    );
  });

  it('refuses a full request with REQUEST_FULL and a second pledge with ALREADY_PLEDGED', () => {
    const full = state('inprogress', 4, 4);
    expect(checkRequestAction('donate', actors.stranger as Actor, full)?.code).toBe('REQUEST_FULL');
    const mine = { ...state('inprogress'), actorPledged: true };
    expect(checkRequestAction('donate', actors.stranger as Actor, mine)?.code).toBe(
      'ALREADY_PLEDGED',
    );
  });

  it('lets anyone see a request with a bag open, and a pledged donor a full one', () => {
    expect(checkRequestAction('view', actors.stranger as Actor, state('inprogress'))).toBeNull();
    const full = state('inprogress', 4, 4);
    expect(checkRequestAction('view', actors.stranger as Actor, full)?.code).toBe('FORBIDDEN');
    expect(
      checkRequestAction('view', actors.stranger as Actor, { ...full, actorPledged: true }),
    ).toBeNull();
  });
});

describe('settling a pledge and setting the bags', () => {
  const allowed = {
    settle: { inprogress: ['requester', 'volunteer', 'admin'] },
    setBags: { pending: ['requester'], inprogress: ['requester'] },
  } as const;

  it.each(['settle', 'setBags'] as const)(
    '%s: only the allowed actors in the allowed states',
    (action) => {
      for (const status of STATUSES) {
        for (const [name, actor] of Object.entries(actors)) {
          const denial = checkPledgeAction(action, actor, state(status));
          const may = (
            (allowed[action] as Record<string, readonly string[]>)[status] ?? []
          ).includes(name);
          expect(denial === null, `${action} ${status} ${name}`).toBe(may);
        }
      }
    },
  );

  it('says who may, before saying when (403 before 409)', () => {
    expect(checkPledgeAction('settle', actors.donor as Actor, state('done'))?.status).toBe(403);
    expect(checkPledgeAction('settle', actors.requester as Actor, state('pending'))?.code).toBe(
      'REQUEST_NOT_INPROGRESS',
    );
    expect(checkPledgeAction('setBags', actors.admin as Actor, state('inprogress'))?.status).toBe(
      403,
    );
    expect(checkPledgeAction('setBags', actors.requester as Actor, state('done'))?.code).toBe(
      'REQUEST_NOT_OPEN',
    );
  });
});

describe('withdrawing a pledge', () => {
  const trust = (more: object) => ({
    ...state('inprogress'),
    verified: false,
    removed: false,
    donationDate: '2999-01-01',
    donationTime: '10:00',
    ...more,
  });
  const now = new Date('2026-01-01T00:00:00Z');

  it('is for any donor whose pledge stands, not only the one shown, and not once settled', () => {
    expect(
      checkTrustAction('withdraw', actors.stranger as Actor, trust({ actorPledged: true }), now),
    ).toBeNull();
    expect(
      checkTrustAction('withdraw', actors.stranger as Actor, trust({ actorPledged: false }), now)
        ?.status,
    ).toBe(403);
    expect(
      checkTrustAction(
        'withdraw',
        actors.stranger as Actor,
        trust({ actorPledged: true, actorPledgeSettled: true }),
        now,
      )?.code,
    ).toBe('PLEDGE_SETTLED');
  });
});
