/** A field of COPY's text format: backslash, tab, newline and carriage return escaped, null as \N. */
export const copyField = (value: string | number | null): string =>
  value === null
    ? '\\N'
    : typeof value === 'number' || !/[\\\t\n\r]/.test(value)
      ? String(value)
      : value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));

/** One row of COPY's text format. */
export const copyLine = (fields: Array<string | number | null>): string => `${fields.map(copyField).join('\t')}\n`;
