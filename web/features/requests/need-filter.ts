import {
  BLOOD_COMPONENTS,
  type BloodComponent,
  URGENCIES,
  type Urgency,
} from '../../../common/constants.ts';
import { knownStatus } from '../../components/status-filter.tsx';

// Issue 27: the request lists' filters by component and urgency (the public list, My and All
// Donation Request), kept in the URL as ?component=&urgency= beside the lists' other filters.

/** The chosen component and urgency; '' for every one. */
export interface NeedFilter {
  component: BloodComponent | '';
  urgency: Urgency | '';
}

/** The filters read from the URL: a known value, or '' (all) for anything else. */
export const readNeedFilter = (params: { component?: string; urgency?: string }): NeedFilter => ({
  component: knownStatus(BLOOD_COMPONENTS, params.component ?? ''),
  urgency: knownStatus(URGENCIES, params.urgency ?? ''),
});

/** The filters as the API's query takes them: an empty one is left out. */
export const needQuery = ({ component, urgency }: NeedFilter) => ({
  ...(component ? { component } : {}),
  ...(urgency ? { urgency } : {}),
});
