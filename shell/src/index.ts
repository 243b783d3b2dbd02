import { preloadFirstRoute } from './start/early-start';

preloadFirstRoute();
// Async boundary: the federation runtime negotiates shared singletons before any of them runs.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
