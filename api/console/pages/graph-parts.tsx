import type { LinkExplanation } from '../../../domain/identity-graph/explain.ts';
import { fieldRows, markOf, type Mark } from '../graph-fields.ts';
import { Scroller } from '../layout.tsx';
import { signedBits, WeightChart } from '../weight-chart.tsx';

type Evidence = LinkExplanation['evidence'][number];
type ShownRecord = { source: string; id: string; document: Record<string, unknown> };

export const refOf = (record: { source: string; id: string }) => `${record.source}:${record.id}`;
export const personHref = (personId: string) => `/console/graph/persons/${encodeURIComponent(personId)}`;
export const whyHref = (a: string, b: string) => `/console/graph/why?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`;

const MARK_WORDS: Record<Mark, string> = { agrees: '✓ agrees', partly: '≈ partly', differs: '✗ differs' };

const UNLINKED_WORDS: Record<NonNullable<LinkExplanation['unlinked']>[number], string> = {
  'below-link-odds': 'the odds are under 9 to 1',
  'birthdays-apart': 'their birthdays tell them apart',
  'decided-never': 'an operator decided they are never one person',
};

/** What went before the page: a refusal (an alert), or what was done (a status). */
export function Notices(props: { problem?: string | undefined; notice?: string | undefined }) {
  return (
    <>
      {props.problem && (
        <p class="notice warning" role="alert">
          {props.problem}
        </p>
      )}
      {props.notice && (
        <p class="notice" role="status">
          {props.notice}
        </p>
      )}
    </>
  );
}

/** Whether the resolver links it and why not, with the probability and the weights it comes from. */
export function Verdict(props: { link: LinkExplanation }) {
  const { link } = props;
  const reasons = (link.unlinked ?? []).map((reason) => UNLINKED_WORDS[reason]).join('; ');
  return (
    <p class={`verdict ${link.links ? 'links' : 'unlinked'}`} data-links={String(link.links)}>
      <strong>{link.links ? 'Links' : 'Does not link'}</strong>
      {link.links ? (link.decided === 'always' ? ': an operator decided they are always one person' : '') : `: ${reasons}`}. Probability{' '}
      <strong data-probability={link.probability}>{link.probability}</strong> (match weight {signedBits(link.weight)} bits: prior {signedBits(link.prior)}, evidence{' '}
      {signedBits(link.weight - link.prior)}).
    </p>
  );
}

/** A link as a figure: what is weighed against what, the verdict, and the weights as a chart. */
export function LinkFigure(props: { title: string; link: LinkExplanation; id: string }) {
  return (
    <figure class="link" aria-labelledby={props.id} data-link={props.id}>
      <figcaption id={props.id}>
        <h3>{props.title}</h3>
      </figcaption>
      <Verdict link={props.link} />
      <WeightChart link={props.link} label={props.title} />
    </figure>
  );
}

function FieldCell(props: { values: string[]; evidence: readonly Evidence[] | undefined; category: Evidence['evidence'] | undefined; field: string }) {
  const marked = props.values.length > 0 && props.evidence ? markOf(props.evidence, props.category) : undefined;
  return (
    <td class={marked ? `mark-${marked.mark}` : undefined} data-field={props.field} data-mark={marked?.mark}>
      {props.values.length === 0 ? <span class="muted">—</span> : props.values.map((value) => <div>{value}</div>)}
      {marked && (
        <div class="mark">
          <strong>{MARK_WORDS[marked.mark]}</strong> <span class="muted">({marked.levels})</span>
        </div>
      )}
    </td>
  );
}

/**
 * The records side by side, a column each, a row per field any of them holds; each cell marked as the evidence of
 * its column's link found it (`evidence[i]` for `records[i]`; none: unmarked).
 */
export function RecordsTable(props: { records: readonly ShownRecord[]; evidence: ReadonlyArray<readonly Evidence[] | undefined>; label: string }) {
  const rows = fieldRows(props.records.map((record) => record.document));
  return (
    <>
      <p class="legend-marks muted">
        Marks: <span class="mark-agrees">✓ agrees</span> (exact, close or similar), <span class="mark-partly">≈ partly</span>,{' '}
        <span class="mark-differs">✗ differs</span>; unmarked: not weighed (the other side lacks it).
      </p>
      <Scroller label={props.label}>
        <table class="records">
          <thead>
            <tr>
              <th scope="col">Field</th>
              {props.records.map((record) => (
                <th scope="col" data-record={refOf(record)}>
                  <code>{refOf(record)}</code>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr data-row={row.field}>
                <th scope="row">{row.label}</th>
                {row.values.map((values, index) => (
                  <FieldCell values={values} evidence={props.evidence[index]} category={row.evidence} field={row.field} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Scroller>
    </>
  );
}
