import type { OperationSeries } from './usage-range.ts';

const WIDTH = 720;
const HEIGHT = 180;
const PAD = { top: 10, right: 8, bottom: 22, left: 40 };

export const outcomeClass = (outcome: string) => `outcome-${outcome === 'match' || outcome === 'miss' ? outcome : 'other'}`;

/**
 * One operation's daily counts as stacked bars, rendered on the server as inline SVG (no script, no library).
 * Each bar segment has a <title> with its day, outcome and count; the figure's table (beside it) carries the
 * same numbers for screen readers and keyboard users.
 */
export function DailyChart(props: { series: OperationSeries; days: string[] }) {
  const { series, days } = props;
  const totals = days.map((_, index) => series.outcomes.reduce((sum, outcome) => sum + (outcome.counts[index] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.min(48, Math.max(1, slot * 0.8));
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  return (
    <svg
      class="chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`${series.operation} per day, ${days[0]} to ${days[days.length - 1]}`}
      data-operation={series.operation}
    >
      <line class="axis" x1={PAD.left} y1={y(0)} x2={WIDTH - PAD.right} y2={y(0)} />
      <line class="axis" x1={PAD.left} y1={y(max)} x2={WIDTH - PAD.right} y2={y(max)} stroke-dasharray="2 3" />
      <text x={PAD.left - 4} y={y(max) + 4} text-anchor="end">{max}</text>
      <text x={PAD.left - 4} y={y(0) + 4} text-anchor="end">0</text>
      <text x={PAD.left} y={HEIGHT - 6}>{days[0]}</text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 6} text-anchor="end">{days[days.length - 1]}</text>
      {days.map((day, index) => {
        let base = 0;
        return series.outcomes.map(({ outcome, counts }) => {
          const count = counts[index] ?? 0;
          if (count === 0) return null;
          const top = y(base + count);
          const height = y(base) - top;
          base += count;
          return (
            <rect
              class={outcomeClass(outcome)}
              x={PAD.left + index * slot + (slot - barWidth) / 2}
              y={top}
              width={barWidth}
              height={height}
              data-day={day}
              data-outcome={outcome}
              data-count={count}
            >
              <title>{`${day}: ${count} ${outcome}`}</title>
            </rect>
          );
        });
      })}
    </svg>
  );
}
