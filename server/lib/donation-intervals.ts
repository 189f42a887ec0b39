import type { DonationIntervals } from '../../common/eligibility.rules.ts';
import type { Env } from './env.ts';

/** The rest after each kind of donation, from the settings (decision 031). */
export const donationIntervals = (env: Env): DonationIntervals => ({
  whole_blood: env.DONATION_INTERVAL_DAYS,
  red_cells: env.DONATION_INTERVAL_DAYS,
  platelets: env.PLATELETS_INTERVAL_DAYS,
  plasma: env.PLASMA_INTERVAL_DAYS,
});
