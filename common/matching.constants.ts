/**
 * The matches list of a request holds at most its nearest this many donors: enough pages for a
 * requester to reach people, and a bound on the work of every page (decision 010).
 */
export const MATCH_LIST_CAP = 200;

/** "N compatible donors nearby" counts up to this many, then says "at least" (decision 010). */
export const NEARBY_COUNT_CAP = 100;
