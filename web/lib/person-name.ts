import type { TFunction } from 'i18next';
import { DELETED_ACCOUNT_NAME } from '../../common/deleted-account.ts';

/**
 * A person's name as a record keeps it, in the reader's language when it is the placeholder of
 * an erased account (issue 31, decision 040): the server stores one stable marker in the name's
 * place, and the page translates it, so a Bangla page never shows "Deleted account".
 */
export function personName(t: TFunction, name: string): string;
export function personName(t: TFunction, name: string | null): string | null;
export function personName(t: TFunction, name: string | null): string | null {
  return name === DELETED_ACCOUNT_NAME ? t('deletedAccount.name') : name;
}
