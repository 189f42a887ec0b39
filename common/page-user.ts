/**
 * The header a page sends with each change it asks for (POST, PATCH, PUT, DELETE): the id of the
 * user the page was showing. When the browser's session has since become another user's (signed
 * in as someone else in another tab), the server refuses the change with SESSION_CHANGED rather
 * than make it under the account the person did not see (issue 30, item 13).
 */
export const PAGE_USER_HEADER = 'X-Page-User';

export const SESSION_CHANGED = 'SESSION_CHANGED';
