/** Hashed identifiers as callers give them: the hex digest of the lower-cased, trimmed value. */
export const MD5 = /^[0-9a-f]{32}$/i;
export const SHA256 = /^[0-9a-f]{64}$/i;

export const isMd5 = (value: string): boolean => MD5.test(value.trim());
export const isSha256 = (value: string): boolean => SHA256.test(value.trim());
