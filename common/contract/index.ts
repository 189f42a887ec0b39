import * as audit from './audit.contract.ts';
import * as auth from './auth.contract.ts';
import * as blogs from './blogs.contract.ts';
import * as contacts from './contacts.contract.ts';
import type { Endpoint } from './define.ts';
import * as geo from './geo.contract.ts';
import * as history from './history.contract.ts';
import * as images from './images.contract.ts';
import * as matching from './matching.contract.ts';
import * as notifications from './notifications.contract.ts';
import * as passwordReset from './password-reset.contract.ts';
import * as requests from './requests.contract.ts';
import * as stats from './stats.contract.ts';
import * as system from './system.contract.ts';
import * as trust from './trust.contract.ts';
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
  // Issue 14: trust and the request lifecycle, the audit log, donation history.
  trust,
  audit,
  history,
};

/** The same endpoints as one list. */
export const allEndpoints: Endpoint[] = Object.values(contract).flatMap((feature) =>
  Object.values(feature).filter(
    (value): value is Endpoint =>
      typeof value === 'object' && value !== null && 'method' in value && 'path' in value,
  ),
);
