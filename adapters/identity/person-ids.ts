import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';

/**
 * Person ids as each account sees them: the person's internal id encrypted, as one AES-256 block, under a
 * key derived from the deployment's secret and the account. The same person has a different, unlinkable id
 * for every account, stable across calls; an id decrypts back without a table of ids, and another account's
 * id (or a made-up one) fails the check bytes and names nobody.
 */
const CHECK = Buffer.from('kith-pid', 'ascii'); // 8 bytes, then the 8-byte id

export type PersonIdCodec = {
  encode(accountId: string, personId: string): string;
  /** The internal id, or undefined when the value is not a person id of this account. */
  decode(accountId: string, value: string): string | undefined;
};

export function personIdCodec(secret: string): PersonIdCodec {
  const keys = new Map<string, Buffer>();
  const keyOf = (accountId: string) => {
    let key = keys.get(accountId);
    if (!key) {
      key = createHmac('sha256', secret).update(`person-id:${accountId}`).digest();
      keys.set(accountId, key);
    }
    return key;
  };
  return {
    encode(accountId, personId) {
      const block = Buffer.alloc(16);
      CHECK.copy(block, 0);
      block.writeBigUInt64BE(BigInt(personId), 8);
      const cipher = createCipheriv('aes-256-ecb', keyOf(accountId), null).setAutoPadding(false);
      return Buffer.concat([cipher.update(block), cipher.final()]).toString('base64url');
    },
    decode(accountId, value) {
      if (!/^[A-Za-z0-9_-]{22}$/.test(value)) return undefined;
      const decipher = createDecipheriv('aes-256-ecb', keyOf(accountId), null).setAutoPadding(false);
      const block = Buffer.concat([decipher.update(Buffer.from(value, 'base64url')), decipher.final()]);
      return block.subarray(0, 8).equals(CHECK) ? block.readBigUInt64BE(8).toString() : undefined;
    },
  };
}

/**
 * The opaque, stable name of an account in other accounts' audience files (second-party data): never its
 * name or id, the same in every file, and not to be turned back into the account.
 */
export const partnerLabeller =
  (secret: string) =>
  (accountId: string): string =>
    `sp_${createHmac('sha256', secret).update(`partner:${accountId}`).digest('base64url').slice(0, 16)}`;
