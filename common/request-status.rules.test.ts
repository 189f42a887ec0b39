import { describe, expect, it } from 'vitest';
import { textOf } from '../server/lib/messages.ts';
import type { RequestStatus } from './constants.ts';
import { todayInDhaka } from './dhaka-date.ts';
import { statusChangeSchema } from './request.schema.ts';
import {
  type Actor,
  checkRequestAction as checkRequestActionByKey,
  REQUEST_TRANSITIONS,
  type RequestAction,
} from './request-status.rules.ts';

/** The rule's answer with its message (a key, issue 16) in English words. */
const checkRequestAction = (...args: Parameters<typeof checkRequestActionByKey>) => {
  const denial = checkRequestActionByKey(...args);
  return denial && { ...denial, message: textOf('en', denial.message) };
};

const request = (status: RequestStatus) => ({
  requesterId: 'requester',
  donorId: status === 'pending' ? null : 'donor',
  status,
});
const actors: Record<string, Actor> = {
  requester: { id: 'requester', role: 'donor' },
  donor: { id: 'donor', role: 'donor' },
  stranger: { id: 'stranger', role: 'donor' },
  volunteer: { id: 'volunteer', role: 'volunteer' },
  admin: { id: 'admin', role: 'admin' },
};
const STATUSES: RequestStatus[] = ['pending', 'inprogress', 'done', 'cancel', 'expired'];

/** What each actor may do in each state; every other pair must be refused. */
const allowed: Record<RequestAction, Record<RequestStatus, string[]>> = {
  view: {
    pending: ['requester', 'donor', 'stranger', 'volunteer', 'admin'],
    inprogress: ['requester', 'donor', 'volunteer', 'admin'],
    done: ['requester', 'donor', 'volunteer', 'admin'],
    cancel: ['requester', 'donor', 'volunteer', 'admin'],
    expired: ['requester', 'donor', 'volunteer', 'admin'],
  },
  donate: {
    pending: ['donor', 'stranger', 'volunteer', 'admin'],
    inprogress: [],
    done: [],
    cancel: [],
    expired: [],
  },
  done: {
    pending: [],
    inprogress: ['requester', 'volunteer', 'admin'],
    done: [],
    cancel: [],
    expired: [],
  },
  cancel: {
    pending: [],
    inprogress: ['requester', 'volunteer', 'admin'],
    done: [],
    cancel: [],
    expired: [],
  },
  edit: { pending: ['requester'], inprogress: [], done: [], cancel: [], expired: [] },
  delete: {
    pending: ['requester', 'admin'],
    inprogress: ['requester', 'admin'],
    done: ['requester', 'admin'],
    cancel: ['requester', 'admin'],
    expired: ['requester', 'admin'],
  },
};

describe('request status rules', () => {
  const table = Object.entries(allowed).flatMap(([action, byStatus]) =>
    STATUSES.flatMap((status) =>
      Object.keys(actors).map(
        (who) => [action as RequestAction, status, who, byStatus[status].includes(who)] as const,
      ),
    ),
  );

  it.each(table)('%s on %s by %s: allowed=%s', (action, status, who, expected) => {
    const actor = actors[who] as Actor;
    expect(checkRequestAction(action, actor, request(status)) === null).toBe(expected);
  });

  it('refuses the requester donating to their own request, whatever its state (403)', () => {
    for (const status of STATUSES) {
      expect(checkRequestAction('donate', actors.requester as Actor, request(status))).toEqual({
        status: 403,
        code: 'OWN_REQUEST',
        message: 'You cannot donate to your own request.',
      });
    }
  });

  it('answers a late donor with 409 REQUEST_NOT_PENDING', () => {
    expect(checkRequestAction('donate', actors.stranger as Actor, request('inprogress'))).toEqual({
      status: 409,
      code: 'REQUEST_NOT_PENDING',
      message: 'Someone else has already accepted this request.',
    });
  });

  it('tells the donor who already accepted that it was them, not someone else', () => {
    expect(
      checkRequestAction('donate', { id: 'donor', role: 'donor' }, request('inprogress')),
    ).toEqual({
      status: 409,
      code: 'REQUEST_NOT_PENDING',
      message: 'You have already accepted this request.',
    });
  });

  it('judges permission before state: a stranger gets 403 even on a finished request', () => {
    for (const action of ['done', 'cancel', 'edit', 'delete'] as const) {
      expect(checkRequestAction(action, actors.stranger as Actor, request('done'))?.status).toBe(
        403,
      );
    }
  });

  it('moves only pending → inprogress → done | cancel, back to pending on withdrawal, or expires', () => {
    expect(REQUEST_TRANSITIONS).toEqual({
      pending: ['inprogress', 'expired'],
      inprogress: ['done', 'cancel', 'pending', 'expired'],
      done: [],
      cancel: [],
      expired: [],
    });
  });

  it('accepts canceled as cancel', () => {
    expect(statusChangeSchema.parse({ status: 'canceled' })).toEqual({ status: 'cancel' });
    expect(statusChangeSchema.safeParse({ status: 'pending' }).success).toBe(false);
  });

  it('takes "today" in Dhaka (UTC+6), not UTC', () => {
    expect(todayInDhaka(new Date('2025-03-01T17:59:59Z'))).toBe('2025-03-01');
    expect(todayInDhaka(new Date('2025-03-01T18:00:00Z'))).toBe('2025-03-02');
  });
});
