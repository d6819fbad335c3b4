/**
 * npx tsx scripts/match-waterfall.ts: docs/matching.md's worked example, weighed by the real matcher with the
 * default model, printed as the answer's `match` object and drawn as a waterfall (docs/matching-waterfall.svg):
 * each bar starts where the one before ended, so that the last one ends at the match weight.
 */
import { writeFile } from 'node:fs/promises';
import { explainMatch } from '../domain/matching/explain.ts';
import { nameFields, personFields, placeFields } from '../domain/matching/fields.ts';
import { DEFAULT_MODEL, matchProbabilities, nameAddressScore } from '../domain/matching/model.ts';
import { scorePerson } from '../domain/matching/person-score.ts';
import type { MatchExplanation } from '../schemas/v3/person-match.ts';

const stored = {
  fullName: 'Katherine De Little',
  details: {
    name: { given: 'Katherine', family: 'De Little' },
    locations: [{ addressLine1: '12 Main Street', city: 'Springfield', region: 'Oregon', regionCode: 'OR', postalCode: '97477' }],
  },
};
const query = {
  name: nameFields({ given: 'Catherine', family: 'Delitle' })!,
  place: placeFields({ addressLine1: 'Mian St', city: 'Springfield', regionCode: 'OR', postalCode: '97447' }),
};

const score = scorePerson(DEFAULT_MODEL, { identifiers: [], nameAddress: nameAddressScore(DEFAULT_MODEL, query, personFields(stored)) });
const [probability] = matchProbabilities([score.weight]);
const explanation = explainMatch({ probability: probability!, score }, DEFAULT_MODEL.version);

/** The bars of the waterfall: the prior, each field, the cap and swap, and the total. */
function steps(match: MatchExplanation): Array<{ label: string; weight: number; total?: boolean }> {
  const bars = [{ label: 'prior', weight: match.prior }];
  for (const item of match.evidence) {
    if (!item.fields) bars.push({ label: item.evidence, weight: item.weight });
    else {
      for (const field of item.fields) bars.push({ label: `${field.field}: ${field.level}`, weight: field.weight });
      if (item.swap) bars.push({ label: 'names swapped', weight: item.swap });
      if (item.capped) bars.push({ label: 'address cap', weight: -item.capped });
    }
  }
  return [...bars, { label: `match weight (p = ${match.probability.toFixed(4)})`, weight: match.weight, total: true }];
}

function waterfallSvg(match: MatchExplanation): string {
  const bars = steps(match);
  const [width, row, left, right] = [720, 26, 210, 60];
  let running = 0;
  const spans = bars.map((bar) => {
    const from = bar.total ? 0 : running;
    const to = bar.total ? bar.weight : running + bar.weight;
    if (!bar.total) running = to;
    return { ...bar, from, to };
  });
  const ends = spans.flatMap((span) => [span.from, span.to]);
  const [low, high] = [Math.min(0, ...ends), Math.max(0, ...ends)];
  const x = (bits: number) => left + ((bits - low) / (high - low)) * (width - left - right);
  const height = row * bars.length + 40;
  const rows = spans.map((span, index) => {
    const y = 10 + index * row;
    const [a, b] = [x(Math.min(span.from, span.to)), x(Math.max(span.from, span.to))];
    const fill = span.total ? '#444' : span.weight >= 0 ? '#2e7d32' : '#c62828';
    const sign = span.weight > 0 ? '+' : '';
    return [
      `<text x="${left - 8}" y="${y + 16}" text-anchor="end">${span.label}</text>`,
      `<rect x="${a.toFixed(1)}" y="${y + 4}" width="${Math.max(1, b - a).toFixed(1)}" height="${row - 8}" fill="${fill}"/>`,
      `<text x="${(b + 4).toFixed(1)}" y="${y + 16}">${sign}${span.weight.toFixed(2)}</text>`,
    ].join('');
  });
  const axis = `<line x1="${x(0)}" y1="4" x2="${x(0)}" y2="${height - 24}" stroke="#888" stroke-dasharray="3 3"/>`;
  const caption = `<text x="${left}" y="${height - 6}">bits of evidence (log2 odds); 0 is even odds</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">${axis}${rows.join('')}${caption}</svg>\n`;
}

await writeFile(new URL('../docs/matching-waterfall.svg', import.meta.url), waterfallSvg(explanation));
process.stdout.write(`${JSON.stringify(explanation, null, 2)}\n`);
