import { useTranslation } from 'react-i18next';
import type { RequestStatus } from '../../../common/constants.ts';

const tone: Record<RequestStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  inprogress: 'bg-blue-50 text-blue-800 ring-blue-200',
  done: 'bg-green-50 text-green-800 ring-green-200',
  cancel: 'bg-gray-100 text-gray-700 ring-gray-300',
  expired: 'bg-stone-100 text-stone-700 ring-stone-300',
};

/** A request's status as a label; the text carries the meaning, the colour only repeats it. */
export function StatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tone[status]}`}
    >
      {t(`requests.status.${status}`)}
    </span>
  );
}
