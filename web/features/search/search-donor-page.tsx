import { type FormEvent, lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BLOOD_GROUPS } from '../../../common/constants.ts';
import { primaryButton } from '../../components/button-styles.ts';
import { Spinner } from '../../components/spinner.tsx';
import { useListState } from '../../lib/use-list-state.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { defaultSelectClass, PlaceSelects } from '../geo/place-selects.tsx';
import { DONOR_FILTER_KEYS, type DonorFilters, useDonorSearch } from './donors.api.ts';

// The cards come with the first search, not with the page: a visitor who has not searched yet
// sees the form only (decision 020).
const DonorResults = lazy(() =>
  import('./donor-results.tsx').then((module) => ({ default: module.DonorResults })),
);

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

  // The "No donors found" warning answers a Search Now press (not a reload or a page turn):
  // it holds the query string of the search to report on, until its answer arrives.
  const [warnFor, setWarnFor] = useState<string | null>(null);
  const answered = donors.isSuccess && !donors.isPlaceholderData && !donors.isFetching;
  useEffect(() => {
    if (warnFor === null || warnFor !== current || !answered) return;
    setWarnFor(null);
    if (total === 0) {
      void import('../../lib/dialogs.ts').then(({ dialog }) =>
        dialog.fire({
          icon: 'warning',
          title: t('search.none.title'),
          text: t('search.none.text'),
        }),
      );
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
          <Suspense fallback={<Spinner className="py-16" />}>
            <DonorResults donors={donors} page={page} onPageChange={setPage} />
          </Suspense>
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
