import { describe, expect, it } from 'vitest';
import type { PledgeResponse } from '../../../common/request-response.schema.ts';
import { canPledge, ownPledge } from './request-pledges.ts';

const me = 'giver@example.org';
const pledge = (donorEmail: string, status: PledgeResponse['status']): PledgeResponse => ({
  id: `${donorEmail}-${status}`,
  donorName: 'Someone',
  donorEmail,
  donorDeleted: false,
  status,
  pledgedAt: '2026-06-01T10:00:00.000Z',
  settledAt: status === 'pledged' ? null : '2026-06-01T11:00:00.000Z',
});
const request = {
  status: 'pending' as const,
  bags: 3,
  bagsPledged: 0,
  requesterEmail: 'family@example.org',
  pledges: [] as PledgeResponse[],
};

describe('who may pledge a bag (issue 27)', () => {
  it('anyone but the requester while a bag is open: pending, or in progress with bags left', () => {
    expect(canPledge(request, me)).toBe(true);
    expect(canPledge({ ...request, status: 'inprogress', bagsPledged: 2 }, me)).toBe(true);
    expect(canPledge({ ...request, status: 'inprogress', bagsPledged: 3 }, me)).toBe(false);
    expect(canPledge({ ...request, status: 'done', bagsPledged: 1 }, me)).toBe(false);
    expect(canPledge(request, 'Family@Example.org')).toBe(false);
  });

  it('not twice: a donor holding a bag of it cannot pledge again; one who gave it back can', () => {
    const open = { ...request, status: 'inprogress' as const, bagsPledged: 1 };
    expect(canPledge({ ...open, pledges: [pledge('Giver@example.org', 'pledged')] }, me)).toBe(
      false,
    );
    expect(canPledge({ ...open, pledges: [pledge(me, 'donated')] }, me)).toBe(false);
    expect(canPledge({ ...open, pledges: [pledge(me, 'withdrawn')] }, me)).toBe(true);
    expect(canPledge({ ...open, pledges: [pledge(me, 'no_show')] }, me)).toBe(true);
  });

  it('finds my own standing pledge, not someone else’s nor one given back', () => {
    const mine = pledge(me, 'pledged');
    expect(ownPledge({ pledges: [pledge('x@example.org', 'pledged'), mine] }, me)).toBe(mine);
    expect(ownPledge({ pledges: [pledge(me, 'withdrawn')] }, me)).toBeUndefined();
  });
});
