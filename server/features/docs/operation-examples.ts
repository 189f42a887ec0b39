import {
  blogExample,
  createdApiTokenExample,
  createRequestExample,
  donationRequestExample,
  donorExample,
  REQUEST_ID as ID,
  userExample,
} from '../../../common/contract/examples.ts';

// Issue 32 item 3: an example for each request body and success answer. The main calls' examples
// are in the contract (common/contract/examples.ts); the rest are here, on the server only, so
// the browser does not load them with the contract. Keyed by operationId, then `body` or the
// answer's status. server/features/docs/openapi.test.ts parses each with the endpoint's own zod
// schema (strict for answers), so an example that drifts from the server fails there.

const OTHER_ID = '0193a5e5-55ee-7a66-8b77-9c88d0e1f2a3';
const AT = '2026-11-29T06:30:00.000Z';
const PASSWORD = 'Rakt@2026';

const modified = { modifiedCount: 1 };
const deleted = { deletedCount: 1 };
const authUser = {
  id: OTHER_ID,
  name: 'Rahima Begum',
  email: 'rahima@example.com',
  emailVerified: false,
  image: null,
  createdAt: AT,
  updatedAt: AT,
  role: 'donor',
  status: 'active',
  bloodGroup: 'O+',
  division: 'Khulna',
  district: 'Jashore',
  upazila: 'Jashore Sadar',
  twoFactorEnabled: false,
  lastDonationDate: null,
  searchVisible: true,
};
const phoneState = {
  number: '+8801555000111',
  verifiedAt: AT,
  smsAlerts: true,
  nightAlerts: false,
  pending: null,
  smsEnabled: true,
};
const consentState = {
  noticeVersion: '2026-11-01',
  acceptedVersion: '2026-11-01',
  givenAt: AT,
  withdrawnAt: null,
  owed: false,
};
const { token: _shownOnce, ...apiTokenExample } = createdApiTokenExample;
/** A member's notification choices, as saved and as read back. */
const notificationChoices = {
  matchAlerts: true,
  donationReminders: true,
  eligibilityNotices: true,
  requestUpdates: true,
  email: false,
};
const contactNumber = { number: '+8801555000111', verified: true, codePending: false };

const requestContacts = {
  requestId: ID,
  contact: '+8801555000111',
  unverifiedContact: null,
  donors: [
    {
      pledgeId: '0193a5e3-33cc-7e44-8f55-6a77b8c9d0e1',
      donorName: 'Tanvir Hasan',
      status: 'pledged',
      number: '+8801555000222',
    },
  ],
};
const donation = {
  id: ID,
  donationDate: '2026-11-20',
  donationTime: '09:15',
  hospitalName: 'Jashore General Hospital',
  district: 'Jashore',
  division: 'Khulna',
  bloodGroup: 'B+',
};
const perGroup = { 'A+': 3, 'A-': 0, 'B+': 4, 'B-': 1, 'AB+': 1, 'AB-': 0, 'O+': 5, 'O-': 1 };

const outcomeMeasures = {
  suppressed: false,
  requests: 48,
  bagsRequested: 75,
  bagsDonated: 61,
  fulfilmentRate: 0.81,
  servedOnTimeRate: 0.74,
  firstPledgeMedianMinutes: 22,
  firstPledgeP90Minutes: 140,
  allPledgedMedianMinutes: 95,
  allPledgedP90Minutes: 610,
  alertsSent: 930,
  alertsPerBagDonated: 15.2,
  acceptanceRate: 0.12,
  withdrawalRate: 0.05,
  noShowRate: 0.03,
};

export const OPERATION_EXAMPLES: Record<string, Record<string, unknown>> = {
  health: { 200: { status: 'ok' } },
  ready: { 200: { status: 'ready', database: 'ok', redis: 'ok' } },
  metrics: {
    200: '# HELP http_requests_total Requests answered\n# TYPE http_requests_total counter\nhttp_requests_total{status="200"} 1024\n',
  },
  listDivisions: { 200: [{ id: 4, name: 'Khulna', bnName: 'খুলনা' }] },
  listDistricts: { 200: [{ id: 38, divisionId: 4, name: 'Jashore', bnName: 'যশোর' }] },
  listUpazilas: { 200: [{ id: 290, districtId: 38, name: 'Jashore Sadar', bnName: 'যশোর সদর' }] },
  sendContactMessage: {
    body: {
      name: 'Nasrin Akter',
      phone: '01555000111',
      email: 'nasrin@example.com',
      message: 'Can our hospital post requests from its own system?',
    },
    201: { insertedId: ID },
  },
  listContactMessages: {
    200: [
      {
        id: ID,
        _id: ID,
        name: 'Nasrin Akter',
        phone: '01555000111',
        email: 'nasrin@example.com',
        message: 'Can our hospital post requests from its own system?',
        status: 'new',
        createdAt: AT,
        handledAt: null,
        handledBy: null,
      },
    ],
  },
  passwordResetStatus: { 200: { available: true } },
  requestPasswordReset: {
    body: { email: 'rahima@example.com' },
    200: {
      message: 'If an account uses this address, a link to reset its password is on its way.',
    },
  },
  resetPassword: {
    body: { token: 'the-token-from-the-link', password: PASSWORD },
    200: { reset: true },
  },
  getOutcomes: {
    200: {
      from: '2026-11-01',
      to: '2026-11-29',
      groupBy: 'urgency',
      total: outcomeMeasures,
      groups: [
        { key: 'critical', measures: { ...outcomeMeasures, requests: 12, bagsRequested: 20 } },
      ],
    },
  },
  recordSmsReceipt: { body: { id: 'msg-7781', status: 'DELIVRD' }, 200: { status: 'delivered' } },
  signUp: {
    body: {
      name: 'Rahima Begum',
      email: 'rahima@example.com',
      password: PASSWORD,
      image: `/api/images/${OTHER_ID}.webp`,
      bloodGroup: 'O+',
      division: 'Khulna',
      district: 'Jashore',
      upazila: 'Jashore Sadar',
      consent: true,
    },
    200: { user: authUser },
  },
  signIn: {
    body: { email: 'rahima@example.com', password: PASSWORD },
    200: { redirect: false, user: authUser },
  },
  signOut: { body: {}, 200: { success: true } },
  signOutEverywhere: { body: {}, 200: { status: true } },
  getSession: {
    200: {
      session: {
        id: OTHER_ID,
        userId: authUser.id,
        expiresAt: '2026-12-29T06:30:00.000Z',
        createdAt: AT,
        updatedAt: AT,
        ipAddress: null,
        userAgent: 'Mozilla/5.0',
      },
      user: { ...authUser, consentOwed: false },
    },
  },
  enableTwoFactor: {
    body: { password: PASSWORD },
    200: {
      method: 'totp',
      totpURI: 'otpauth://totp/RedHope:rahima%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=RedHope',
      backupCodes: ['a1b2c-3d4e5', 'f6g7h-8i9j0'],
    },
  },
  verifyTotp: { body: { code: '123456' }, 200: { user: authUser } },
  verifyBackupCode: { body: { code: 'a1b2c-3d4e5' }, 200: { user: authUser } },
  disableTwoFactor: { body: { password: PASSWORD }, 200: { status: true } },
  createToken: { 200: { token: 'eyJhbGciOiJIUzI1NiJ9.session-token' } },
  changePassword: {
    body: { currentPassword: PASSWORD, newPassword: 'Rakt@2027' },
    200: { changed: true },
  },
  requestPhoneCode: {
    body: { phone: '01555000111' },
    202: {
      ...phoneState,
      verifiedAt: null,
      number: null,
      pending: { number: '+8801555000111', expiresAt: '2026-11-29T06:40:00.000Z' },
    },
  },
  removePhone: { 200: { ...phoneState, number: null, verifiedAt: null, smsAlerts: false } },
  confirmPhoneCode: { body: { code: '123456' }, 200: phoneState },
  setSmsChoices: { body: { smsAlerts: true, nightAlerts: false }, 200: phoneState },
  getRequestContacts: { 200: requestContacts },
  staffViewRequestContacts: {
    body: { reason: 'The family asked the hotline to call the donor for them.' },
    200: requestContacts,
  },
  requestContactCode: { 202: { ...contactNumber, verified: false, codePending: true } },
  confirmContactCode: { body: { code: '123456' }, 200: contactNumber },
  giveConsent: { body: { noticeVersion: '2026-11-01' }, 200: consentState },
  withdrawConsent: { 200: { ...consentState, withdrawnAt: AT, owed: true } },
  deleteMe: { body: { password: PASSWORD, confirmation: 'DELETE' }, 200: { deleted: true } },
  listApiTokens: { 200: [apiTokenExample] },
  getMe: {
    200: {
      ...userExample,
      language: 'bn',
      phone: phoneState,
      consent: consentState,
    },
  },
  exportMe: {
    200: {
      format: 'redhope-data-export/1',
      exportedAt: AT,
      about: 'Everything RedHope keeps about you, as of the time above.',
      // The same member as the other examples, with what only the export shows.
      profile: {
        ...authUser,
        lastDonationComponent: null,
        pausedUntil: null,
        language: 'bn',
        createdAt: '2025-03-02T10:20:00.000Z',
      },
      phone: null,
      notificationSettings: null,
      consents: [{ noticeVersion: '2026-11-01', givenAt: AT, withdrawnAt: null }],
      sessions: [
        {
          kind: 'sign-in',
          createdAt: AT,
          expiresAt: '2026-12-29T06:30:00.000Z',
          ipAddress: '203.0.113.7',
          userAgent: 'Mozilla/5.0',
        },
      ],
      uploads: [],
      requests: [
        {
          id: ID,
          requesterName: 'Rahima Begum',
          requesterEmail: 'rahima@example.com',
          ...createRequestExample,
          status: 'pending',
          contactNumber: null,
          verifiedAt: null,
          removedAt: null,
          removedReason: null,
          createdAt: AT,
          updatedAt: AT,
        },
      ],
      pledgesToMyRequests: [],
      pledges: [],
      donations: [],
      withdrawals: [],
      alerts: [],
      notifications: [],
      reports: [],
      contactMessages: [],
      smsMessages: [],
      auditEntries: [],
    },
  },
  revokeApiToken: { 200: deleted },
  makeAdmin: { 200: modified },
  makeVolunteer: { 200: modified },
  blockUser: { 200: modified },
  unblockUser: { 200: modified },
  checkAdmin: { 200: { admin: false } },
  checkVolunteer: { 200: { volunteer: true } },
  setLanguage: { body: { language: 'bn' } },
  listUsers: { 200: [userExample] },
  updateProfile: { body: { bloodGroup: 'O+', upazila: 'Jashore Sadar' }, 200: modified },
  deleteUser: { 200: deleted },
  markDonated: { 200: modified },
  changeRequest: { body: { status: 'done' }, 200: modified },
  getRequestAllowance: { 200: { open: 1, max: 3 } },
  listRecentRequests: { 200: [donationRequestExample] },
  listAllRequests: { 200: [donationRequestExample] },
  deleteRequest: { 200: deleted },
  listMatches: {
    200: [
      {
        id: donorExample.id,
        _id: donorExample.id,
        name: donorExample.name,
        email: 'tanvir@example.com',
        image: null,
        bloodGroup: 'B+',
        division: 'Khulna',
        district: 'Jashore',
        upazila: 'Jashore Sadar',
        distance: 'upazila',
        exactGroup: true,
      },
    ],
  },
  countMatches: { 200: { nearby: 12, capped: false, anywhere: 140, anywhereCapped: false } },
  setAvailability: { body: { available: false, until: '2026-12-15' }, 200: modified },
  listNotifications: {
    200: [
      {
        id: OTHER_ID,
        kind: 'request-accepted',
        requestId: ID,
        requestStatus: 'inprogress',
        data: {
          bloodGroup: 'B+',
          recipientName: 'Abdul Karim',
          hospitalName: 'Jashore General Hospital',
          district: 'Jashore',
          donationDate: '2026-12-01',
          donationTime: '09:15',
          donorName: 'Tanvir Hasan',
        },
        read: false,
        createdAt: AT,
      },
    ],
  },
  countUnread: { 200: { count: 2 } },
  markAllRead: { 200: { modifiedCount: 2 } },
  markRead: { 200: modified },
  getNotificationSettings: { 200: { ...notificationChoices, emailAvailable: true } },
  saveNotificationSettings: { body: notificationChoices, 200: { saved: true } },
  adminStats: {
    200: {
      users: 120,
      donationRequest: 15,
      byStatus: { pending: 6, inprogress: 4, done: 3, cancel: 1, expired: 1 },
      byBloodGroup: perGroup,
    },
  },
  uploadImage: { 201: { success: true, data: { display_url: blogExample.image } } },
  createBlog: {
    body: { title: blogExample.title, image: blogExample.image, content: blogExample.content },
    201: { insertedId: ID },
  },
  listBlogs: { 200: [blogExample] },
  changeBlogStatus: { body: { status: 'published' }, 200: modified },
  deleteBlog: { 200: deleted },
  changeContactStatus: { body: { status: 'handled' }, 200: modified },
  removeRequest: { body: { reason: 'Asks for money for the blood.' }, 200: modified },
  withdrawFromRequest: { body: { reason: 'I fell ill this week.' }, 200: modified },
  repostRequest: {
    body: { donationDate: '2026-12-03', donationTime: '10:00' },
    201: { insertedId: ID },
  },
  recordPledgeOutcome: { body: { outcome: 'donated' }, 200: modified },
  setRequestBags: { body: { bags: 3 }, 200: modified },
  verifyRequest: { 200: modified },
  reportRequest: {
    body: { reason: 'fake-or-duplicate', note: 'Posted twice today.' },
    201: { insertedId: ID },
  },
  listRequestReports: {
    200: [
      {
        id: OTHER_ID,
        requestId: ID,
        reason: 'fake-or-duplicate',
        note: 'Posted twice today.',
        status: 'open',
        reporterName: 'Tanvir Hasan',
        reporterEmail: 'tanvir@example.com',
        createdAt: AT,
        handledAt: null,
        handledBy: null,
      },
    ],
  },
  dismissReport: { body: { status: 'dismissed' }, 200: modified },
  listMyDonations: { 200: [donation] },
  getCertificate: { 200: { ...donation, donorName: 'Tanvir Hasan', ordinal: 3 } },
  listSmsDays: {
    200: {
      enabled: true,
      budget: 500,
      perDonorPerDay: 2,
      days: [{ day: '2026-11-29', sent: 140, budget: 500, refused: 0, reachedAt: null }],
    },
  },
  listWithdrawals: {
    200: [
      {
        id: OTHER_ID,
        requestId: ID,
        recipientName: 'Abdul Karim',
        bloodGroup: 'B+',
        donationDate: '2026-12-01',
        donorName: 'Tanvir Hasan',
        donorEmail: 'tanvir@example.com',
        reason: 'I fell ill this week.',
        createdAt: AT,
        donorWithdrawals: 1,
      },
    ],
  },
  listReportedRequests: {
    200: [
      {
        id: ID,
        recipientName: 'Abdul Karim',
        bloodGroup: 'B+',
        district: 'Jashore',
        hospitalName: 'Jashore General Hospital',
        donationDate: '2026-12-01',
        donationTime: '09:15',
        status: 'pending',
        requesterName: 'Rahima Begum',
        requesterEmail: 'rahima@example.com',
        verified: false,
        openReports: 2,
        reportWeight: 2,
        hidden: false,
        lastReportedAt: AT,
      },
    ],
  },
  listOverdueRequests: {
    200: [
      {
        id: ID,
        status: 'pending',
        urgency: 'critical',
        bloodGroup: 'O-',
        component: 'whole_blood',
        bags: 2,
        bagsPledged: 0,
        hospitalName: 'Jashore General Hospital',
        district: 'Jashore',
        division: 'Khulna',
        donationDate: '2026-11-29',
        donationTime: '18:00',
        createdAt: AT,
        openMinutes: 95,
        overdueAfterMinutes: 60,
      },
    ],
  },
  listAuditLog: {
    200: [
      {
        id: OTHER_ID,
        at: AT,
        actorName: 'Farhana Islam',
        actorEmail: 'farhana@example.com',
        actorRole: 'volunteer',
        action: 'request.verify',
        targetType: 'request',
        targetId: ID,
        targetLabel: 'Abdul Karim, B+, Jashore General Hospital',
        detail: null,
      },
    ],
  },
  listBudgetReached: {
    200: [
      {
        id: OTHER_ID,
        userId: donorExample.id,
        name: 'Tanvir Hasan',
        email: 'tanvir@example.com',
        role: 'donor',
        day: '2026-11-29',
        allowance: 5,
        hidden: 2,
        reachedAt: AT,
        lastAt: '2026-11-29T09:10:00.000Z',
      },
    ],
  },
  listFailedMessages: {
    200: [
      {
        id: OTHER_ID,
        kind: 'email',
        to: 'tanvir@example.com',
        subject: 'A B+ donor is needed in Jashore',
        attempts: 5,
        lastError: '550 mailbox unavailable',
        createdAt: AT,
        failedAt: '2026-11-29T07:30:00.000Z',
      },
    ],
  },
  resendFailedMessage: { 200: modified },
};
