import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import type { AudienceMember, AudienceStore } from '../../adapters/db/port.ts';
import type { Tag } from '../../schemas/events/payloads.ts';
import { audienceBlobKey } from '../../domain/audiences/blob-key.ts';
import type { BlobStore } from '../../adapters/blobs/port.ts';

/** Members read from the database at a time: memory stays bounded whatever the audience's size. */
const PAGE = 10_000;

export type AudienceFileParts = {
  store: AudienceStore;
  blobs: BlobStore;
  encodePersonId(accountId: string, personId: string): string;
  partnerLabel(accountId: string): string;
};

export type AudienceRequest = { id: string; accountId: string; tags: Tag[]; taggedBefore: Date; identitySharing: boolean; createdAt: string };

/** One party's data: the emails and MAIDs as the database holds them (JSON text). */
const party = (emailsJson: string, maidsJson: string) => `"emails":${emailsJson},"maids":${maidsJson}`;

/**
 * One member as the file lists it (docs/audience-files.md), written as text: the stored JSON of emails and
 * MAIDs goes in as it is, never parsed and encoded again.
 */
function memberEntry(member: AudienceMember, personId: string | null, secondParty: string[] | undefined): string {
  const ids = `"recordid":${JSON.stringify(member.recordId)},"partnerid":${JSON.stringify(member.partnerId)},"personid":${JSON.stringify(personId)}`;
  const second = secondParty ? `,"secondParty":[${secondParty.join(',')}]` : '';
  return `{${ids},"firstParty":{${party(member.emailsJson, member.maidsJson)}}${second}}`;
}

/**
 * Streams the audience file into the blob store: a JSON object whose `members` array is written a page of
 * records at a time through gzip, with the stream's backpressure honoured. Resolves with the member count and
 * the file's size.
 */
export async function writeAudienceFile(parts: AudienceFileParts, audience: AudienceRequest): Promise<{ members: number; bytes: number }> {
  const gzip = createGzip();
  // A failure is reported by `stored` and by the error thrown below; without a listener of its own, the
  // 'error' of `gzip.destroy(error)` would crash the process whenever it comes before the blob store has
  // piped the stream (the first page of members failing at once).
  gzip.on('error', () => {});
  const stored = parts.blobs.put(audienceBlobKey(audience.accountId, audience.id), gzip);
  const write = async (text: string) => {
    if (!gzip.write(text)) await once(gzip, 'drain');
  };
  let members = 0;
  try {
    const header = { requestId: audience.id, createdAt: audience.createdAt, tags: audience.tags, tagMatch: 'any' };
    await write(`${JSON.stringify(header).slice(0, -1)},"members":[`);
    let after: string | null = null;
    for (;;) {
      const page = await parts.store.members(audience.accountId, audience.tags, audience.taggedBefore, after, PAGE);
      if (page.length === 0) break;
      const persons = [...new Set(page.flatMap((member) => (member.personId ? [member.personId] : [])))];
      const shared = new Map<string, string[]>();
      for (const record of audience.identitySharing ? await parts.store.sharedRecords(audience.accountId, persons) : []) {
        const entry = `{"partner":${JSON.stringify(parts.partnerLabel(record.accountId))},${party(record.emailsJson, record.maidsJson)}}`;
        shared.set(record.personId, [...(shared.get(record.personId) ?? []), entry]);
      }
      let text = '';
      for (const member of page) {
        const secondParty = audience.identitySharing ? ((member.personId && shared.get(member.personId)) || []) : undefined;
        const personId = member.personId && parts.encodePersonId(audience.accountId, member.personId);
        text += `${members === 0 ? '' : ','}${memberEntry(member, personId, secondParty)}`;
        members += 1;
      }
      await write(text);
      after = page.at(-1)!.recordId;
    }
    // The persons the members are of, each counted once however many of its records are members.
    gzip.end(`],"persons":${await parts.store.personCount(audience.accountId, audience.tags, audience.taggedBefore)}}`);
  } catch (error) {
    gzip.destroy(error as Error);
    await stored.catch(() => {});
    throw error;
  }
  return { members, bytes: await stored };
}
