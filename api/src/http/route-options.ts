import type { AppConfig } from '../config';

/** What every route module receives from buildApp. */
export interface RouteOptions {
  checkResponses: boolean;
  config: AppConfig;
}
