import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { DOCS_CSP } from './security-headers';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { callKind, errorEnvelope, MAX_FILE_BYTES, successEnvelope, UPLOAD_FILE_TYPES, type CallContract } from 'shared/contract';

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

/** An upload's body is multipart: the contract's fields, then the file in field `file` (ARCHITECTURE §3). */
function requestBody(call: CallContract) {
  if (!call.body) return {};
  const schema = toJson(call.body, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  if (callKind(call) !== 'upload') return { requestBody: { required: true, content: { 'application/json': { schema } } } };
  const multipart = {
    ...schema,
    properties: { ...schema.properties, file: { ...binary, description: `До ${MAX_FILE_BYTES / 2 ** 20} МБ: ${Object.keys(UPLOAD_FILE_TYPES).join(', ')}` } },
    required: [...(schema.required ?? []), 'file'],
  };
  return { requestBody: { required: true, content: { 'multipart/form-data': { schema: multipart } } } };
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
      security: call.auth === 'none' ? [] : [{ bearer: [] }],
      parameters: call.query ? queryParameters(call.query) : [],
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
