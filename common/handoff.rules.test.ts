import { describe, expect, it } from 'vitest';
import { handoffSide } from './handoff.rules.ts';

// Issue 28 (decision 036): who sees a request's numbers, as the server and the web judge it.

const requester = { id: 'r', role: 'donor' as const };
const donor = { id: 'd', role: 'donor' as const };
const open = { requesterId: 'r', status: 'inprogress' as const, removed: false };

describe('handoffSide', () => {
  it('gives the two sides of a standing pledge their side while the request is open', () => {
    expect(handoffSide(requester, open, [])).toEqual({ side: 'requester' });
    expect(handoffSide(donor, open, [{ status: 'pledged' }])).toEqual({ side: 'donor' });
    expect(handoffSide(donor, open, [{ status: 'withdrawn' }, { status: 'donated' }])).toEqual({
      side: 'donor',
    });
  });

  it('hides them once the pledge is gone or the request ended', () => {
    expect(handoffSide(donor, open, [{ status: 'withdrawn' }])).toEqual({ refused: 'pledgeGone' });
    expect(handoffSide(donor, open, [{ status: 'no_show' }])).toEqual({ refused: 'pledgeGone' });
    for (const status of ['done', 'cancel', 'expired'] as const) {
      expect(handoffSide(requester, { ...open, status }, [])).toEqual({ refused: 'ended' });
      expect(handoffSide(donor, { ...open, status }, [{ status: 'donated' }])).toEqual({
        refused: 'ended',
      });
    }
    expect(handoffSide(donor, { ...open, removed: true }, [{ status: 'pledged' }])).toEqual({
      refused: 'ended',
    });
  });

  it('refuses anyone else, and staff are sent to their audited view', () => {
    expect(handoffSide({ id: 'x', role: 'donor' }, open, [])).toEqual({ refused: 'notParty' });
    expect(handoffSide({ id: 'v', role: 'volunteer' }, open, [])).toEqual({
      refused: 'staffAudited',
    });
    expect(handoffSide({ id: 'a', role: 'admin' }, open, [])).toEqual({ refused: 'staffAudited' });
  });
});
