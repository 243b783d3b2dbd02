/** schema.org pieces any page may use; a page's own objects (`Service`, `Person`…) stay with the page. */
import { cutText } from '../contract/text';

/** An app path on the public origin; a path is never read as another host (`//evil.example`). */
export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${origin.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export interface LinkedItem {
  name: string;
  /** A path of the app, `/service/12`. */
  path: string;
}

/** The trail from the home page to this one; the last crumb is the page itself. */
export function breadcrumbList(origin: string, crumbs: readonly LinkedItem[]): Record<string, unknown> {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(origin, crumb.path),
    })),
  };
}

/** The items a list page shows, each by its own page. */
export function itemList(origin: string, items: readonly LinkedItem[]): Record<string, unknown> {
  return {
    '@type': 'ItemList',
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      url: absoluteUrl(origin, item.path),
    })),
  };
}

/**
 * One line of at most `max` characters, cut at a word with «…»: search engines show about 160.
 * No-break spaces (`10 000`, `1 000 ₽`) stay as they are. A word too long to keep whole is cut
 * between characters (cutText), never inside an emoji.
 */
export function clampText(text: string, max = 160): string {
  const line = text.replace(/[ \t\n\r\f\v\u2028\u2029]+/g, ' ').trim();
  if (cutText(line, max) === line) return line;
  const cut = cutText(line, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:—-]+$/, '')}…`;
}
