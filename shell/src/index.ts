// Before anything imports zod (the shared contract builds its schemas on load): see the file.
import './app/zod-jitless';
import { preloadFirstRoute } from './start/early-start';

preloadFirstRoute();
// Async boundary: the federation runtime negotiates shared singletons before any of them runs.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
