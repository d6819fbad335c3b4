/** Prints either JSON (--json) or a human line or table. */
export type Output = { json: boolean };

export function print(output: Output, value: unknown, human: () => string): void {
  process.stdout.write(output.json ? `${JSON.stringify(value, null, 2)}\n` : `${human()}\n`);
}

export function table(rows: Record<string, unknown>[], columns: string[]): string {
  if (rows.length === 0) return '(none)';
  const cells = rows.map((row) => columns.map((column) => (row[column] == null ? '-' : String(row[column]))));
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((line) => line[i]!.length)));
  const render = (line: string[]) => line.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd();
  return [render(columns), ...cells.map(render)].join('\n');
}
