/**
 * What stands for a deleted person's name on the records others keep (issue 31, decisions 004
 * and 040): a request's requester or donor, a pledge, a report, an audit entry. The web shows it
 * in the reader's language (`deletedAccount.name`).
 */
export const DELETED_ACCOUNT_NAME = 'Deleted account';
