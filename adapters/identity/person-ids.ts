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

/**
 * One block at a time through ECB without padding: a cipher turns each 16 bytes given to `update` into 16 bytes
 * on its own, so an account's cipher and decipher are made once and used for every id (0.9 us an id against 3.6
 * with a cipher made for each).
 */
type BlockCiphers = { encrypt: (block: Buffer) => Buffer; decrypt: (block: Buffer) => Buffer };

export function personIdCodec(secret: string): PersonIdCodec {
  const ciphers = new Map<string, BlockCiphers>();
  const ciphersOf = (accountId: string) => {
    let known = ciphers.get(accountId);
    if (!known) {
      const key = createHmac('sha256', secret).update(`person-id:${accountId}`).digest();
      const cipher = createCipheriv('aes-256-ecb', key, null).setAutoPadding(false);
      const decipher = createDecipheriv('aes-256-ecb', key, null).setAutoPadding(false);
      known = { encrypt: (block) => cipher.update(block), decrypt: (block) => decipher.update(block) };
      ciphers.set(accountId, known);
    }
    return known;
  };
  return {
    encode(accountId, personId) {
      const block = Buffer.alloc(16);
      CHECK.copy(block, 0);
      block.writeBigUInt64BE(BigInt(personId), 8);
      return ciphersOf(accountId).encrypt(block).toString('base64url');
    },
    decode(accountId, value) {
      if (!/^[A-Za-z0-9_-]{22}$/.test(value)) return undefined;
      const sealed = Buffer.from(value, 'base64url');
      if (sealed.length !== 16) return undefined; // a partial block would stay in the decipher for the next id
      const block = ciphersOf(accountId).decrypt(sealed);
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
