import type { LinkExplanation } from '../../domain/identity-graph/explain.ts';
import { LINK_WEIGHT } from '../../domain/identity-graph/resolve.ts';

const WIDTH = 720;
const ROW = 24;
const BAR = 16;
const PAD = { top: 6, bottom: 22, label: 170, value: 64 };

export const signedBits = (bits: number) => `${bits >= 0 ? '+' : '−'}${Math.abs(bits).toFixed(2)}`;

type Bar = { name: string; weight: number; kind: 'prior' | 'for' | 'against' | 'total' };

/**
 * A link's weights as horizontal bars about zero, rendered on the server as inline SVG (no script, no library): the
 * prior, each piece of evidence (for to the right, against to the left), and their sum, the match weight, with the
 * resolver's link odds (9 to 1) dashed. Every bar has a <title> and its number beside it; the figure's label
 * reads them all.
 */
export function WeightChart(props: { link: LinkExplanation; label: string }) {
  const { link } = props;
  const bars: Bar[] = [
    { name: 'prior', weight: link.prior, kind: 'prior' },
    ...link.evidence.map((item): Bar => ({ name: item.evidence, weight: item.weight, kind: item.weight >= 0 ? 'for' : 'against' })),
    { name: 'match weight', weight: link.weight, kind: 'total' },
  ];
  const reach = Math.max(LINK_WEIGHT, ...bars.map((bar) => Math.abs(bar.weight)));
  const half = (WIDTH - PAD.label - PAD.value) / 2;
  const zero = PAD.label + half;
  const x = (bits: number) => zero + (bits / reach) * half;
  const height = PAD.top + bars.length * ROW + PAD.bottom;
  const said = bars.map((bar) => `${bar.name} ${signedBits(bar.weight)}`).join(', ');
  return (
    <svg class="chart weights" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={`${props.label}, in bits: ${said}`}>
      {bars.map((bar, index) => {
        const top = PAD.top + index * ROW;
        const [left, right] = bar.weight >= 0 ? [zero, x(bar.weight)] : [x(bar.weight), zero];
        return (
          <g data-evidence={bar.name} data-weight={bar.weight} data-kind={bar.kind}>
            <text x={PAD.label - 8} y={top + BAR - 3} text-anchor="end">{bar.name}</text>
            <rect class={`weight-${bar.kind}`} x={left} y={top + (ROW - BAR) / 2 - 2} width={Math.max(1, right - left)} height={BAR}>
              <title>{`${bar.name}: ${signedBits(bar.weight)} bits`}</title>
            </rect>
            <text x={WIDTH - 4} y={top + BAR - 3} text-anchor="end">{signedBits(bar.weight)}</text>
          </g>
        );
      })}
      <line class="axis" x1={zero} y1={PAD.top} x2={zero} y2={height - PAD.bottom} />
      <line class="threshold" x1={x(LINK_WEIGHT)} y1={PAD.top} x2={x(LINK_WEIGHT)} y2={height - PAD.bottom} stroke-dasharray="3 3" />
      <text x={x(LINK_WEIGHT)} y={height - 6} text-anchor="middle">{`links at ${signedBits(LINK_WEIGHT)} (9 to 1)`}</text>
    </svg>
  );
}
