/** The v3 operation a request names: the last segment of `/v3/<resource>.<verb>`. */
export function operationName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
