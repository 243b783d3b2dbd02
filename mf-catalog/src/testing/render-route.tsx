import { configure } from '@testing-library/react';

export { listAnswer, makeApplication, renderRoutes, requestsTo, searchOf, setTestRuntimeConfig, stubApi, stubFetch, type FakeAnswer, type FetchHandler } from 'shared/testing';

// Two cores run several suites at once: findBy* waits longer than its 1 s default before failing.
configure({ asyncUtilTimeout: 4000 });
