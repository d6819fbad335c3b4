/**
 * The rows of a CSV text as RFC 4180 writes it: fields separated by commas, rows by CRLF or LF, a field in double
 * quotes may hold commas, line breaks and quotes written twice (`""`). A leading byte-order mark is skipped and a
 * last line break ends the last row rather than starting an empty one. Anything else after a closing quote, or a
 * quote inside an unquoted field, is refused with the row's number.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  /** start: nothing of the field read yet; plain: an unquoted field; quoted: inside quotes; closed: after the closing quote. */
  let state: 'start' | 'plain' | 'quoted' | 'closed' = 'start';
  const endField = () => {
    row.push(field);
    field = '';
    state = 'start';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };

  for (let i = text.startsWith('\uFEFF') ? 1 : 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (state === 'quoted') {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else state = 'closed';
    } else if (char === ',') endField();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
    } else if (char === '"' && state === 'start') state = 'quoted';
    else if (char === '"' || state === 'closed') throw new Error(`CSV row ${rows.length + 1}: a quote must open or close a whole field`);
    else {
      field += char;
      state = 'plain';
    }
  }
  if (state === 'quoted') throw new Error(`CSV row ${rows.length + 1}: a quoted field is not closed`);
  if (state !== 'start' || row.length > 0) endRow();
  return rows;
}
