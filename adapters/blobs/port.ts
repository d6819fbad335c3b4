import type { Readable } from 'node:stream';

/** Files Kith makes for callers to download (audiences): a local directory today, an object store later. */
export interface BlobStore {
  /** Stores the stream under the key, visible only once complete; resolves with its size in bytes. */
  put(key: string, content: Readable): Promise<number>;
  /** The blob as a stream with its size, or undefined when there is none. */
  get(key: string): Promise<{ stream: Readable; bytes: number } | undefined>;
  /** Removes the blob; nothing happens when there is none. */
  delete(key: string): Promise<void>;
}
