// A worker thread of ./parse-lines.ts: makes the line parser of the module it is given, then answers each
// chunk of lines with what each became (null for a blank line), in order.
import { parentPort, workerData } from 'node:worker_threads';

/** Imports the parser's module: TypeScript, until compiled, through the tsx loader, which a worker lacks. */
async function load(url) {
  if (url.endsWith('.ts')) (await import('tsx/esm/api')).register();
  return import(url);
}

const { url, exportName, options } = workerData;
const parse = (await load(url))[exportName](options);
parentPort.on('message', (lines) => {
  parentPort.postMessage(lines.map((text) => (text.trim() === '' ? null : parse(text))));
});
