import type { PageMeta } from '../routing/types';
import { absoluteUrl } from './json-ld';

/** The site's name: the suffix of every title (the shell's `document.title` uses the same words). */
export const SITE_NAME = 'Маркетплейс услуг';

export interface HeadTagsOptions {
  /** The app's public origin, `https://example.ru`: canonical and Open Graph URLs are absolute. */
  origin: string;
  siteName?: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an HTML element or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/**
 * JSON inside `<script type="application/ld+json">`: the element's content is raw text, so `<`
 * (which could close it with `</script>` or open `<!--`) and `>`/`&` go as JSON escapes, which
 * parse back to the same characters; U+2028/2029 too, for older JSON-as-JS readers.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function pageTitle(title: string, siteName = SITE_NAME): string {
  return title && title !== siteName ? `${title} — ${siteName}` : siteName;
}

/**
 * The head of a server-rendered page (ARCHITECTURE §9): title with the site's suffix, description,
 * canonical link, Open Graph and Twitter card, and each JSON-LD object as its own script.
 */
export function renderHeadTags(meta: PageMeta, { origin, siteName = SITE_NAME }: HeadTagsOptions): string {
  const title = pageTitle(meta.title, siteName);
  const url = meta.canonicalPath === undefined ? null : absoluteUrl(origin, meta.canonicalPath);
  const image = meta.image ? absoluteUrl(origin, meta.image) : null;
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}">`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    ...(meta.noindex ? ['<meta name="robots" content="noindex">'] : []),
    ...(url ? [`<link rel="canonical" href="${escapeHtml(url)}">`] : []),
    property('og:title', meta.title || siteName),
    property('og:description', meta.description),
    property('og:type', meta.ogType ?? 'website'),
    ...(url ? [property('og:url', url)] : []),
    property('og:site_name', siteName),
    property('og:locale', 'ru_RU'),
    ...(image ? [property('og:image', image)] : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    ...(meta.jsonLd ?? []).map(
      (item) => `<script type="application/ld+json">${serializeJsonLd({ '@context': 'https://schema.org', ...item })}</script>`,
    ),
  ];
  return tags.join('\n');
}
