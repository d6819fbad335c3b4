import { createServer } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { ConfigError } from '../adapters/config.ts';
import type { ApiEnv } from '../api/env.ts';

/** The variables that name a port Kith listens on: a failure to listen names the one at fault. */
export type PortVariable = 'PORT' | 'KITH_METRICS_PORT' | 'KITH_ADMIN_PORT';

/** The variable naming the address each port is listened on at. */
const HOST_VARIABLE: Record<PortVariable, string> = { PORT: 'HOST', KITH_METRICS_PORT: 'HOST', KITH_ADMIN_PORT: 'KITH_ADMIN_HOST' };

export type Server = ReturnType<typeof serve>;

/** Listens on `hostname:port`; a port in use (or not allowed) is a ConfigError naming `variable`, no stack trace. */
export function listen(app: Hono<ApiEnv>, port: number, hostname: string, variable: PortVariable): Promise<Server> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => reject(listenError(error, { port, hostname, variable }));
    const started = serve({ fetch: app.fetch, port, hostname }, () => {
      started.off('error', failed);
      resolve(started);
    });
    started.once('error', failed);
  });
}

/** Listens on `hostname:port` and closes again at once: whether `listen` would fail, known before starting. */
export function probePort(port: number, hostname: string, variable: PortVariable): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => reject(listenError(error, { port, hostname, variable })));
    probe.listen(port, hostname, () => probe.close(() => resolve()));
  });
}

function listenError(error: NodeJS.ErrnoException, { port, hostname, variable }: { port: number; hostname: string; variable: PortVariable }): Error {
  const where = `${hostname}:${port}`;
  const hostVariable = HOST_VARIABLE[variable];
  switch (error.code) {
    case 'EADDRINUSE':
      return new ConfigError(`${variable}: ${where} is already in use (another Kith, or another program, listens there); stop it or set ${variable} to a free port`);
    case 'EACCES':
      return new ConfigError(`${variable}: not allowed to listen on ${where} (ports below 1024 need privileges); set ${variable} to a port above 1023`);
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new ConfigError(
        `${hostVariable}: ${hostname} is not an address of this machine (${variable} ${port}); set ${hostVariable} to one of its addresses, or 0.0.0.0`,
      );
    default:
      return error;
  }
}

export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  });
}

