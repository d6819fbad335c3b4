import type { PersonHow, RecordsWhy } from '../../../domain/identity-graph/explain.ts';
import { Page } from '../layout.tsx';
import { DecisionForm } from './graph-decision.tsx';
import { LinkFigure, Notices, personHref, RecordsTable, refOf } from './graph-parts.tsx';

export type GraphQuery = { personId?: string; a?: string; b?: string };

/** The operator's first page: a person id to see how it is built, or two records to see why they are, or are not, one. */
export function GraphHomePage(props: { csrfToken: string; asked?: GraphQuery; problem?: string }) {
  const asked = props.asked ?? {};
  return (
    <Page title="Identity graph" section="graph" csrfToken={props.csrfToken} operator>
      <Notices problem={props.problem} />
      <section aria-labelledby="review">
        <h2 id="review">Persons to review</h2>
        <p>
          <a href="/console/graph/review">The persons that hold together by a thread, most doubtful first</a>
        </p>
      </section>
      <section aria-labelledby="how">
        <h2 id="how">How a person is built</h2>
        <form method="get" action="/console/graph/persons" class="fields">
          <div>
            <label for="personId">Person id</label>
            <input type="text" id="personId" name="personId" value={asked.personId} inputmode="numeric" required />
          </div>
          <button type="submit">Show the person</button>
        </form>
      </section>
      <section aria-labelledby="why">
        <h2 id="why">Why two records are, or are not, one person</h2>
        <form method="get" action="/console/graph/why" class="fields">
          <div>
            <label for="a">A record (source:id)</label>
            <input type="text" id="a" name="a" value={asked.a} required />
          </div>
          <div>
            <label for="b">Another record (source:id)</label>
            <input type="text" id="b" name="b" value={asked.b} required />
          </div>
          <button type="submit">Weigh the two</button>
        </form>
        <p class="muted">A record is named as its source names it, <code>source:id</code>; without a colon, the <code>default</code> source.</p>
      </section>
    </Page>
  );
}

/** How a person is built: its records side by side, each marked against all the others, then each record's hold, weakest first. */
export function PersonPage(props: { how: PersonHow; csrfToken: string }) {
  const { how } = props;
  const holdOf = new Map(how.holds.map((hold) => [hold.recordId, hold]));
  const byRecordId = new Map(how.records.map((record) => [record.recordId, record]));
  const others = how.records.length - 1;
  return (
    <Page title={`Person ${how.personId}`} section="graph" csrfToken={props.csrfToken} operator>
      <p>
        {how.records.length} {how.records.length === 1 ? 'record' : 'records'}
        {how.mergedIds.length > 0 && <>, merged from {how.mergedIds.join(', ')}</>}; weighed now with match model <code>{how.model}</code>, as the resolver weighs them.
        {others > 0 && ' Each record’s column is marked by its match against all the person’s other records.'}
      </p>
      <section aria-labelledby="records">
        <h2 id="records">The records side by side</h2>
        <RecordsTable records={how.records} evidence={how.records.map((record) => holdOf.get(record.recordId)?.link.evidence)} label={`The records of person ${how.personId}`} />
      </section>
      <section aria-labelledby="holds">
        <h2 id="holds">How each record holds, weakest first</h2>
        {how.holds.length === 0 ? (
          <p>A person of one record: there is nothing to weigh.</p>
        ) : (
          how.holds.map((hold, index) => (
            <LinkFigure
              id={`hold-${index}`}
              title={`${refOf(byRecordId.get(hold.recordId)!)} against the other ${others} ${others === 1 ? 'record' : 'records'}`}
              link={hold.link}
            />
          ))
        )}
      </section>
      <p>
        <a href="/console/graph">Look up another person or two records</a>
      </p>
    </Page>
  );
}

/** Why two records are, or are not, one person: where each is, the two side by side, and the three links weighed. */
export function WhyPage(props: { why: RecordsWhy; csrfToken: string; problem?: string | undefined; notice?: string | undefined }) {
  const { why } = props;
  const [a, b] = [refOf(why.a), refOf(why.b)];
  const person = (personId: string) => <a href={personHref(personId)}>person {personId}</a>;
  return (
    <Page title={`${a} and ${b}`} section="graph" csrfToken={props.csrfToken} operator>
      <Notices problem={props.problem} notice={props.notice} />
      <p class={`verdict ${why.samePerson ? 'links' : 'unlinked'}`} data-same-person={String(why.samePerson)}>
        {why.samePerson ? (
          <>
            <strong>One person</strong>: both are in {person(why.a.personId)}.
          </>
        ) : (
          <>
            <strong>Two persons</strong>: <code>{a}</code> is in {person(why.a.personId)}, <code>{b}</code> in {person(why.b.personId)}.
          </>
        )}{' '}
        Weighed now with match model <code>{why.model}</code>.
      </p>
      {why.birthdaysApart && <p class="notice">Their birthdays tell them apart: they are further apart than one person’s slips.</p>}
      <section aria-labelledby="records">
        <h2 id="records">The two records side by side</h2>
        <RecordsTable records={[why.a, why.b]} evidence={[why.records.evidence, why.records.evidence]} label={`${a} and ${b}`} />
      </section>
      <section aria-labelledby="links">
        <h2 id="links">The links weighed</h2>
        <LinkFigure id="records-alone" title="The two records alone" link={why.records} />
        <LinkFigure id="a-to-person-of-b" title={`${a} against the rest of person ${why.b.personId}`} link={why.aToPersonOfB} />
        <LinkFigure id="b-to-person-of-a" title={`${b} against the rest of person ${why.a.personId}`} link={why.bToPersonOfA} />
      </section>
      <DecisionForm a={a} b={b} decided={why.records.decided} csrfToken={props.csrfToken} />
      <p>
        <a href="/console/graph">Look up another person or two records</a>
      </p>
    </Page>
  );
}
