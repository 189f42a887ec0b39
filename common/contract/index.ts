import * as audit from './audit.contract.ts';
import * as auth from './auth.contract.ts';
import * as blogs from './blogs.contract.ts';
import * as contacts from './contacts.contract.ts';
import * as dataExport from './data-export.contract.ts';
import type { Endpoint } from './define.ts';
import * as donorEmails from './donor-emails.contract.ts';
import * as geo from './geo.contract.ts';
import * as handoff from './handoff.contract.ts';
import * as history from './history.contract.ts';
import * as images from './images.contract.ts';
import * as matching from './matching.contract.ts';
import * as notifications from './notifications.contract.ts';
import * as outbox from './outbox.contract.ts';
import * as outcomes from './outcomes.contract.ts';
import * as passwordChange from './password-change.contract.ts';
import * as passwordReset from './password-reset.contract.ts';
import * as phone from './phone.contract.ts';
import * as privacy from './privacy.contract.ts';
import * as requests from './requests.contract.ts';
import * as stats from './stats.contract.ts';
import * as system from './system.contract.ts';
import * as tokens from './tokens.contract.ts';
import * as trust from './trust.contract.ts';
import * as twoFactor from './two-factor.contract.ts';
import * as users from './users.contract.ts';

/** Every endpoint of the API, by feature: what the OpenAPI document and the tests read. */
export const contract = {
  system,
  geo,
  contacts,
  auth,
  users,
  requests,
  stats,
  images,
  blogs,
  matching,
  notifications,
  passwordReset,
  // Issue 25: a signed-in user changes their password.
  passwordChange,
  // Issue 14: trust and the request lifecycle, the audit log, donation history.
  trust,
  audit,
  history,
  // Issue 25: the daily budget of donor emails, and who went past it.
  donorEmails,
  // Issue 25: the second factor at sign-in.
  twoFactor,
  // Issue 25: the outbox's failed emails, for admins.
  outbox,
  // Issue 28: phone numbers, their codes, and SMS.
  phone,
  // Issue 28: the numbers of a pledge's two sides, and the request's contact number.
  handoff,
  // Issue 29: the measures of outcomes, for everyone.
  outcomes,
  // Issue 31: consent to the privacy notice, and deleting one's own account.
  privacy,
  // Issue 32: personal API tokens for programs.
  tokens,
  // Issue 31: a copy of one's own data.
  dataExport,
};

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

/** The same endpoints as one list. */
export const allEndpoints: Endpoint[] = Object.values(contract).flatMap((feature) =>
  Object.values(feature).filter(isEndpoint),
);

/**
 * Each endpoint's `operationId` in the OpenAPI document (issue 32): the name it is exported under
 * here (`createRequest`, `listRequests`), keyed by `METHOD /path`. A name a partner's generated
 * client is built on: renaming an export renames an operation, so do it only deliberately.
 */
export const operationIds: ReadonlyMap<string, string> = new Map(
  Object.values(contract).flatMap((feature) =>
    Object.entries(feature)
      .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
      .map(([name, endpoint]) => [`${endpoint.method.toUpperCase()} ${endpoint.path}`, name]),
  ),
);
