/**
 * The persons of asked ids, each once, as `person_id`: a merged-away id as the person it was merged into.
 * `asked` is a FROM item named `a` with a bigint column `id`; the columns in `carried` come along.
 */
export const LIVE_PERSONS_OF = (asked: string, carried: readonly string[] = []) =>
  `SELECT DISTINCT ${carried.map((column) => `a.${column}, `).join('')}coalesce(r.to_id, a.id) AS person_id
     FROM ${asked} LEFT JOIN person_redirects r ON r.from_id = a.id`;

/**
 * The ids of a person's records (docs/identity-graph.md): those resolved into it, or the record of that id while it
 * was never resolved.
 */
export const RECORD_IDS_OF_PERSON = (person: string) =>
  `SELECT o.record_id FROM record_persons o WHERE o.person_id = ${person}
   UNION ALL SELECT r.id FROM persons r
              WHERE r.id = ${person} AND NOT EXISTS (SELECT 1 FROM record_persons o WHERE o.record_id = r.id)`;
