import { PermanentError } from '../errors.ts';
import type { Dispatcher, OperationHandler } from './port.ts';

/** Calls the handler in this process. */
export function inProcessDispatcher(handlers: Readonly<Record<string, OperationHandler>>): Dispatcher {
  return {
    dispatch(request) {
      const handler = handlers[request.operation];
      if (!handler) {
        return Promise.reject(new PermanentError(`no worker handles ${request.operation}`));
      }
      return handler(request);
    },
  };
}
