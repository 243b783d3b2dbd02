import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { CountCache } from '../db/list-page';
import { createKeptCache } from '../lib/kept-cache';
import {
  applicationGet,
  applicationGetCollection,
  customerGet,
  customerGetCollection,
  executorGet,
  executorGetCollection,
  facilityGetMap,
  profileFacilityGet,
  profileFacilityGetType,
  serviceGet,
  serviceGetCollection,
  serviceGetCollectionFilter,
  sitemapGetCollection,
  type CallContract,
} from 'shared/contract';

/**
 * Public reads: the catalogues' lists and items, what a visitor without an account sees. Their
 * answers carry an ETag and a Cache-Control a CDN may use, and anonymous ones are kept briefly
 * in process.
 */
export const PUBLIC_READS: readonly CallContract[] = [
  applicationGetCollection,
  applicationGet,
  executorGetCollection,
  executorGet,
  customerGetCollection,
  customerGet,
  serviceGetCollection,
  serviceGetCollectionFilter,
  serviceGet,
  profileFacilityGet,
  profileFacilityGetType,
  facilityGetMap,
  sitemapGetCollection,
];

/** A CDN may keep an anonymous answer 10 s and serve it stale 30 s more while it revalidates. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=30';
/** With a bearer the answer may differ by caller (the owner sees more): never shared. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';

export interface PublicCacheOptions {
  /** Keep anonymous answers in process (config.listCache, and never with several nodes). */
  enabled: boolean;
  /** Keep the lists' counts between writes (config.listCountCache, and never with several nodes). */
  counts?: boolean;
  /** How long an answer is served from memory; writes clear it sooner. */
  ttlMs?: number;
  /** Answers kept at most; the least recently used goes first. */
  maxEntries?: number;
  /** The answers' bodies kept at most, in bytes (32 MB by default); the least recently used go first. */
  maxBytes?: number;
  now?: () => number;
}

interface Entry {
  body: string;
  etag: string;
  contentType: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process cache of anonymous public answers: `clear()` after a write outside HTTP. */
    publicCache: {
      clear(): void;
      readonly size: number;
      readonly enabled: boolean;
      /** The lists' counts kept between writes, cleared with the answers (db/list-page.ts). */
      readonly counts: CountCache;
    };
  }
  interface FastifyRequest {
    /** The cache's generation when the request arrived: an answer read before a write is not kept. */
    publicCacheGeneration?: number;
    publicCacheHit?: boolean;
  }
}

const weakEtag = (body: string) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for this header). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const list = (Array.isArray(current) ? current.join(',') : String(current ?? '')).split(',').map((v) => v.trim()).filter(Boolean);
  if (!list.some((v) => v.toLowerCase() === field.toLowerCase() || v === '*')) reply.header('vary', [...list, field].join(', '));
}

const anonymous = (request: FastifyRequest) => request.headers.authorization === undefined;

/**
 * The query parameters a call's answer can depend on: the names of its query schema, a plain zod
 * object that drops every other (handlers read only the parsed query, http/register.ts). Undefined
 * when the schema is another kind, whose answers are then kept by their whole URL.
 */
function queryNames(call: CallContract): ReadonlySet<string> | undefined {
  if (!call.query) return new Set();
  const schema = call.query;
  return schema instanceof z.ZodObject && schema._zod.def.catchall === undefined ? new Set(Object.keys(schema.shape)) : undefined;
}

/** A string as V8 holds it at most (two bytes a character: a Russian answer is stored so). */
const stringBytes = (s: string) => 2 * s.length;

/**
 * ETag, Cache-Control and `If-None-Match` → 304 on the public reads, and a short-lived, bounded
 * in-process cache of their anonymous answers, and the lists' counts (`counts`). An answer is keyed
 * by its path and the query parameters its call reads, so made-up ones (`utm_source`) share the
 * entry instead of filling the cache. Any write (a call other than GET, HEAD
 * or OPTIONS, whatever its outcome) clears the whole cache before its answer leaves, and an answer
 * read while a write ran is not kept, so a new or changed application shows at once.
 */
export const publicCachePlugin = fp(async (app: FastifyInstance, opts: PublicCacheOptions) => {
  const names = new Map(PUBLIC_READS.map((c) => [`/api/${c.path}`, queryNames(c)]));
  const answers = createKeptCache<Entry>({
    enabled: opts.enabled,
    ttlMs: opts.ttlMs ?? 5_000,
    maxEntries: opts.maxEntries ?? 1_000,
    maxBytes: opts.maxBytes ?? 32 * 1024 * 1024,
    sizeOf: (entry) => stringBytes(entry.body),
    now: opts.now,
  });
  const counts: CountCache = createKeptCache<number>({ enabled: opts.counts ?? false, ttlMs: 30_000, maxEntries: 5_000, now: opts.now });

  const clear = () => {
    answers.clear();
    counts.clear();
  };
  app.decorate('publicCache', {
    clear,
    get size() {
      return answers.size;
    },
    enabled: opts.enabled,
    counts,
  });

  const isPublicRead = (request: FastifyRequest) => request.method === 'GET' && names.has(request.routeOptions.url ?? '');
  /** The parameters in name order, each with its value(s) as the handler gets them (`request.query`). */
  const keyOf = (request: FastifyRequest): string => {
    const read = names.get(request.routeOptions.url!);
    if (!read) return request.url;
    const query = Object.entries((request.query ?? {}) as Record<string, unknown>).filter(([name]) => read.has(name));
    // The path as asked (not the route's pattern), so that nothing in it is lost.
    return `${request.url.split('?')[0]}?${JSON.stringify(query.sort(([a], [b]) => (a < b ? -1 : 1)))}`;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!isPublicRead(request)) return;
    request.publicCacheGeneration = answers.generation;
    if (!anonymous(request)) return;
    const entry = answers.get(keyOf(request));
    if (!entry) return;
    request.publicCacheHit = true;
    reply.header('etag', entry.etag).header('cache-control', PUBLIC_CACHE_CONTROL);
    addVary(reply, 'Authorization');
    if (matches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
    return reply.header('content-type', entry.contentType).send(entry.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') {
      // A write refused (4xx: no route, bad input, not allowed) wrote nothing: a trickle of junk
      // POSTs must not keep the catalogue uncached (QA GG-3). A 5xx may have followed a commit.
      if (reply.statusCode < 400 || reply.statusCode >= 500) clear();
      return payload;
    }
    if (request.publicCacheHit || !isPublicRead(request) || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const etag = weakEtag(payload);
    const isAnonymous = anonymous(request);
    reply.header('etag', etag).header('cache-control', isAnonymous ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
    addVary(reply, 'Authorization');
    if (isAnonymous && request.publicCacheGeneration !== undefined) {
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      answers.set(keyOf(request), { body: payload, etag, contentType }, request.publicCacheGeneration);
    }
    if (matches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}, { name: 'public-cache' });
