import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BLOOD_GROUPS, DEFAULT_PAGE_SIZE } from '../../../common/constants.ts';
import type { DonorResponse } from '../../../common/user-response.schema.ts';
import { primaryButton } from '../../components/button-styles.ts';
import { LongText } from '../../components/long-text.tsx';
import { Pagination, pageCount } from '../../components/pagination.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { dialog } from '../../lib/dialogs.ts';
import { formatTotal } from '../../lib/format-total.ts';
import { placeName } from '../../lib/i18n.ts';
import { useListState } from '../../lib/use-list-state.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { defaultSelectClass, PlaceSelects } from '../geo/place-selects.tsx';
import { AvailabilityBadge } from '../matching/availability-badge.tsx';
import { DONOR_FILTER_KEYS, type DonorFilters, useDonorSearch } from './donors.api.ts';

/** SPEC §2 Search donor: filters, Search Now, and the matching donors as cards. */
export function SearchDonorPage() {
  const { t } = useTranslation();
  usePageTitle(t('search.title'));
  // The search lives in the URL (`?bloodGroup=&division=&district=&upazila=&page=`). A submitted
  // search always writes `page`, so "no filters" (every donor) is a search too.
  const { page, filters, setPage, setFilters, queryFor, current, has } =
    useListState(DONOR_FILTER_KEYS);
  const searched = has('page') || DONOR_FILTER_KEYS.some((key) => has(key));
  const donors = useDonorSearch(filters, page, { enabled: searched });
  const total = donors.data?.total ?? 0;
  const pages = pageCount(total, DEFAULT_PAGE_SIZE);

  // The "No donors found" warning answers a Search Now press (not a reload or a page turn):
  // it holds the query string of the search to report on, until its answer arrives.
  const [warnFor, setWarnFor] = useState<string | null>(null);
  const answered = donors.isSuccess && !donors.isPlaceholderData && !donors.isFetching;
  useEffect(() => {
    if (warnFor === null || warnFor !== current || !answered) return;
    setWarnFor(null);
    if (total === 0) {
      void dialog.fire({
        icon: 'warning',
        title: t('search.none.title'),
        text: t('search.none.text'),
      });
    }
  }, [warnFor, current, answered, total, t]);

  const search = (next: DonorFilters) => {
    const query = queryFor(next, 1);
    setWarnFor(query);
    // The same search again asks the server again: new donors may have joined.
    if (query === current) void donors.refetch();
    else setFilters(next);
  };

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{t('search.title')}</h1>
      <p className="mt-1 text-gray-600">{t('search.intro')}</p>

      {/* Keyed by the URL's filters: back and forward show the search they lead to. */}
      <SearchForm
        key={DONOR_FILTER_KEYS.map((key) => filters[key]).join('|')}
        initial={filters}
        busy={donors.isFetching}
        onSearch={search}
      />

      <div className="mt-8">
        {!searched ? (
          <p className="rounded-xl border border-dashed border-gray-300 bg-white p-6 text-center text-gray-600">
            {t('search.hint')}
          </p>
        ) : (
          <QueryState
            query={donors}
            isEmpty={(data) => data.items.length === 0}
            empty={
              <div className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center">
                <p className="font-semibold text-gray-900">{t('search.none.title')}</p>
                <p className="mt-1 text-gray-600">{t('search.none.text')}</p>
              </div>
            }
            spinnerClassName="py-16"
          >
            {(data) => (
              <>
                <h2 className="text-lg font-semibold text-gray-900" aria-live="polite">
                  {t('search.found', {
                    count: total,
                    shown: formatTotal(total, data.capped),
                  })}
                </h2>
                <ul
                  className={`mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 ${donors.isPlaceholderData ? 'opacity-60' : ''}`}
                  aria-busy={donors.isFetching}
                >
                  {data.items.map((donor) => (
                    <li key={donor.id}>
                      <DonorCard donor={donor} />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </QueryState>
        )}
        {searched && donors.data && (
          <Pagination
            page={page}
            pages={pages}
            disabled={donors.isPlaceholderData}
            onPageChange={setPage}
          />
        )}
      </div>
    </section>
  );
}

function SearchForm({
  initial,
  busy,
  onSearch,
}: {
  initial: DonorFilters;
  busy: boolean;
  onSearch: (filters: DonorFilters) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [filters, setFilters] = useState(initial);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(filters);
  };

  return (
    <search className="mt-6 block">
      <form
        onSubmit={submit}
        className="grid gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6 lg:grid-cols-4"
      >
        <div>
          <label htmlFor={`${id}-blood`} className="text-sm font-medium">
            {t('search.bloodGroup')}
          </label>
          <select
            id={`${id}-blood`}
            name="bloodGroup"
            value={filters.bloodGroup}
            onChange={(e) => setFilters({ ...filters, bloodGroup: e.target.value })}
            className={defaultSelectClass}
          >
            <option value="">{t('search.anyBloodGroup')}</option>
            {BLOOD_GROUPS.map((group) => (
              <option key={group} value={group}>
                {group}
              </option>
            ))}
          </select>
        </div>
        <PlaceSelects
          optional
          value={filters}
          onChange={(place) => setFilters({ ...filters, ...place })}
        />
        <div className="sm:col-span-2 lg:col-span-4">
          <button type="submit" className={`${primaryButton} w-full sm:w-auto`} disabled={busy}>
            {busy ? t('search.searching') : t('search.submit')}
          </button>
        </div>
      </form>
    </search>
  );
}

function DonorCard({ donor }: { donor: DonorResponse }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <article className="flex h-full gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <UserAvatar name={donor.name} image={donor.image} className="size-14" />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 font-semibold text-gray-900">
            <LongText text={donor.name} lines={2} />
          </h3>
          <span className="shrink-0 rounded-full bg-red-600 px-2.5 py-0.5 text-sm font-bold text-white">
            <span className="sr-only">{t('search.bloodGroup')}: </span>
            {donor.bloodGroup}
          </span>
        </div>
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-sm">
          <dt className="text-gray-500">{t('search.division')}</dt>
          <dd className="text-gray-800">{placeName(donor.division)}</dd>
          <dt className="text-gray-500">{t('search.district')}</dt>
          <dd className="text-gray-800">
            {placeName(donor.district)}
            {donor.upazila && <span className="text-gray-500">, {placeName(donor.upazila)}</span>}
          </dd>
          <dt className="text-gray-500">{t('search.email')}</dt>
          <dd className="min-w-0">
            {donor.email ? (
              <a
                href={`mailto:${donor.email}`}
                title={donor.email}
                className="block truncate text-red-700 underline-offset-2 hover:underline"
              >
                {donor.email}
              </a>
            ) : (
              <Link
                to="/login"
                state={{ from: location }}
                className="text-red-700 underline underline-offset-2 hover:no-underline"
              >
                {t('search.emailHidden')}
              </Link>
            )}
          </dd>
        </dl>
        <p className="mt-3 flex flex-wrap gap-2">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
              donor.eligible ? 'bg-green-100 text-green-800' : 'bg-gray-200 text-gray-700'
            }`}
          >
            {donor.eligible ? t('search.eligible') : t('search.notEligible')}
          </span>
          <AvailabilityBadge
            available={donor.available}
            availableAgainOn={donor.availableAgainOn}
          />
        </p>
      </div>
    </article>
  );
}
