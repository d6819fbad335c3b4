import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { PersonStore } from '../../adapters/db/port.ts';
import { PersonIdParam } from '../../schemas/admin/identity-graph.ts';
import { recordRef } from '../routes/admin-graph.ts';
import type { OperatorEnv } from './env.ts';
import { refused, type Refusal } from './graph-refused.ts';
import { documentOf } from './layout.tsx';
import { GraphHomePage, PersonPage, WhyPage, type GraphQuery } from './pages/graph.tsx';

const BAD_PERSON_ID = 'A person id is a positive whole number, as kith export persons writes it.';

/**
 * The operator's pages (docs/identity-graph.md, "Why and how"): how a person is built and why two records are, or
 * are not, one person, as the admin API answers them (the store's explainPerson and explainRecords, weighed when
 * asked), behind the operator's session only. What cannot be answered is the first page again, with the reason and
 * what was asked, and the status the admin API would give.
 */
export function graphRoutes(options: { persons: Pick<PersonStore, 'explainPerson' | 'explainRecords'>; operatorOnly: MiddlewareHandler<OperatorEnv> }) {
  const { persons, operatorOnly } = options;
  const app = new Hono<OperatorEnv>();
  const problem = (c: Context<OperatorEnv>, { status, message }: Refusal, asked: GraphQuery) =>
    c.html(documentOf(<GraphHomePage csrfToken={c.get('session').csrfToken} asked={asked} problem={message} />), status);

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
  app.get('/graph/why', operatorOnly, async (c) => {
    const asked = { a: c.req.query('a')?.trim() ?? '', b: c.req.query('b')?.trim() ?? '' };
    try {
      const refs = { a: recordRef('a', asked.a), b: recordRef('b', asked.b) };
      if (refs.a.source === refs.b.source && refs.a.id === refs.b.id) return problem(c, { status: 400, message: 'b: name another record than a' }, asked);
      const why = await persons.explainRecords(refs);
      if ('missing' in why) return problem(c, { status: 404, message: `No source holds the record ${asked[why.missing]} (${why.missing}).` }, asked);
      return c.html(documentOf(<WhyPage why={why} csrfToken={c.get('session').csrfToken} />));
    } catch (error) {
      return problem(c, refused(error), asked);
    }
  });
  return app;
}
