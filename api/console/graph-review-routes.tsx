import { Hono, type MiddlewareHandler } from 'hono';
import type { PersonStore } from '../../adapters/db/port.ts';
import { reviewOptions } from '../routes/admin-graph.ts';
import type { OperatorEnv } from './env.ts';
import { refused } from './graph-refused.ts';
import { documentOf } from './layout.tsx';
import { ReviewPage } from './pages/graph-review.tsx';

/**
 * /console/graph/review: the persons to review, most doubtful first, as the admin API's review list answers them
 * (the same query, the store's personsToReview), behind the operator's session only. A refused query is the page
 * again with the reason, at the admin API's status.
 */
export function graphReviewRoutes(options: { persons: Pick<PersonStore, 'personsToReview'>; operatorOnly: MiddlewareHandler<OperatorEnv> }) {
  const { persons, operatorOnly } = options;
  const app = new Hono<OperatorEnv>();
  app.get('/graph/review', operatorOnly, async (c) => {
    // An empty field of the form is a field not given.
    const asked = { limit: c.req.query('limit')?.trim() || undefined, source: c.req.query('source')?.trim() || undefined };
    const csrfToken = c.get('session').csrfToken;
    try {
      const toReview = await persons.personsToReview(reviewOptions(asked));
      return c.html(documentOf(<ReviewPage csrfToken={csrfToken} asked={asked} persons={toReview} />));
    } catch (error) {
      const { status, message } = refused(error);
      return c.html(documentOf(<ReviewPage csrfToken={csrfToken} asked={asked} problem={message} />), status);
    }
  });
  return app;
}
