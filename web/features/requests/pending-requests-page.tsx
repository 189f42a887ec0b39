import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BLOOD_COMPONENTS, URGENCIES } from '../../../common/constants.ts';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import { primaryButton, secondaryButton } from '../../components/button-styles.ts';
import { LongText } from '../../components/long-text.tsx';
import { Pagination, pageCount, readPage } from '../../components/pagination.tsx';
import { EmptyState, QueryState } from '../../components/query-state.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { FreeBloodNotice } from './free-blood-notice.tsx';
import { type NeedFilter, readNeedFilter } from './need-filter.ts';
import { NeedFilters } from './need-filters.tsx';
import { PENDING_PAGE_SIZE, usePendingRequests } from './pending-requests.api.ts';
import { BagsProgress, showsBags, UrgencyBadge } from './request-badges.tsx';
import { formatDonationDate, formatDonationTime, joinPlace } from './request-format.ts';
import { ShareButton } from './share-button.tsx';
import { VerifiedBadge } from './verified-badge.tsx';

/** /blood-donation-request: the public grid of pending requests (SPEC §2). */
export function PendingRequestsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get('page'));
  // Issue 14: ?verified=1 lists only requests staff have checked.
  const verified = params.get('verified') === '1';
  // Issue 27: ?component=&urgency=.
  const need = readNeedFilter({
    component: params.get('component') ?? '',
    urgency: params.get('urgency') ?? '',
  });
  const requests = usePendingRequests(page, verified, need);
  const listParams = (next: number, nextVerified = verified, nextNeed: NeedFilter = need) => ({
    page: String(next),
    ...(nextVerified ? { verified: '1' } : {}),
    ...(nextNeed.component ? { component: nextNeed.component } : {}),
    ...(nextNeed.urgency ? { urgency: nextNeed.urgency } : {}),
  });
  const filtered = verified || !!need.component || !!need.urgency;
  usePageTitle(t('requests.public.title'));
  // The cards' fixed words, looked up once for the page rather than once a card.
  const labels: CardLabels = {
    location: t('requests.fields.location'),
    date: t('requests.fields.date'),
    time: t('requests.fields.time'),
    hospital: t('requests.fields.hospital'),
    bloodGroup: t('requests.fields.bloodGroup'),
    view: t('requests.public.view'),
    urgency: t('requests.fields.urgency'),
    component: t('requests.fields.component'),
    share: t('requests.share.button'),
    urgencies: Object.fromEntries(URGENCIES.map((u) => [u, t(`requests.urgency.${u}`)])),
    components: Object.fromEntries(BLOOD_COMPONENTS.map((c) => [c, t(`requests.component.${c}`)])),
  };

  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <header className="mb-8 text-center">
        <h1 className="text-3xl font-bold text-gray-900">{t('requests.public.title')}</h1>
        <p className="mt-2 text-gray-600">{t('requests.public.intro')}</p>
      </header>
      <div className="mb-6 flex flex-col items-center gap-4">
        <FreeBloodNotice />
        <div className="flex flex-wrap items-center justify-center gap-x-5 gap-y-3">
          <NeedFilters
            value={need}
            onChange={(next) => setParams(listParams(1, verified, { ...need, ...next }))}
            t={t}
          />
          <label className="inline-flex items-center gap-2 text-sm font-medium text-gray-800">
            <input
              type="checkbox"
              className="size-4 accent-red-600"
              checked={verified}
              onChange={(event) => setParams(listParams(1, event.target.checked))}
            />
            {t('trust.verifiedOnly')}
          </label>
        </div>
      </div>
      <QueryState
        query={requests}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState>
            {filtered ? t('requests.public.emptyFiltered') : t('requests.public.empty')}
          </EmptyState>
        }
        spinnerClassName="py-20"
      >
        {(data) => (
          <>
            <ul
              className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3"
              aria-busy={requests.isPlaceholderData || undefined}
            >
              {data.items.map((request) => (
                <li key={request.id}>
                  <RequestCard request={request} labels={labels} t={t} />
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pages={pageCount(data.total, PENDING_PAGE_SIZE)}
              onPageChange={(next) => setParams(listParams(next))}
              disabled={requests.isPlaceholderData}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}

interface CardLabels {
  location: string;
  date: string;
  time: string;
  hospital: string;
  bloodGroup: string;
  view: string;
  urgency: string;
  component: string;
  share: string;
  urgencies: Record<string, string>;
  components: Record<string, string>;
}

/**
 * One request. It takes the page's words and `t` instead of asking i18next itself: the cards
 * are drawn together in the task the list's answer arrives in, the page's longest (decision 020,
 * docs/performance-web.md), and a lookup per card and label was a good part of it.
 */
function RequestCard({
  request,
  labels,
  t,
}: {
  request: DonationRequestResponse;
  labels: CardLabels;
  t: TFunction;
}) {
  const rows: [string, string][] = [
    [labels.component, labels.components[request.component] ?? request.component],
    [labels.location, joinPlace(request.upazila, request.district, request.division)],
    [labels.date, formatDonationDate(request.donationDate)],
    [labels.time, formatDonationTime(request.donationTime)],
    [labels.hospital, request.hospitalName],
  ];
  return (
    <article className="flex h-full flex-col rounded-2xl border border-gray-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md">
      <div className="mb-4 flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="min-w-0 text-lg font-semibold text-gray-900">
            <LongText text={request.recipientName} lines={2} />
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            <UrgencyBadge
              urgency={request.urgency}
              label={labels.urgencies[request.urgency] ?? request.urgency}
              fieldLabel={labels.urgency}
            />
            {request.verifiedAt && <VerifiedBadge />}
          </div>
        </div>
        <p className="shrink-0 rounded-full bg-red-600 px-3 py-1 text-sm font-bold text-white">
          <span className="sr-only">{labels.bloodGroup}: </span>
          {request.bloodGroup}
        </p>
      </div>
      <dl className="grid flex-1 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-gray-500">{label}</dt>
            <dd className="min-w-0 text-gray-900">
              <LongText text={value} lines={2} />
            </dd>
          </div>
        ))}
      </dl>
      {showsBags(request) && (
        <div className="mt-4">
          <BagsProgress
            request={request}
            text={t('requests.found', { found: request.bagsPledged, bags: request.bags })}
          />
        </div>
      )}
      <div className="mt-5 flex items-stretch gap-2">
        <Link to={`/blood-donation-request/${request.id}`} className={`${primaryButton} flex-1`}>
          {labels.view}
          <span className="sr-only">
            {t('requests.public.viewFor', { name: request.recipientName })}
          </span>
        </Link>
        <ShareButton
          request={request}
          label={labels.share}
          labelFor={t('requests.share.buttonFor', { name: request.recipientName })}
          className={`${secondaryButton} h-full px-4`}
        />
      </div>
    </article>
  );
}
