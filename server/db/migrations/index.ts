import type { Migration } from 'kysely';
import { geo } from './001-geo.ts';
import { contact } from './002-contact.ts';
import { auth } from './003-auth.ts';
import { requests } from './004-requests.ts';
import { donorSearchIndexes } from './005-donor-search-indexes.ts';
import { requestRequesterSetNull } from './006-request-requester-set-null.ts';
import { sessionParent } from './007-session-parent.ts';
import { counterExpiry } from './008-counter-expiry.ts';
import { donorSearchPlaceIndexes } from './009-donor-search-place-indexes.ts';
import { listIndexesEndWithId } from './010-list-indexes-end-with-id.ts';
import { blogs } from './011-blogs.ts';
import { contactInbox } from './012-contact-inbox.ts';
import { uploads } from './013-uploads.ts';
import { donorAvailability } from './014-donor-availability.ts';
import { jobs } from './016-jobs.ts';
import { notifications } from './017-notifications.ts';
import { passwordReset } from './018-password-reset.ts';
import { requestLifecycle } from './021-request-lifecycle.ts';
import { trustRecords } from './022-trust-records.ts';
import { lifecycleNotifications } from './023-lifecycle-notifications.ts';
import { userLanguage } from './024-user-language.ts';
import { donations } from './025-donations.ts';
import { openListCoversReports } from './026-open-list-covers-reports.ts';
import { reportWeights } from './027-report-weights.ts';
import { twoFactor } from './029-two-factor.ts';
import { donorEmailBudget } from './032-donor-email-budget.ts';
import { requestBags } from './033-request-bags.ts';
import { lastDonationComponent } from './036-last-donation-component.ts';
import { phoneNumbers } from './037-phone-numbers.ts';
import { smsLedger } from './038-sms-ledger.ts';
import { requestTimeline } from './039-request-timeline.ts';
import { outcomeRollup } from './040-outcome-rollup.ts';
import { requestContact } from './041-request-contact.ts';
import { overdueRequests } from './043-overdue-requests.ts';
import { userConsent } from './044-user-consent.ts';
import { exportLookups } from './045-export-lookups.ts';
import { retentionIndexes } from './046-retention-indexes.ts';
import { apiTokens } from './049-api-tokens.ts';

export type MigrationEngine = 'sqlite' | 'postgres';

/**
 * The static, ordered list of migrations. Names sort in the order they run. A migration that
 * needs engine-specific column types receives the engine name; no migration imports app code.
 */
export function migrationsFor(engine: MigrationEngine): Record<string, Migration> {
  return {
    '001-geo': geo,
    '002-contact': contact(engine),
    '003-auth': auth(engine),
    '004-requests': requests(engine),
    '005-donor-search-indexes': donorSearchIndexes,
    '006-request-requester-set-null': requestRequesterSetNull(engine),
    '007-session-parent': sessionParent,
    '008-counter-expiry': counterExpiry,
    '009-donor-search-place-indexes': donorSearchPlaceIndexes,
    '010-list-indexes-end-with-id': listIndexesEndWithId,
    '011-blogs': blogs(engine),
    '012-contact-inbox': contactInbox(engine),
    '013-uploads': uploads,
    '014-donor-availability': donorAvailability(engine),
    '016-jobs': jobs(engine),
    '017-notifications': notifications(engine),
    '018-password-reset': passwordReset(engine),
    '021-request-lifecycle': requestLifecycle(engine),
    '022-trust-records': trustRecords(engine),
    '023-lifecycle-notifications': lifecycleNotifications(engine),
    '024-user-language': userLanguage,
    '025-donations': donations(engine),
    '026-open-list-covers-reports': openListCoversReports,
    '027-report-weights': reportWeights(engine),
    '029-two-factor': twoFactor(engine),
    '032-donor-email-budget': donorEmailBudget(engine),
    '033-request-bags': requestBags(engine),
    '036-last-donation-component': lastDonationComponent,
    '037-phone-numbers': phoneNumbers(engine),
    '038-sms-ledger': smsLedger(engine),
    '039-request-timeline': requestTimeline(engine),
    '040-outcome-rollup': outcomeRollup,
    '041-request-contact': requestContact(engine),
    '043-overdue-requests': overdueRequests,
    '044-user-consent': userConsent(engine),
    '045-export-lookups': exportLookups,
    '046-retention-indexes': retentionIndexes,
    '049-api-tokens': apiTokens(engine),
  };
}
