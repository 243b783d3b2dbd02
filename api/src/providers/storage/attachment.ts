import type { FastifyReply } from 'fastify';
import type { StoredFile } from './types';

/** RFC 6266 / 5987: the name survives any characters, Cyrillic included. */
export function attachmentDisposition(name: string): string {
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename*=UTF-8''${encoded}`;
}

/** A stored file as a download answers it: its bytes, the name shown and the detected type. */
export interface Download {
  file: StoredFile;
  name: string;
  mime: string;
}

/** Parties-only files: no cache keeps one, the browser's own neither (the next person at it). */
export const PARTIES_ONLY = 'private, no-store';
/**
 * A public document: the browser may keep it, asking again before each use; a shared cache may
 * not (its visibility can change: one made private must not be served on).
 */
export const PUBLIC_FILE = 'private, no-cache';

/**
 * Answers a stored file as a download: the type we detected at upload (never the client's),
 * `attachment` so a browser never renders it on our origin, and `nosniff` so it does not guess.
 */
export function sendAttachment(reply: FastifyReply, file: StoredFile, meta: { name: string; mime: string }, cacheControl = PARTIES_ONLY) {
  return reply
    .header('Content-Type', meta.mime)
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', attachmentDisposition(meta.name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', cacheControl)
    .send(file.stream);
}
