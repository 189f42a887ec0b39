import type { ColumnType, RawBuilder } from 'kysely';
import type { BloodGroup, RequestStatus, Role } from '../../common/constants.ts';
import type { Language } from '../../common/languages.ts';
import type { AuditAction, ReportReason, ReportStatus } from '../../common/trust.constants.ts';

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
  searchVisible: Bool;
  /** The donor's own pause: not available until then (null: available). See availability.rules.ts. */
  pausedUntil: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** The language they chose (issue 16): the site's after sign-in, and their emails'. */
  language: ColumnType<Language, Language | undefined, Language>;
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
}

/** A timestamp column that may be empty (see Timestamp). */
type NullableTimestamp = ColumnType<Date | string | null, string | null | undefined, string | null>;
/** An SQL expression that updates a counter (`openReports + 1`). */
type RawCount = RawBuilder<number>;

export interface RequestReportTable {
  id: string;
  requestId: string;
  /** Null once the reporter's account is deleted; the report still counts. */
  reporterId: string | null;
  reporterName: string;
  reason: ReportReason;
  note: string | null;
  status: ColumnType<ReportStatus, ReportStatus | undefined, ReportStatus>;
  createdAt: Timestamp;
  handledAt: NullableTimestamp;
  handledById: ColumnType<string | null, string | null | undefined, string | null>;
  handledByName: ColumnType<string | null, string | null | undefined, string | null>;
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
  actorRole: Role;
  action: AuditAction;
  targetType: 'user' | 'request' | 'report' | 'blog';
  targetId: string;
  targetLabel: string;
  detail: string | null;
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
  | 'request-removed';

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
}
