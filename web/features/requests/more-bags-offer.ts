import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MAX_BAGS } from '../../../common/constants.ts';
import { getRequest } from '../../../common/contract/requests.contract.ts';
import { ApiError, request } from '../../lib/api.ts';
import { dialog, errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { useSetRequestBags } from './requests.api.ts';

/** The open request a create was refused for, when the refusal is the duplicate rule's. */
export const duplicateOf = (error: unknown) =>
  error instanceof ApiError && error.code === 'DUPLICATE_REQUEST' ? error.requestId : undefined;

/**
 * Issue 27, one request per need: a family refused a second request for the same patient and
 * date is offered, in one click, to ask for more bags on the open one (its bags plus the bags the
 * refused form asked for, at most MAX_BAGS), and is then taken to it. Resolves true when the bags
 * were raised.
 */
export function useOfferMoreBags() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setBags = useSetRequestBags();
  const fail = (error: unknown) =>
    errorDialog(t('errors.title'), error instanceof ApiError ? error.message : t('errors.generic'));

  return async (openId: string, wanted: number): Promise<boolean> => {
    const open = await request(getRequest, { params: { id: openId } }).catch(() => null);
    if (!open) {
      await errorDialog(t('requests.duplicate.title'), t('requests.duplicate.text'));
      return false;
    }
    if (open.bags >= MAX_BAGS) {
      await errorDialog(
        t('requests.duplicate.title'),
        t('requests.duplicate.full', { count: open.bags }),
      );
      return false;
    }
    const bags = Math.min(MAX_BAGS, open.bags + wanted);
    const openedAt = Date.now();
    const answer = await dialog.fire({
      icon: 'info',
      title: t('requests.duplicate.title'),
      text: t('requests.duplicate.text'),
      showCancelButton: true,
      confirmButtonText: t('requests.duplicate.moreBags', { count: bags - open.bags }),
      cancelButtonText: t('requests.duplicate.keep'),
      // The second click of a double click on Request Now must not answer it (issue 11).
      allowOutsideClick: () => Date.now() - openedAt > 600,
    });
    if (!answer.isConfirmed) return false;
    try {
      await setBags.mutateAsync({ id: openId, bags });
    } catch (error) {
      await fail(error);
      return false;
    }
    void toastSuccess(t('requests.duplicate.done', { count: bags }), 2000);
    navigate(`/blood-donation-request/${openId}`);
    return true;
  };
}
