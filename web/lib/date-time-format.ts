// The formatter cache is shared with the server's Bangla emails (common/local-date.ts).
export { dateTimeFormat } from '../../common/date-time-format.ts';
