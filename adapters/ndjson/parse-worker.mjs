// A worker thread of ./parse-lines.ts: makes the line parser of the module it is given, then answers each run
// of lines (raw bytes, handed over) with what each line became (null for a blank line), in order, handing over
// the memory the parser wrote the rows' bytes in.
import { parentPort, workerData } from 'node:worker_threads';

/** Imports a module: TypeScript, until compiled, through the tsx loader, which a worker lacks. */
let registered = false;
async function load(url) {
  if (url.endsWith('.ts') && !registered) {
    (await import('tsx/esm/api')).register();
    registered = true;
  }
  return import(url);
}

const { url, exportName, options } = workerData;
const parse = (await load(url))[exportName](options);
const { parseChunk } = await load(new URL('./parse-lines.ts', import.meta.url).href);
parentPort.on('message', (bytes) => {
  const lines = parseChunk(bytes, parse);
  parentPort.postMessage(lines, parse.takeBuffers?.() ?? []);
});
