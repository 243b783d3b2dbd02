import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

const secretKeys = ['token', 'refresh_token', 'password', 'passwordConfirm', 'newPassword', 'newPasswordConfirm', 'code'];

/** Paths pino blanks out: auth headers, cookies and secrets in logged objects. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...secretKeys.flatMap((k) => [`body.${k}`, `query.${k}`, `req.body.${k}`, `req.query.${k}`, `*.body.${k}`]),
];

/**
 * What a person typed or is known by: a search (an employee's phone, a name, an address), a phone,
 * an e-mail. Personal data, not what a log is for (QA P-6).
 */
const personalKeys = ['query', 'phone', 'email', 'name'];

// Query strings can carry download tokens, codes or what a person typed; keep the parameter, drop its value.
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (secretKeys.includes(key) || personalKeys.includes(key) || /password/i.test(key)) params.set(key, '[скрыто]');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: redactPaths, censor: '[скрыто]' },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.headers.host,
          remoteAddress: request.ip,
          origin: request.headers.origin,
        };
      },
    },
  };
}

/**
 * One line per request (QA AA-6), not Fastify's two (`incoming request` when it comes in, `request
 * completed` when answered): the second alone, with the method, the url redacted as above, the
 * client, the status and the time in ms, beside the request's id. A request its client cut is
 * never answered: the error handler's line is its one. Fastify's other lines stay as they are.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
