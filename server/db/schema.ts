import type { ColumnType, RawBuilder } from 'kysely';
import type {
  BloodComponent,
  BloodGroup,
  PledgeStatus,
  RequestStatus,
  Urgency,
} from '../../common/constants.ts';
import type { Language } from '../../common/languages.ts';
import type {
  AuditAction,
  AuditActorRole,
  ReportReason,
  ReportStatus,
} from '../../common/trust.constants.ts';

/**
 * Timestamps are written as ISO-8601 UTC strings on both engines; PostgreSQL (timestamptz) reads
 * them back as Date, SQLite (text) as string. `toIso` in dialect.ts turns either into a string.
 */
export type Timestamp = ColumnType<Date | string, string, string>;
/** Booleans are integers 0/1 on SQLite and real booleans on PostgreSQL; see `toBool`. */
export type Bool = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface DivisionTable {
  id: number;
  name: string;
  bnName: string;
}

export interface DistrictTable {
  id: number;
  divisionId: number;
  name: string;
  bnName: string;
}

export interface UpazilaTable {
  id: number;
  districtId: number;
  name: string;
  bnName: string;
}

export interface ContactTable {
  id: string;
  name: string;
  phone: string;
  email: string;
  message: string;
  createdAt: Timestamp;
  status: ColumnType<'new' | 'handled', 'new' | 'handled' | undefined, 'new' | 'handled'>;
  handledAt: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** The admin who marked it handled, by name as it was then. */
  handledBy: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  role: 'donor' | 'volunteer' | 'admin';
  status: 'active' | 'block';
  /** Checked against BLOOD_GROUPS on every write. */
  bloodGroup: BloodGroup;
  division: string;
  district: string;
  upazila: string | null;
  lastDonationDate: ColumnType<Date | string | null, string | null, string | null>;
  /** Issue 27: what the last donation gave; null: unknown (before issue 27), counted as whole blood. */
  lastDonationComponent: ColumnType<
    BloodComponent | null,
    BloodComponent | null | undefined,
    BloodComponent | null
  >;
  searchVisible: Bool;
  /** The donor's own pause: not available until then (null: available). See availability.rules.ts. */
  pausedUntil: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** The language they chose (issue 16): the site's after sign-in, and their emails'. */
  language: ColumnType<Language, Language | undefined, Language>;
  /** Set by better-auth's twoFactor plugin once an authenticator is proven (issue 25). */
  twoFactorEnabled: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
}

/** better-auth's twoFactor plugin: one authenticator per user, secret and codes encrypted. */
export interface TwoFactorTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: Bool;
  failedVerificationCount: ColumnType<number, number | undefined, number>;
  lockedUntil: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

export interface SessionTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  /** The browser session a bearer token was made from (POST /api/jwt); null for sign-ins. */
  parentId: string | null;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface CounterTable {
  key: string;
  count: ColumnType<number | string, number, number>;
  windowStart: ColumnType<number | string, number, number>;
  /** When the window ends (epoch ms); swept after. */
  expiresAt: ColumnType<number | string, number, number>;
}

/** An uploaded image (decision 008): a visitor's stays unclaimed until a registration uses it. */
export interface UploadTable {
  /** The stored file's name, `<uuid>.webp`. */
  name: string;
  /** A visitor's address; null for a signed-in user's upload. */
  uploaderIp: string | null;
  /** The uploader, or the account whose registration claimed it. */
  userId: string | null;
  /** Epoch ms. */
  uploadedAt: ColumnType<number | string, number, number>;
  /** Epoch ms; null while unclaimed. */
  claimedAt: ColumnType<number | string | null, number | null, number>;
}

export interface DonationRequestTable {
  id: string;
  /** Null once the requester's account is deleted; the name stays, the email is erased. */
  requesterId: string | null;
  requesterName: string;
  requesterEmail: string | null;
  recipientName: string;
  /** Checked against BLOOD_GROUPS on every write. */
  bloodGroup: BloodGroup;
  division: string;
  district: string;
  upazila: string | null;
  hospitalName: string;
  fullAddress: string;
  /** YYYY-MM-DD, a date in Dhaka. */
  donationDate: string;
  /** HH:MM. */
  donationTime: string;
  requestMessage: string;
  status: RequestStatus;
  /** Null until someone donates, and again once the donor's account is deleted (name kept). */
  donorId: string | null;
  donorName: string | null;
  donorEmail: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  // Issue 14 (021-request-lifecycle).
  verifiedAt: NullableTimestamp;
  verifiedById: ColumnType<string | null, string | null | undefined, string | null>;
  verifiedByName: ColumnType<string | null, string | null | undefined, string | null>;
  /** Open reports, one per person; REPORTS_TO_HIDE of them hide it from the public list. */
  openReports: ColumnType<number | string, number | undefined, number | RawCount>;
  lastReportedAt: NullableTimestamp;
  removedAt: NullableTimestamp;
  removedById: ColumnType<string | null, string | null | undefined, string | null>;
  removedReason: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the requester was asked to confirm an in-progress request past its date. */
  confirmationAskedAt: NullableTimestamp;
  // Issue 25 (027-report-weights, decision 024).
  /** The weights of its open reports whose reporters are active. */
  reportWeight: ColumnType<number | string, number | undefined, number>;
  /** Set while reports hide it from the public lists (never while verified). */
  reportHiddenAt: NullableTimestamp;
  /** Waves of alerts its one chain has sent (at most ALERT_MAX_WAVES a round). */
  alertWaves: ColumnType<number | string, number | undefined, number>;
  /** The dedupe key of the wave job its chain waits on; null: `alert-wave:<id>:<alertWaves + 1>`. */
  alertWaveKey: ColumnType<string | null, string | null | undefined, string | null>;
  // Issue 27 (033-request-bags, decision 030).
  /** Bags (donors) asked for, 1 to MAX_BAGS. */
  bags: ColumnType<number, number | undefined, number>;
  component: ColumnType<BloodComponent, BloodComponent | undefined, BloodComponent>;
  urgency: ColumnType<Urgency, Urgency | undefined, Urgency>;
  /** URGENCY_RANK of `urgency`, written with it: the public list's first sort key. */
  urgencyRank: ColumnType<number, number | undefined, number>;
  /** Standing pledges (pledged or donated), kept in each pledge's transaction. */
  // Integers (not bigint) on both engines: read as numbers.
  bagsPledged: ColumnType<number, number | undefined, number | RawCount>;
  bagsDonated: ColumnType<number, number | undefined, number | RawCount>;
}

/** One donor's pledge of one bag of a request (issue 27, decision 030). */
export interface DonationPledgeTable {
  id: string;
  requestId: string;
  /** Null once the donor's account is deleted (the name stays, the email is erased). */
  donorId: string | null;
  donorName: string;
  donorEmail: string | null;
  status: PledgeStatus;
  pledgedAt: Timestamp;
  /** When it was marked donated or did-not-come, or withdrawn. */
  settledAt: NullableTimestamp;
}

/** A timestamp column that may be empty (see Timestamp). */
type NullableTimestamp = ColumnType<Date | string | null, string | null | undefined, string | null>;
/** An SQL expression that updates a counter (`openReports + 1`). */
type RawCount = RawBuilder<number>;

export interface RequestReportTable {
  id: string;
  requestId: string;
  /** Null once the reporter's account is deleted; the report then no longer counts. */
  reporterId: string | null;
  reporterName: string;
  reason: ReportReason;
  note: string | null;
  status: ColumnType<ReportStatus, ReportStatus | undefined, ReportStatus>;
  createdAt: Timestamp;
  handledAt: NullableTimestamp;
  handledById: ColumnType<string | null, string | null | undefined, string | null>;
  handledByName: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the report weighed when it was made (decision 024). */
  weight: ColumnType<number | string, number | undefined, number>;
}

export interface RequestWithdrawalTable {
  id: string;
  /** Null once the request is deleted; what it was is copied below. */
  requestId: string | null;
  recipientName: string;
  bloodGroup: BloodGroup;
  donationDate: string;
  donorId: string | null;
  donorName: string;
  donorEmail: string | null;
  reason: string;
  createdAt: Timestamp;
}

/**
 * A completed donation, written when its request is marked done (decision 016): the donor's
 * record, kept when the request is deleted.
 */
export interface DonationTable {
  /** The request's id when it was made (one donation per request). */
  id: string;
  /** Null once the request is deleted; what the certificate says is copied below. */
  requestId: string | null;
  donorId: string;
  bloodGroup: BloodGroup;
  /** YYYY-MM-DD, a date in Dhaka. */
  donationDate: string;
  /** HH:MM. */
  donationTime: string;
  hospitalName: string;
  district: string;
  division: string;
  /** When it was recorded (the request marked done). */
  createdAt: Timestamp;
}

export interface AuditLogTable {
  id: string;
  createdAt: Timestamp;
  /** The actor as they were; no foreign key, so the log outlives the account. */
  actorId: string;
  actorName: string;
  actorEmail: string;
  actorRole: AuditActorRole;
  action: AuditAction;
  targetType: 'user' | 'request' | 'report' | 'blog';
  targetId: string;
  targetLabel: string;
  detail: string | null;
  /**
   * Issue 31 (045): whose data the entry is about when that is not its target (a phone reveal
   * targets the request; its subject is the person whose number was shown). Null otherwise.
   */
  subjectId: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BlogTable {
  id: string;
  title: string;
  /** `/api/images/<id>.webp`. */
  image: string;
  /** Plain text, paragraphs separated by a blank line. */
  content: string;
  status: 'draft' | 'published';
  /** Null once the writer's account is deleted; the blog stays. */
  authorId: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

/** Background work and outgoing messages (server/jobs/): due at runAt, claimed with a lease. */
export interface JobTable {
  id: string;
  kind: string;
  /** JSON. */
  payload: string;
  runAt: Timestamp;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  lockedBy: string | null;
  lockedUntil: ColumnType<Date | string | null, string | null | undefined, string | null>;
  lastError: string | null;
  /** Scheduling the same thing twice (same key) keeps one row. */
  dedupeKey: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type NotificationKind =
  | 'match-alert'
  | 'request-accepted'
  | 'request-done'
  | 'request-canceled'
  | 'donation-done'
  | 'donation-reminder'
  | 'eligible-again'
  | 'request-withdrawn'
  | 'request-expired'
  | 'request-confirm-due'
  | 'request-removed'
  // 027-report-weights.
  | 'request-under-review'
  | 'report-review';

export interface NotificationTable {
  id: string;
  userId: string;
  kind: NotificationKind;
  /** Null when the request was deleted since; `data` keeps what the notification said. */
  requestId: string | null;
  /** JSON snapshot of what the notification is about (see notifications.schema). */
  data: string;
  readAt: ColumnType<Date | string | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
}

/** Who was alerted about which request, in which wave (the weekly cap counts these). */
export interface RequestAlertTable {
  requestId: string;
  userId: string;
  wave: number;
  createdAt: Timestamp;
}

/** A person's choice of notifications; no row means every one on. */
export interface NotificationSettingTable {
  userId: string;
  matchAlerts: Bool;
  donationReminders: Bool;
  eligibilityNotices: Bool;
  requestUpdates: Bool;
  email: Bool;
  updatedAt: Timestamp;
}

/** A password-reset link's token, stored as its SHA-256 only. */
export interface PasswordResetTokenTable {
  id: string;
  userId: string;
  tokenHash: string;
  expiresAt: Timestamp;
  usedAt: ColumnType<Date | string | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
}

/** An account that went past its daily budget of donor emails, once per Dhaka day (issue 25). */
export interface DonorEmailBudgetReachedTable {
  id: string;
  userId: string;
  /** The Dhaka calendar date, YYYY-MM-DD. */
  day: string;
  allowance: number;
  hidden: number;
  reachedAt: Timestamp;
  lastAt: Timestamp;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  counter: CounterTable;
  contact: ContactTable;
  division: DivisionTable;
  district: DistrictTable;
  upazila: UpazilaTable;
  donationRequest: DonationRequestTable;
  blog: BlogTable;
  upload: UploadTable;
  job: JobTable;
  notification: NotificationTable;
  requestAlert: RequestAlertTable;
  notificationSetting: NotificationSettingTable;
  passwordResetToken: PasswordResetTokenTable;
  requestReport: RequestReportTable;
  requestWithdrawal: RequestWithdrawalTable;
  auditLog: AuditLogTable;
  donation: DonationTable;
  donorEmailBudgetReached: DonorEmailBudgetReachedTable;
  donationPledge: DonationPledgeTable;
  twoFactor: TwoFactorTable;
  userPhone: UserPhoneTable;
  phoneVerification: PhoneVerificationTable;
  smsMessage: SmsMessageTable;
  smsDay: SmsDayTable;
  requestTimeline: RequestTimelineTable;
  requestOutcome: RequestOutcomeTable;
  outcomeRollup: OutcomeRollupTable;
  requestContact: RequestContactTable;
  userConsent: UserConsentTable;
  apiToken: ApiTokenTable;
}

/** Issue 32: a personal API token: only its SHA-256 is kept; scopes space-separated. */
export interface ApiTokenTable {
  id: string;
  userId: string;
  name: string;
  scopes: string;
  tokenHash: string;
  createdAt: Timestamp;
  lastUsedAt: NullableTimestamp;
}

/** Issue 31: consent to the privacy notice of one version, given and perhaps withdrawn. */
export interface UserConsentTable {
  id: string;
  userId: string;
  noticeVersion: string;
  givenAt: Timestamp;
  withdrawnAt: NullableTimestamp;
}

/** Issue 28: an account's verified mobile number (+8801XXXXXXXXX) and its SMS choices. */
export interface UserPhoneTable {
  userId: string;
  phone: string;
  verifiedAt: Timestamp;
  smsAlerts: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  nightAlerts: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  updatedAt: Timestamp;
}

/** Issue 28: an account's pending one-time code (only its hash; null until the SMS is made). */
export interface PhoneVerificationTable {
  userId: string;
  id: string;
  phone: string;
  codeHash: string | null;
  expiresAt: NullableTimestamp;
  attempts: ColumnType<number, number | undefined, number>;
  createdAt: Timestamp;
  /** Issue 28 (041): the request whose contact number the code is for; null: the account's own. */
  requestId: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Issue 28 (041, decision 036): a request's contact number; verifiedAt null until confirmed. */
export interface RequestContactTable {
  requestId: string;
  phone: string;
  verifiedAt: NullableTimestamp;
  updatedAt: Timestamp;
}

/** Issue 28: an SMS the outbox let through (its id is the job's), and its delivery state. */
export interface SmsMessageTable {
  id: string;
  userId: string;
  // 'reminder' and 'accepted' (a donor accepted, to the requester): no migration, the column is text.
  purpose: 'code' | 'alert' | 'reminder' | 'accepted';
  day: string;
  segments: number;
  gatewayId: string | null;
  status: 'sending' | 'sent' | 'delivered' | 'undelivered';
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** Issue 28: one Dhaka day's SMS parts against the daily budget. */
export interface SmsDayTable {
  day: string;
  sent: number;
  budget: number;
  refused: number;
  reachedAt: NullableTimestamp;
}

// Issue 29 (039-request-timeline, 040-outcome-rollup, decision 034).

/** One thing that happened to a request, when it happened; no person is named. */
export interface RequestTimelineTable {
  id: string;
  requestId: string;
  kind: string;
  /** `in_app` or `email` for an alert; null for everything else. */
  channel: string | null;
  at: Timestamp;
}

/** A request's outcome as the daily counts hold it so far. */
export interface RequestOutcomeTable {
  requestId: string;
  day: string;
  division: string;
  urgency: string;
  component: string;
  bloodGroup: string;
  createdAt: Timestamp;
  bags: number;
  bagsDonated: ColumnType<number, number | undefined, number>;
  firstPledgeAt: NullableTimestamp;
  allPledgedAt: NullableTimestamp;
  servedOnTime: ColumnType<number, number | undefined, number>;
}

/** The histogram buckets' indexes (decision 034: 12 fixed buckets of minutes). */
type Bucket = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11;
type Count = ColumnType<number | string, number | undefined, number | RawCount>;

/** The counts of the requests created in one day or month and one cell. */
export type OutcomeRollupTable = {
  grain: 'day' | 'month';
  period: string;
  division: string;
  urgency: string;
  component: string;
  bloodGroup: string;
  requests: Count;
  bagsRequested: Count;
  bagsDonated: Count;
  servedOnTime: Count;
  alerts: Count;
  alertEmails: Count;
  pledges: Count;
  withdrawals: Count;
  noShows: Count;
  firstPledged: Count;
  allPledged: Count;
} & { [K in `firstPledgeB${Bucket}` | `allPledgedB${Bucket}`]: Count };
