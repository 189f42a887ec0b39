import { useTranslation } from 'react-i18next';
import type { OutcomeMeasures } from '../../../common/outcomes.rules.ts';
import { QueryError } from '../../components/query-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useDivisions } from '../geo/geo.api.ts';
import { type Bar, BarChart } from './bar-chart.tsx';
import { useOutcomes } from './impact.api.ts';
import { formatNumber, formatPercent, monthLabel, monthsBetween } from './impact-format.ts';
import { waitText } from './wait-text.ts';

type Measures = OutcomeMeasures;

const percent = (rate: number | null) => (rate === null ? '–' : formatPercent(rate));

/** /impact (issue 29): outcomes of the last 12 months, for everyone, in charts and tables. */
export function ImpactPage() {
  const { t } = useTranslation();
  usePageTitle(t('impact.title'));
  const byMonth = useOutcomes('month');
  const byDivision = useOutcomes('division');

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <header className="mb-8">
        <h1 className="text-3xl font-bold text-gray-900">{t('impact.title')}</h1>
        <p className="mt-2 max-w-3xl text-gray-700">{t('impact.intro')}</p>
        <p className="mt-2 max-w-3xl text-sm text-gray-700">{t('impact.privacy')}</p>
      </header>
      {byMonth.isError ? (
        <QueryError error={byMonth.error} onRetry={() => void byMonth.refetch()} />
      ) : !byMonth.data ? (
        <div className="flex justify-center py-20">
          <Spinner />
        </div>
      ) : (
        <MonthlyOutcomes data={byMonth.data} />
      )}
      <section aria-labelledby="impact-divisions" className="mt-12">
        <h2 id="impact-divisions" className="text-2xl font-semibold text-gray-900">
          {t('impact.divisions.title')}
        </h2>
        {byDivision.isError ? (
          <QueryError error={byDivision.error} onRetry={() => void byDivision.refetch()} />
        ) : !byDivision.data ? (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        ) : (
          <DivisionTable groups={byDivision.data.groups} />
        )}
      </section>
      <section className="mt-10 rounded-xl bg-gray-50 p-5 text-sm text-gray-700">
        <ul className="space-y-1">
          <li>{t('impact.explain.requests')}</li>
          <li>{t('impact.explain.firstDonor')}</li>
          <li>{t('impact.explain.fulfilment')}</li>
          <li>{t('impact.explain.onTime')}</li>
        </ul>
      </section>
    </section>
  );
}

interface OutcomesData {
  from: string;
  to: string;
  total: Measures;
  groups: Array<{ key: string; measures: Measures }>;
}

function MonthlyOutcomes({ data }: { data: OutcomesData }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const byKey = new Map(data.groups.map((g) => [g.key, g.measures]));
  const months = monthsBetween(data.from, data.to).map((month) => ({
    month,
    label: monthLabel(month, language),
    measures: byKey.get(month) ?? null,
  }));
  const shown = (m: Measures | null) => (m && !m.suppressed ? m : null);
  const chart = (
    title: string,
    pick: (m: Measures) => number | null,
    text: (value: number) => string,
  ) => {
    const bars: Bar[] = months.map(({ month, measures }) => {
      const m = shown(measures);
      const value = m ? pick(m) : null;
      return {
        key: month,
        label: monthLabel(month, language, true),
        value,
        text: value === null ? '' : text(value),
      };
    });
    const figures = bars
      .map((bar, i) => {
        const name = months[i]?.label ?? bar.label;
        return `${name} ${bar.value === null ? t('impact.suppressed') : bar.text}`;
      })
      .join('; ');
    return {
      bars,
      max: Math.max(0, ...bars.map((bar) => bar.value ?? 0)),
      alt: t('impact.charts.alt', { title, figures }),
    };
  };
  const total = data.total;
  const charts = [
    {
      id: 'first-donor',
      title: t('impact.charts.firstDonor'),
      text: t('impact.charts.firstDonorText'),
      ...chart(
        t('impact.charts.firstDonor'),
        (m) => m.firstPledgeMedianMinutes,
        (v) => waitText(t, v, true),
      ),
    },
    {
      id: 'fulfilment',
      title: t('impact.charts.fulfilment'),
      text: t('impact.charts.fulfilmentText'),
      ...chart(t('impact.charts.fulfilment'), (m) => m.fulfilmentRate, formatPercent),
    },
    {
      id: 'bags',
      title: t('impact.charts.bags'),
      text: t('impact.charts.bagsText'),
      ...chart(
        t('impact.charts.bags'),
        (m) => m.bagsDonated,
        (v) => formatNumber(v),
      ),
    },
  ];

  return (
    <>
      <p className="mb-6 text-sm text-gray-700">
        {t('impact.period', {
          from: monthLabel(data.from.slice(0, 7), language),
          to: monthLabel(data.to.slice(0, 7), language),
        })}
      </p>
      <section aria-labelledby="impact-headline">
        <h2 id="impact-headline" className="text-2xl font-semibold text-gray-900">
          {t('impact.headline.title')}
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
          {[
            {
              term: t('impact.headline.firstDonor'),
              value: total.suppressed
                ? t('impact.suppressed')
                : waitText(t, total.firstPledgeMedianMinutes),
              text: t('impact.headline.firstDonorText'),
            },
            {
              term: t('impact.headline.fulfilment'),
              value: total.suppressed ? t('impact.suppressed') : percent(total.fulfilmentRate),
              text: t('impact.headline.fulfilmentText'),
            },
            {
              term: t('impact.headline.bags'),
              value:
                total.suppressed || total.bagsDonated === null
                  ? t('impact.suppressed')
                  : formatNumber(total.bagsDonated),
              text: t('impact.headline.bagsText'),
            },
          ].map((item) => (
            <div key={item.term} className="rounded-xl border border-gray-200 p-5 shadow-sm">
              <dt className="text-sm font-medium text-gray-700">{item.term}</dt>
              <dd className="mt-1 text-2xl font-bold text-red-700">{item.value}</dd>
              <dd className="mt-2 text-sm text-gray-700">{item.text}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="mt-10 grid gap-8">
        {charts.map((c) => (
          <figure
            key={c.id}
            className="rounded-xl border border-gray-200 p-4 shadow-sm"
            aria-labelledby={`impact-chart-${c.id}`}
          >
            <h3 id={`impact-chart-${c.id}`} className="text-lg font-semibold text-gray-900">
              {c.title}
            </h3>
            <BarChart bars={c.bars} max={c.max} alt={c.alt} />
            <figcaption className="mt-2 text-sm text-gray-700">{c.text}</figcaption>
          </figure>
        ))}
      </div>
      <p className="mt-3 text-sm text-gray-700">{t('impact.charts.missing')}</p>
      <section aria-labelledby="impact-months" className="mt-12">
        <h2 id="impact-months" className="text-2xl font-semibold text-gray-900">
          {t('impact.months.title')}
        </h2>
        <OutcomeTable
          caption={t('impact.months.caption')}
          firstColumn={t('impact.months.month')}
          rows={months.map(({ month, label, measures }) => ({ key: month, label, measures }))}
        />
      </section>
    </>
  );
}

function DivisionTable({ groups }: { groups: Array<{ key: string; measures: Measures }> }) {
  const { t, i18n } = useTranslation();
  const divisions = useDivisions();
  const byKey = new Map(groups.map((g) => [g.key, g.measures]));
  // Every division, in the order and the language the site names them; else what was counted.
  const names = divisions.data
    ? divisions.data.map((d) => ({
        key: d.name,
        label: i18n.language === 'bn' ? d.bnName : d.name,
      }))
    : groups.map((g) => ({ key: g.key, label: g.key }));
  return (
    <OutcomeTable
      caption={t('impact.divisions.caption')}
      firstColumn={t('impact.divisions.division')}
      rows={names.map(({ key, label }) => ({ key, label, measures: byKey.get(key) ?? null }))}
    />
  );
}

function OutcomeTable({
  caption,
  firstColumn,
  rows,
}: {
  caption: string;
  firstColumn: string;
  rows: Array<{ key: string; label: string; measures: Measures | null }>;
}) {
  const { t } = useTranslation();
  const columns = [
    t('impact.columns.requests'),
    t('impact.columns.firstDonor'),
    t('impact.columns.firstDonorP90'),
    t('impact.columns.fulfilment'),
    t('impact.columns.bags'),
    t('impact.columns.onTime'),
  ];
  return (
    // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
    <section
      className="mt-4 overflow-x-auto rounded-xl border border-gray-200"
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus (WCAG 2.1.1)
      tabIndex={0}
    >
      <table className="min-w-full text-left text-sm">
        <caption className="px-4 py-3 text-left text-gray-700">{caption}</caption>
        <thead className="bg-gray-50 text-gray-900">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">
              {firstColumn}
            </th>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-2 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {rows.map(({ key, label, measures }) => (
            <tr key={key}>
              <th scope="row" className="whitespace-nowrap px-4 py-2 font-medium text-gray-900">
                {label}
              </th>
              {!measures || measures.suppressed ? (
                <td colSpan={columns.length} className="px-4 py-2 italic text-gray-700">
                  {t('impact.suppressed')}
                </td>
              ) : (
                <>
                  <td className="px-4 py-2">{formatNumber(measures.requests ?? 0)}</td>
                  <td className="px-4 py-2">{waitText(t, measures.firstPledgeMedianMinutes)}</td>
                  <td className="px-4 py-2">{waitText(t, measures.firstPledgeP90Minutes)}</td>
                  <td className="px-4 py-2">{percent(measures.fulfilmentRate)}</td>
                  <td className="px-4 py-2">{formatNumber(measures.bagsDonated ?? 0)}</td>
                  <td className="px-4 py-2">{percent(measures.servedOnTimeRate)}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
