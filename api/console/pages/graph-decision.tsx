import type { LinkExplanation } from '../../../domain/identity-graph/explain.ts';
import { CsrfField } from '../layout.tsx';

type Decision = NonNullable<LinkExplanation['decided']>;

const DECISIONS: Array<{ decision: Decision; label: string }> = [
  { decision: 'never', label: 'Never one person' },
  { decision: 'always', label: 'Always one person' },
];

/**
 * What an operator decides of two records (docs/identity-graph.md, "People decide"): the decision that stands, if
 * any, then a button for each other decision, and one to undo the standing one. The buttons post the decision.
 */
export function DecisionForm(props: { a: string; b: string; decided: Decision | undefined; csrfToken: string }) {
  const { decided } = props;
  return (
    <section aria-labelledby="decide">
      <h2 id="decide">Decide</h2>
      <p data-decided={decided ?? 'none'}>
        {decided ? (
          <>
            An operator decided they are <strong>{decided} one person</strong>: every resolution keeps it, whatever the evidence says.
          </>
        ) : (
          'No decision stands: the evidence decides. A decision overrules it from now on, and both records are resolved again.'
        )}
      </p>
      <form method="post" action="/console/graph/decisions" class="fields">
        <CsrfField token={props.csrfToken} />
        <input type="hidden" name="a" value={props.a} />
        <input type="hidden" name="b" value={props.b} />
        {DECISIONS.filter((choice) => choice.decision !== decided).map((choice) => (
          <button type="submit" name="decision" value={choice.decision}>
            {choice.label}
          </button>
        ))}
        {decided && (
          <button type="submit" name="decision" value="none" class="secondary">
            Undo the decision
          </button>
        )}
      </form>
    </section>
  );
}
