import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors';

export const CONTENT_ENCODING_MESSAGE = 'Сжатое тело запроса не принимается: отправьте его без сжатия (без Content-Encoding)';

/** Whether the request carries a body (a length above zero, or chunks). */
const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/** The codings a request's body was sent with, `identity` (none) left out. */
const codingsOf = (header: string | string[] | undefined): string[] =>
  (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');

/**
 * Request bodies come as they are (ARCHITECTURE §3: JSON, or multipart for uploads): none is
 * decompressed. A body sent with `Content-Encoding: gzip` (or any coding) would reach the JSON
 * parser or the multipart reader as compressed bytes and be refused as broken (400), which sends the
 * sender looking at its JSON. It is a type the API does not take: 415 (RFC 9110 §15.5.16) with
 * `Accept-Encoding: identity` (RFC 7694), before a byte of it is read.
 */
export const contentEncodingPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      if (codingsOf(request.headers['content-encoding']).length === 0 || !hasBody(request)) return;
      void reply.header('Accept-Encoding', 'identity');
      throw new AppError(415, 'unsupported_media_type', CONTENT_ENCODING_MESSAGE);
    });
  },
  { name: 'content-encoding' },
);
