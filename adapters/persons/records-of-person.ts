/**
 * The ids of a person's records (docs/identity-graph.md): those resolved into it, or the record of that id while it
 * was never resolved.
 */
export const RECORD_IDS_OF_PERSON = (person: string) =>
  `SELECT o.record_id FROM record_persons o WHERE o.person_id = ${person}
   UNION ALL SELECT r.id FROM persons r
              WHERE r.id = ${person} AND NOT EXISTS (SELECT 1 FROM record_persons o WHERE o.record_id = r.id)`;
