import * as contract from '../../../common/contract/history.contract.ts';
import { msg } from '../../../common/message-key.ts';
import { currentUser, requireUser } from '../../auth/session.ts';
import type { AppDeps } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { listPage } from '../../lib/pagination.ts';
import * as history from './history.repository.ts';

/** Issue 14: a donor's own donation history and thank-you certificates. */
export function historyRoutes({ db }: AppDeps) {
  return (
    createRouter()
      // A literal path before /donations/{id}.
      .openapi(guarded(contract.listMyDonations, requireUser), async (c) => {
        const donorId = currentUser(c).id;
        const items = await listPage(
          c,
          c.req.valid('query'),
          {
            rows: (page) => history.findByDonor(db, donorId, page),
            total: () => history.countByDonor(db, donorId),
            keyOf: (row) => [row.donationDate, row.id],
            // One donor's donations: a few a year, counted exactly.
            capped: false,
          },
          (row) => row,
        );
        return c.json(items, 200);
      })
      .openapi(guarded(contract.getCertificate, requireUser), async (c) => {
        const user = currentUser(c);
        // Only one's own completed donation: anyone else's, or one not done, is not there (404).
        const donation = await history.findOneByDonor(db, user.id, c.req.valid('param').id);
        if (!donation) throw notFound(msg('errors.history.noSuchDonation'));
        return c.json({ ...donation, donorName: user.name }, 200);
      })
  );
}
