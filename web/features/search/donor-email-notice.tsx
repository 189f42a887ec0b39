import { useTranslation } from 'react-i18next';
import type { DonorEmailBudget } from '../../../common/donor-email-budget.ts';
import { formatNumber } from '../../lib/i18n.ts';

/**
 * Issue 25: a signed-in member sees donors' emails up to a daily budget. When a page hid some,
 * this says why and until when, above the list.
 */
export function DonorEmailNotice({ budget }: { budget: DonorEmailBudget | null | undefined }) {
  const { t } = useTranslation();
  if (!budget || budget.hidden === 0) return null;
  return (
    <p role="status" className="mt-3 rounded-lg bg-amber-50 p-4 text-sm text-amber-900">
      {t('donorEmails.budgetSpent', { count: budget.seen, seen: formatNumber(budget.seen) })}
    </p>
  );
}
