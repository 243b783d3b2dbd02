import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { DOCS_CSP } from './security-headers';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { callKind, errorEnvelope, IDEMPOTENCY_KEY_HEADER, MAX_FILE_BYTES, successEnvelope, UPLOAD_FILE_TYPES, type CallContract } from 'shared/contract';

type JsonSchema = Record<string, unknown>;

function toJson(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function queryParameters(schema: z.ZodType) {
  const json = toJson(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: s,
  }));
}

const binary = { type: 'string', format: 'binary' };

/**
 * An upload's body is multipart: the contract's fields, then the file in field `file` (ARCHITECTURE
 * §3), required for a call of one file, repeated or absent for one of `any` (QA AAL-3); a call that
 * takes JSON too says so.
 */
function requestBody(call: CallContract) {
  if (!call.body) return {};
  const schema = toJson(call.body, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  const json = { 'application/json': { schema } };
  if (callKind(call) !== 'upload') return { requestBody: { required: true, content: json } };
  const file = { ...binary, description: `До ${MAX_FILE_BYTES / 2 ** 20} МБ: ${Object.keys(UPLOAD_FILE_TYPES).join(', ')}` };
  const many = call.files === 'any';
  const multipart = {
    ...schema,
    properties: { ...schema.properties, file: many ? { type: 'array', items: file, description: 'Ни одного, один или несколько файлов в поле file' } : file },
    required: [...(schema.required ?? []), ...(many ? [] : ['file'])],
  };
  return { requestBody: { required: true, content: { 'multipart/form-data': { schema: multipart }, ...(call.alsoJson ? json : {}) } } };
}

/** The bearer: none, optional (`[{}, …]` in OpenAPI: a guest is answered too), or required (QA AAL-3). */
function security(call: CallContract) {
  if (call.auth === 'none') return [];
  return call.auth === 'optional' ? [{}, { bearer: [] }] : [{ bearer: [] }];
}

/**
 * The headers a call reads: its own (the withdrawal's key, the bank's signature), and on any other
 * signed-in write the key that gets a re-sent write its first answer (http/answer-replay.ts).
 */
function headerParameters(call: CallContract) {
  const headers = { ...call.headers };
  if (call.method !== 'GET' && call.auth !== 'none' && !(IDEMPOTENCY_KEY_HEADER in headers)) {
    headers[IDEMPOTENCY_KEY_HEADER] = { required: false, description: 'Ключ записи: тот же запрос, посланный снова, получает первый ответ' };
  }
  return Object.entries(headers).map(([name, { required, description }]) => ({ name, in: 'header', required, description, schema: { type: 'string' } }));
}

/** A download answers the file's bytes with `Content-Disposition: attachment`, not the envelope. */
function success(call: CallContract) {
  if (callKind(call) !== 'download') {
    return { description: 'Успех', content: { 'application/json': { schema: toJson(successEnvelope(call.data), 'output') } } };
  }
  return {
    description: 'Файл',
    headers: { 'Content-Disposition': { description: 'attachment; filename*=UTF-8\'\'…', schema: { type: 'string' } } },
    content: Object.fromEntries(Object.values(UPLOAD_FILE_TYPES).map((mime) => [mime, { schema: binary }])),
  };
}

/** OpenAPI 3.1 built from the shared contract, so the docs cannot drift from validation. */
export function buildOpenApi(calls: readonly CallContract[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const error = { description: 'Ошибка', content: { 'application/json': { schema: toJson(errorEnvelope, 'output') } } };
  for (const call of calls) {
    const path = `/api/${call.path}`;
    paths[path] ??= {};
    paths[path][call.method.toLowerCase()] = {
      summary: call.summary,
      tags: [call.path.split('/')[0]],
      security: security(call),
      parameters: [...(call.query ? queryParameters(call.query) : []), ...headerParameters(call)],
      ...requestBody(call),
      responses: {
        200: success(call),
        '4XX': error,
        '5XX': error,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'API маркетплейса услуг', version },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}

export const openApiPlugin = fp(async (app: FastifyInstance, opts: { calls: readonly CallContract[]; version: string }) => {
  await app.register(swagger, {
    mode: 'static',
    specification: { document: buildOpenApi(opts.calls, opts.version) as never },
  });
  // Its onSend hook runs after the root one, so the UI's policy replaces the data answers'.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_CSP });
}, { name: 'openapi' });
