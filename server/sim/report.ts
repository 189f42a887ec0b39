import type { OutcomeMeasures } from '../../common/outcomes.rules.ts';
import type { Cell, SimulationResult } from './simulate.ts';

// The simulator's printout: the published measures of issue 29 item 2, one row per cell.

const COLUMNS: Array<[string, (m: OutcomeMeasures) => number | null]> = [
  ['requests', (m) => m.requests],
  ['bags', (m) => m.bagsRequested],
  ['donated', (m) => m.bagsDonated],
  ['fulfil', (m) => m.fulfilmentRate],
  ['onTime', (m) => m.servedOnTimeRate],
  ['1st med', (m) => m.firstPledgeMedianMinutes],
  ['1st p90', (m) => m.firstPledgeP90Minutes],
  ['all med', (m) => m.allPledgedMedianMinutes],
  ['all p90', (m) => m.allPledgedP90Minutes],
  ['alerts', (m) => m.alertsSent],
  ['al/bag', (m) => m.alertsPerBagDonated],
  ['accept', (m) => m.acceptanceRate],
  ['withdr', (m) => m.withdrawalRate],
  ['noShow', (m) => m.noShowRate],
];

const cellText = (value: number | null) => (value === null ? '–' : String(value));

function table(title: string, cells: Cell[]): string[] {
  const header = [title.padEnd(12), ...COLUMNS.map(([name]) => name.padStart(8))].join(' ');
  const rows = cells.map(({ key, measures }) =>
    [key.padEnd(12), ...COLUMNS.map(([, of]) => cellText(of(measures)).padStart(8))].join(' '),
  );
  return [header, ...rows];
}

/**
 * The run as text: the totals and each grouping. Times are minutes, as the upper edge of the
 * histogram bucket the median or 90th percentile falls in (decision 034); rates are shares.
 */
export function formatReport(result: SimulationResult): string {
  const { run } = result;
  return [
    `Requests made ${result.from} to ${result.to}: ${run.requestsPosted} posted, ${run.requestsRefused} refused ${JSON.stringify(run.refusals)}`,
    `Alerts ${run.alerts} to ${run.donorsAlerted} donors; pledge tries ${run.pledgeTries}, ${run.pledgesTooLate} too late; most alerts to one donor in 7 days ${run.maxAlertsInAWeek} (cap ${run.weeklyCap}, ${run.donorsOverCap} over it)`,
    '',
    ...table('total', [{ key: 'all', measures: result.total }]),
    '',
    ...table('division', result.byDivision),
    '',
    ...table('urgency', result.byUrgency),
    '',
    ...table('component', result.byComponent),
    '',
    ...table('critical in', result.criticalByDivision),
  ].join('\n');
}
