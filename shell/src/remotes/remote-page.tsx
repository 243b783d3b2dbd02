import { useEffect } from 'react';
import { useLoaderData } from 'react-router-dom';
import { RemoteErrorBoundary } from './remote-error-boundary';
import type { RemotePageData } from './remote-route';

export const TITLE_SUFFIX = 'Маркетплейс услуг';

export function RemotePage() {
  const { Component, handle, remote } = useLoaderData() as RemotePageData;
  useEffect(() => {
    document.title = `${handle.title} — ${TITLE_SUFFIX}`;
  }, [handle.title]);
  return (
    <RemoteErrorBoundary remote={remote}>
      <Component />
    </RemoteErrorBoundary>
  );
}
