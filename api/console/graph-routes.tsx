import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { PersonStore } from '../../adapters/db/port.ts';
import { PersonIdParam } from '../../schemas/admin/identity-graph.ts';
import { decideAndResolve, recordPair } from '../routes/admin-graph.ts';
import { csrfProtection } from './csrf.ts';
import type { OperatorEnv } from './env.ts';
import { refused, type Refusal } from './graph-refused.ts';
import { documentOf } from './layout.tsx';
import { GraphHomePage, PersonPage, WhyPage, type GraphQuery } from './pages/graph.tsx';
import { refOf, whyHref } from './pages/graph-parts.tsx';
import { noticeOf } from './section.ts';

const BAD_PERSON_ID = 'A person id is a positive whole number, as kith export persons writes it.';

/** What the why page says after a decision redirected to it with `?done=<decision>`. */
const DECIDED = {
  never: 'Decided: never one person. Both records were resolved again before this page was weighed.',
  always: 'Decided: always one person. Both records were resolved again before this page was weighed.',
  none: 'The decision is undone: the evidence decides again. Both records were resolved again before this page was weighed.',
};

const formText = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The operator's pages (docs/identity-graph.md, "Why and how", "People decide"): how a person is built and why two
 * records are, or are not, one person, as the admin API answers them (the store's explainPerson and explainRecords,
 * weighed when asked), and the operator's decision on two records (the admin API's decideAndResolve), behind the
 * operator's session only. What cannot be answered is the page again, with the reason and what was asked, and the
 * status the admin API would give.
 */
export function graphRoutes(options: {
  persons: Pick<PersonStore, 'explainPerson' | 'explainRecords' | 'decideRecords' | 'resolveQueued'>;
  operatorOnly: MiddlewareHandler<OperatorEnv>;
}) {
  const { persons, operatorOnly } = options;
  const app = new Hono<OperatorEnv>();
  const problem = (c: Context<OperatorEnv>, { status, message }: Refusal, asked: GraphQuery) =>
    c.html(documentOf(<GraphHomePage csrfToken={c.get('session').csrfToken} asked={asked} problem={message} />), status);
  /** Why two records are, or are not, one person; what went before (a refused decision, a decision made) said above it. */
  const why = async (c: Context<OperatorEnv>, asked: { a: string; b: string }, said: { problem?: Refusal; notice?: string | undefined } = {}) => {
    try {
      const found = await persons.explainRecords(recordPair(asked));
      if ('missing' in found) return problem(c, said.problem ?? { status: 404, message: `No source holds the record ${asked[found.missing]} (${found.missing}).` }, asked);
      const page = <WhyPage why={found} csrfToken={c.get('session').csrfToken} problem={said.problem?.message} notice={said.notice} />;
      return c.html(documentOf(page), said.problem?.status ?? 200);
    } catch (error) {
      const refusal = refused(error);
      return problem(c, said.problem ?? refusal, asked);
    }
  };

  app.get('/graph', operatorOnly, (c) => c.html(documentOf(<GraphHomePage csrfToken={c.get('session').csrfToken} />)));
  // The form's GET: to the person's own address, which can be bookmarked and shared.
  app.get('/graph/persons', operatorOnly, (c) => {
    const personId = c.req.query('personId')?.trim() ?? '';
    if (!PersonIdParam.safeParse({ personId }).success) return problem(c, { status: 400, message: BAD_PERSON_ID }, { personId });
    return c.redirect(`/console/graph/persons/${personId}`, 303);
  });
  app.get('/graph/persons/:personId', operatorOnly, async (c) => {
    const personId = c.req.param('personId');
    if (!PersonIdParam.safeParse({ personId }).success) return problem(c, { status: 400, message: BAD_PERSON_ID }, { personId });
    try {
      const how = await persons.explainPerson(personId);
      if (!how) return problem(c, { status: 404, message: `No person has the id ${personId}.` }, { personId });
      return c.html(documentOf(<PersonPage how={how} csrfToken={c.get('session').csrfToken} />));
    } catch (error) {
      return problem(c, refused(error), { personId });
    }
  });
  app.get('/graph/why', operatorOnly, (c) =>
    why(c, { a: formText(c.req.query('a')), b: formText(c.req.query('b')) }, { notice: noticeOf(DECIDED, c.req.query('done')) }),
  );
  // A decision, then the why page weighed again; a refused one is the why page with the reason.
  app.post('/graph/decisions', operatorOnly, csrfProtection<OperatorEnv>(), async (c) => {
    const form = await c.req.parseBody();
    const asked = { a: formText(form.a), b: formText(form.b) };
    try {
      const decided = await decideAndResolve(persons, { ...asked, decision: form.decision });
      return c.redirect(`${whyHref(refOf(decided.a), refOf(decided.b))}&done=${decided.decision}`, 303);
    } catch (error) {
      return why(c, asked, { problem: refused(error) });
    }
  });
  return app;
}
