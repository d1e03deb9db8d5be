import type { Params } from 'nestjs-pino';
import type { AppConfig } from './config/app-config';

/**
 * JSON logs an operator can grep: one line per request with method, route, status and time.
 * Cookies, CSRF tokens and auth headers are redacted; bodies (passwords, codes) are never logged.
 */
export function loggerOptions(config: AppConfig): Params {
  return {
    pinoHttp: {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'req.headers["x-csrftoken"]',
          'res.headers["set-cookie"]',
        ],
        censor: '[redacted]',
      },
      // Probes and scrapes come every few seconds from the proxy and Prometheus: not worth a line each.
      autoLogging: { ignore: (request) => /^\/(api\/health|metrics)(\/|$|\?)/.test(request.url ?? '') },
      customLogLevel: (_request, response, error) =>
        error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
      serializers: {
        req: (request: { method: string; url: string; id: unknown }) => ({
          id: request.id,
          method: request.method,
          // Secrets that travel in URLs: query codes and tokens, the calendar feed's path.
          url: request.url
            .replace(/([?&](code|token)=)[^&]*/gi, '$1[redacted]')
            .replace(/(\/api\/calendar\/)[^/?]+/, '$1[redacted]'),
        }),
      },
      transport:
        config.nodeEnv === 'development' && process.stdout.isTTY
          ? { target: 'pino-pretty', options: { singleLine: true } }
          : undefined,
    },
  };
}
