import { describe, expect, it } from 'vitest';
import { alreadyReached } from './request-outcome.ts';

const me = 'giver@example.org';

describe('a 409 that says the change has already happened (issue 11)', () => {
  it('donating again: in progress with me as donor is reached, with someone else it is not', () => {
    expect(
      alreadyReached('inprogress', { status: 'inprogress', donorEmail: 'Giver@Example.org' }, me),
    ).toBe(true);
    expect(
      alreadyReached('inprogress', { status: 'inprogress', donorEmail: 'other@example.org' }, me),
    ).toBe(false);
    expect(alreadyReached('inprogress', { status: 'done', donorEmail: me }, me)).toBe(false);
    expect(
      alreadyReached('inprogress', { status: 'inprogress', donorEmail: null }, undefined),
    ).toBe(false);
  });

  it('pledging again on a request of several bags: my own standing pledge says it is reached (issue 27)', () => {
    const first = { status: 'inprogress', donorEmail: 'first@example.org' } as const;
    const mine = { donorEmail: 'GIVER@example.org', status: 'pledged' } as const;
    expect(alreadyReached('inprogress', { ...first, pledges: [mine] }, me)).toBe(true);
    expect(
      alreadyReached('inprogress', { ...first, pledges: [{ ...mine, status: 'withdrawn' }] }, me),
    ).toBe(false);
    expect(alreadyReached('inprogress', { ...first, pledges: [] }, me)).toBe(false);
  });

  it('done and cancel are reached when the request already is done or canceled, by anyone', () => {
    expect(alreadyReached('done', { status: 'done', donorEmail: null }, me)).toBe(true);
    expect(alreadyReached('done', { status: 'cancel', donorEmail: null }, me)).toBe(false);
    expect(alreadyReached('cancel', { status: 'cancel', donorEmail: null }, me)).toBe(true);
    expect(alreadyReached('canceled', { status: 'cancel', donorEmail: null }, me)).toBe(true);
    expect(alreadyReached('canceled', { status: 'done', donorEmail: null }, me)).toBe(false);
  });
});
