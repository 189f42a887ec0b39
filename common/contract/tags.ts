/**
 * The groups of the OpenAPI document (issue 32): every operation's tag is one of these, and the
 * document lists them, in this order, with what each holds.
 */
export const TAGS = [
  { name: 'Account', description: 'Sign-up, sign-in, sessions, the second factor, passwords' },
  { name: 'API tokens', description: 'Personal API tokens for programs (decision 044)' },
  { name: 'Users', description: 'Profiles, the donor search, and the admin’s user actions' },
  {
    name: 'Donation requests',
    description: 'Asking for blood: create, read, list, pledge, finish',
  },
  {
    name: 'Trust',
    description: 'Verifying, reporting and removing requests; withdrawing a pledge; reposting',
  },
  { name: 'Matching', description: 'Donors who match a request, and a donor’s availability' },
  { name: 'Notifications', description: 'In-app notifications and their settings' },
  {
    name: 'Phone and SMS',
    description: 'Phone numbers, their codes, SMS alerts, and the hand-off on a pledge',
  },
  { name: 'Donation history', description: 'A donor’s past donations' },
  { name: 'Privacy', description: 'Consent, a copy of one’s data, deleting one’s account' },
  { name: 'Blogs', description: 'Articles written by admins, published for everyone' },
  { name: 'Images', description: 'Uploading photos for profiles and blogs' },
  { name: 'Places', description: 'Divisions, districts and upazilas of Bangladesh' },
  { name: 'Outcomes', description: 'How requests end, for everyone: the public measures' },
  { name: 'Contact', description: 'The contact form, and its messages for staff' },
  { name: 'Dashboard', description: 'Counts for the staff dashboard' },
  { name: 'Audit', description: 'The audit log (admin)' },
  { name: 'Outbox', description: 'Emails that could not be delivered (admin)' },
  { name: 'System', description: 'Health, readiness and metrics for operators' },
] as const;

export type TagName = (typeof TAGS)[number]['name'];
