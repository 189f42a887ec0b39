import type { TFunction } from 'i18next';
import { BLOOD_COMPONENTS, URGENCIES } from '../../../common/constants.ts';
import { StatusFilter } from '../../components/status-filter.tsx';
import type { NeedFilter } from './need-filter.ts';

/** Two labelled selects; `t` from the page, which looks its words up once. */
export function NeedFilters({
  value,
  onChange,
  t,
}: {
  value: NeedFilter;
  onChange: (next: Partial<NeedFilter>) => void;
  t: TFunction;
}) {
  return (
    <>
      <StatusFilter
        label={t('requests.filters.component')}
        allLabel={t('requests.filters.allComponents')}
        statuses={BLOOD_COMPONENTS}
        labelOf={(component) => t(`requests.component.${component}`)}
        value={value.component}
        onChange={(component) => onChange({ component })}
      />
      <StatusFilter
        label={t('requests.filters.urgency')}
        allLabel={t('requests.filters.allUrgencies')}
        statuses={URGENCIES}
        labelOf={(urgency) => t(`requests.urgency.${urgency}`)}
        value={value.urgency}
        onChange={(urgency) => onChange({ urgency })}
      />
    </>
  );
}
