import { useEffect } from 'react';
import { pageTitle } from './head-tags';

/**
 * The tab's title from what the page shows (an entity's name once loaded), with the site's suffix.
 * The shell sets the route's plain title before (`RemotePage`, a layout effect); nothing while
 * `title` is undefined leaves that one.
 */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = pageTitle(title);
  }, [title]);
}
