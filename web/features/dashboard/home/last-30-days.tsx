import { useTranslation } from 'react-i18next';
import { addDays } from '../../../../common/dhaka-date.ts';
import type { OutcomeMeasures } from '../../../../common/outcomes.rules.ts';
import type { OutcomesResponse } from '../../../../common/outcomes.schema.ts';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { type Bar, BarChart } from '../../impact/bar-chart.tsx';
import { formatNumber, formatPercent } from '../../impact/impact-format.ts';
import { waitText } from '../../impact/wait-text.ts';
import { useLast30Days } from './last-30-days.api.ts';

// Issue 29: the staff home's charts of the last 30 days: /impact's three charts (its SVG chart,
// decision 034), one bar a day. Loaded as its own chunk (React.lazy in staff-overview.tsx), so
// neither the public home page nor the dashboard's first paint waits for it.

/** Every day of the period, in order (YYYY-MM-DD, Dhaka dates). */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length < 62; day = addDays(day, 1)) days.push(day);
  return days;
}

const locale = (language: string) => (language === 'bn' ? 'bn-BD' : 'en-GB');
const dayLabel = (day: string, language: string, short: boolean) =>
  new Intl.DateTimeFormat(locale(language), {
    day: 'numeric',
    ...(short ? {} : { month: 'short' as const }),
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

export function Last30Days() {
  const { t } = useTranslation();
  const outcomes = useLast30Days();
  return (
    <section aria-labelledby="last-30-days-title" className="flex flex-col gap-3">
      <h2 id="last-30-days-title" className="text-xl font-semibold text-gray-900">
        {t('dashboardHome.last30.title')}
      </h2>
      <QueryState
        query={outcomes}
        isEmpty={(data) => data.groups.length === 0}
        empty={<EmptyState>{t('dashboardHome.last30.empty')}</EmptyState>}
      >
        {(data) => <DailyCharts data={data} />}
      </QueryState>
    </section>
  );
}

function DailyCharts({ data }: { data: OutcomesResponse }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const byDay = new Map(data.groups.map((g) => [g.key, g.measures]));
  const days = daysOf(data.from, data.to);
  const shown = (m: OutcomeMeasures | undefined) => (m && !m.suppressed ? m : null);
  const chart = (
    title: string,
    pick: (m: OutcomeMeasures) => number | null,
    text: (value: number) => string,
  ) => {
    const bars: Bar[] = days.map((day, i) => {
      const m = shown(byDay.get(day));
      const value = m ? pick(m) : null;
      return {
        key: day,
        // 30 bars: every 7th day's number, counted back from today, so the labels never crowd.
        label: (days.length - 1 - i) % 7 === 0 ? dayLabel(day, language, true) : '',
        value,
        // The figures are the alt text's (and the headline's): 30 of them would overlap.
        text: '',
      };
    });
    const figures = days
      .map((day, i) => {
        const value = bars[i]?.value ?? null;
        return `${dayLabel(day, language, false)} ${value === null ? t('impact.suppressed') : text(value)}`;
      })
      .join('; ');
    return {
      bars,
      max: Math.max(0, ...bars.map((bar) => bar.value ?? 0)),
      alt: t('impact.charts.alt', { title, figures }),
    };
  };
  const charts = [
    {
      id: 'first-donor',
      title: t('dashboardHome.last30.firstDonor'),
      ...chart(
        t('dashboardHome.last30.firstDonor'),
        (m) => m.firstPledgeMedianMinutes,
        (v) => waitText(t, v, true),
      ),
    },
    {
      id: 'fulfilment',
      title: t('dashboardHome.last30.fulfilment'),
      ...chart(t('dashboardHome.last30.fulfilment'), (m) => m.fulfilmentRate, formatPercent),
    },
    {
      id: 'bags',
      title: t('dashboardHome.last30.bags'),
      ...chart(
        t('dashboardHome.last30.bags'),
        (m) => m.bagsDonated,
        (v) => formatNumber(v),
      ),
    },
  ];
  const total = data.total;
  const withheld = t('impact.suppressed');
  const headline = [
    {
      term: t('impact.headline.firstDonor'),
      value: total.suppressed ? withheld : waitText(t, total.firstPledgeMedianMinutes),
    },
    {
      term: t('impact.headline.fulfilment'),
      value:
        total.suppressed || total.fulfilmentRate === null
          ? withheld
          : formatPercent(total.fulfilmentRate),
    },
    {
      term: t('impact.headline.bags'),
      value:
        total.suppressed || total.bagsDonated === null ? withheld : formatNumber(total.bagsDonated),
    },
  ];
  return (
    <>
      <p className="text-sm text-gray-600">
        {t('dashboardHome.last30.period', {
          from: dayLabel(data.from, language, false),
          to: dayLabel(data.to, language, false),
        })}{' '}
        {t('impact.privacy')}
      </p>
      <dl className="grid gap-4 sm:grid-cols-3">
        {headline.map((item) => (
          <div
            key={item.term}
            className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm"
          >
            <dt className="text-sm font-medium text-gray-600">{item.term}</dt>
            <dd className="mt-1 text-2xl font-bold text-red-700">{item.value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-6 lg:grid-cols-3">
        {charts.map((c) => (
          <figure
            key={c.id}
            className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm"
            aria-labelledby={`last-30-chart-${c.id}`}
          >
            <h3 id={`last-30-chart-${c.id}`} className="text-base font-semibold text-gray-900">
              {c.title}
            </h3>
            <BarChart bars={c.bars} max={c.max} alt={c.alt} />
          </figure>
        ))}
      </div>
      <p className="text-sm text-gray-600">{t('dashboardHome.last30.missing')}</p>
    </>
  );
}
