import { createServer, type Server } from 'node:http';

/** Where the webhook scenario's deliveries go: a receiver in the bench process that answers 204 at once. */
export const WEBHOOK_SINK_PORT = 59_990;

let sink: Server | undefined;

/** Starts the sink once per bench process; later calls reuse it. The process exits with the run. */
export async function startWebhookSink(): Promise<void> {
  if (sink) return;
  sink = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve, reject) => {
    sink!.once('error', reject);
    sink!.listen(WEBHOOK_SINK_PORT, '127.0.0.1', resolve);
  });
  sink.unref();
}
