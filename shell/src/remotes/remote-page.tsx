import { useLayoutEffect } from 'react';
import { Route, Routes, useLoaderData } from 'react-router-dom';
import { RemoteErrorBoundary } from './remote-error-boundary';
import type { RemotePageData } from './remote-route';
import { dropServerHead, takeServerTitle } from '../start/ssr-data';

export const TITLE_SUFFIX = 'Маркетплейс услуг';

export function RemotePage() {
  const { Component, handle, path, remote } = useLoaderData() as RemotePageData;
  // Before the page's own effects (a layout effect): a page may name the tab after what it shows
  // (`useDocumentTitle`), and that must not be overwritten by the route's plain title.
  useLayoutEffect(() => {
    const serverTitle = takeServerTitle();
    if (!serverTitle) dropServerHead();
    document.title = serverTitle ?? `${handle.title} — ${TITLE_SUFFIX}`;
  }, [handle.title]);
  return (
    <RemoteErrorBoundary remote={remote}>
      {/* The shell's route is the whole mount (`/lk/*`); the page's own route, nested here,
          gives it the params (`:id`) its `useParams` reads. */}
      <Routes>
        <Route path={path} element={<Component />} />
      </Routes>
    </RemoteErrorBoundary>
  );
}
