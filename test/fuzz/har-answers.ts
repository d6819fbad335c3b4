/** The part of a HAR file (schemathesis's report of every request it sent) that the fuzz test reads. */
type Har = { log: { entries: Array<{ request: { method: string; url: string }; response: { status: number } }> } };

/**
 * Each operation (`POST /v3/person.enrich`) of `documented` with the status of every answer it gave, in the order
 * sent; requests with methods the document does not declare (probes answered 405) are left out.
 */
export function answersByOperation(har: Har, documented: readonly string[]): Map<string, number[]> {
  const answers = new Map<string, number[]>();
  for (const { request, response } of har.log.entries) {
    const operation = `${request.method} ${new URL(request.url).pathname}`;
    if (!documented.includes(operation)) continue;
    answers.set(operation, [...(answers.get(operation) ?? []), response.status]);
  }
  return answers;
}

const share = (part: number, whole: number) => `${Math.round((100 * part) / whole)}%`;

/** One line an operation: its cases, the share answered 2xx, and the count of each status. */
export function formatAnswers(answers: Map<string, number[]>): string {
  return [...answers.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([operation, statuses]) => {
      const counts = new Map<number, number>();
      for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
      const byStatus = [...counts.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
      const succeeded = statuses.filter((status) => status < 300).length;
      return `  ${operation.padEnd(36)} ${String(statuses.length).padStart(5)} cases, ${share(succeeded, statuses.length).padStart(4)} 2xx  ${byStatus.join(' ')}`;
    })
    .join('\n');
}
