import type { z } from 'zod';
import type { PersonToReview as PersonToReviewSchema } from '../../../schemas/admin/identity-graph.ts';
import { Page, Scroller } from '../layout.tsx';
import { signedBits } from '../weight-chart.tsx';
import { Notices, personHref, refOf } from './graph-parts.tsx';

type PersonToReview = z.infer<typeof PersonToReviewSchema>;
export type ReviewAsked = { limit?: string | undefined; source?: string | undefined };

const THREADS: Record<PersonToReview['kind'], string> = {
  'weak-link': 'weak link: the record holding least to the others',
  bridge: 'bridge: without the record the others fall apart',
};

function ReviewTable(props: { persons: PersonToReview[] }) {
  return (
    <Scroller label="Persons to review">
      <table class="review">
        <thead>
          <tr>
            <th scope="col">Person</th>
            <th scope="col" class="num">Records</th>
            <th scope="col">Thread</th>
            <th scope="col" class="num">Bits</th>
            <th scope="col" class="num optional">Probability</th>
            <th scope="col">At the record</th>
          </tr>
        </thead>
        <tbody>
          {props.persons.map((person) => (
            <tr data-person-id={person.personId}>
              <td>
                <a href={personHref(person.personId)}>person {person.personId}</a>
              </td>
              <td class="num">{person.records}</td>
              <td data-kind={person.kind}>{THREADS[person.kind]}</td>
              <td class="num">{signedBits(person.weight)}</td>
              <td class="num optional">{person.probability}</td>
              <td>
                <code>{refOf(person.record)}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroller>
  );
}

/**
 * The persons that hold together by a thread, most doubtful first, as the admin API's review list answers them
 * (docs/identity-graph.md, "Review"); `persons` is absent when the query was refused (`problem`).
 */
export function ReviewPage(props: { csrfToken: string; asked: ReviewAsked; persons?: PersonToReview[]; problem?: string }) {
  const { asked, persons } = props;
  return (
    <Page title="Persons to review" section="graph" csrfToken={props.csrfToken} operator>
      <Notices problem={props.problem} />
      <p>
        Persons that hold together by a thread, the most doubtful first: the lower the hold in bits, the sooner a person
        could be two. Each was weighed by the resolver when a resolution last changed it.
      </p>
      <form method="get" action="/console/graph/review" class="fields">
        <div>
          <label for="source">Only persons holding a record of the source</label>
          <input type="text" id="source" name="source" value={asked.source} />
        </div>
        <div>
          <label for="limit">How many (at most 1,000)</label>
          <input type="number" id="limit" name="limit" value={asked.limit} min="1" max="1000" placeholder="50" />
        </div>
        <button type="submit">List them</button>
      </form>
      {persons &&
        (persons.length === 0 ? (
          <p role="status">{asked.source ? `No person holding a record of ${asked.source} holds by a thread: there is nothing to review.` : 'No person holds by a thread: there is nothing to review.'}</p>
        ) : (
          <ReviewTable persons={persons} />
        ))}
      <p>
        <a href="/console/graph">Look up a person or two records</a>
      </p>
    </Page>
  );
}
