import type { Params } from 'nestjs-pino';
import type { AppConfig } from './config/app-config';

/**
 * JSON logs an operator can grep. nestjs-pino is the services' logger (their `Logger` calls), with
 * no middleware of its own: the one line per request (method, URL with secrets masked, status,
 * time) is common/request-observer.ts's. Bodies (passwords, codes) are never logged; the request
 * line carries no headers, so no cookie, CSRF token or authorization can reach it.
 */
export function loggerOptions(config: AppConfig): Params {
  return {
    pinoHttp: {
      level: config.logLevel,
      transport:
        config.nodeEnv === 'development' && process.stdout.isTTY
          ? { target: 'pino-pretty', options: { singleLine: true } }
          : undefined,
    },
    // No request-scoped logger: it would run every request inside an AsyncLocalStorage context.
    forRoutes: [],
  };
}
