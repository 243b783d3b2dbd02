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

const decodedKey = (raw: string) => {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
};

/**
 * Query strings can carry download tokens, codes or what a person typed: keep the parameter, drop
 * its value. The marker stays readable (`query=[скрыто]`, not percent-encoded: QA BB-6), and the
 * other parameters stay as they came.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url.slice(q + 1).split('&').map((part) => {
    const rawKey = part.split('=', 1)[0]!;
    const key = decodedKey(rawKey);
    return secretKeys.includes(key) || personalKeys.includes(key) || /password/i.test(key) ? `${rawKey}=[скрыто]` : part;
  });
  return `${url.slice(0, q)}?${parts.join('&')}`;
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
  /**
   * No line; the client's address is read now, while its socket is there: Node keeps it, so the
   * line of a request whose client went away (a time-out, an abort) still names it (QA BB-3).
   */
  override incomingRequest(request: FastifyRequest): void {
    void request.raw.socket?.remoteAddress;
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }

  /** An answer cut after its headers (a download the client left): its one line, with the request. */
  override streamError(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') reply.log.info(line, 'client aborted');
    else reply.log.warn({ ...line, err: error }, 'response terminated with an error after its headers');
  }
}
