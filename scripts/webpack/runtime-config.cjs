// The runtime configuration (`/runtime-config.json`) of the dev server and scripts/serve-static.mjs,
// built from the environment and the one list of remotes (remotes.json at the repository root).
const remotes = require('../../remotes.json');

/** `mf_catalog` → `MF_CATALOG`: the prefix of the remote's variables (`_URL`, `_MOUNT`). */
function envPrefix(remote) {
  return remote.federationName.toUpperCase();
}

/** The operator's details (/contacts, /privacy-policy): field of the runtime config → variable. */
const OPERATOR_ENV = {
  name: 'OPERATOR_NAME',
  inn: 'OPERATOR_INN',
  ogrn: 'OPERATOR_OGRN',
  legalAddress: 'OPERATOR_LEGAL_ADDRESS',
  postalAddress: 'OPERATOR_POSTAL_ADDRESS',
  phone: 'OPERATOR_PHONE',
  email: 'OPERATOR_EMAIL',
  supportHours: 'OPERATOR_SUPPORT_HOURS',
  privacyOfficer: 'OPERATOR_PRIVACY_OFFICER',
  registryNumber: 'OPERATOR_REGISTRY_NUMBER',
};

/**
 * Where each remote is served and which path prefix of the shell it owns. The shell learns both
 * here at start, and a remote's exact routes from its own `./routes`, so a remote ships a new page
 * (or moves to a new origin) without a shell build.
 */
function runtimeConfigFromEnv(env, version) {
  return {
    apiUrl: env.API_URL || 'http://localhost:8080',
    version,
    remotes: Object.fromEntries(
      remotes.map((r) => [r.federationName, env[`${envPrefix(r)}_URL`] || `http://localhost:${r.port}`]),
    ),
    mounts: Object.fromEntries(remotes.map((r) => [r.federationName, env[`${envPrefix(r)}_MOUNT`] || r.mount])),
    mapTileUrl: env.MAP_TILE_URL || null,
    // The API has `dev/payment/pay` exactly outside production; DEV_PAYMENTS=0|1 overrides.
    devPayments: env.DEV_PAYMENTS ? env.DEV_PAYMENTS === '1' : env.NODE_ENV !== 'production',
    operator: Object.fromEntries(
      Object.entries(OPERATOR_ENV)
        .filter(([, variable]) => env[variable] && env[variable].trim())
        .map(([field, variable]) => [field, env[variable].trim()]),
    ),
  };
}

/** A mount as the shell reads it (shared/src/config/runtime-config.ts). */
const MOUNT = /^\/([\w-]+(\/[\w-]+)*)?\/?$/;

/**
 * What in the environment the browser or the shell's server could not use, each line naming its
 * variable: checked when the shell's server starts. One remote's URL without its scheme was served
 * as it is and every page failed to parse the configuration, the public ones too (QA AAJ-2); a
 * misspelt NODE_ENV served a development shell (QA AAJ-1).
 */
function runtimeEnvProblems(env) {
  const problems = [];
  const url = (name) => {
    const value = env[name];
    if (!value) return;
    let parsed = null;
    try {
      parsed = new URL(value);
    } catch {
      parsed = null;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol)) problems.push(`${name} must be an address with its scheme (http://host:port), not «${value}»`);
  };
  if (env.NODE_ENV && !['production', 'development', 'test'].includes(env.NODE_ENV)) {
    problems.push(`NODE_ENV must be production, development or test, not «${env.NODE_ENV}»`);
  }
  // The server's own ways to the API and the remotes (scripts/ssr-document.mjs) too: without a
  // scheme every page went out unrendered and the sitemap failed (QA AAM-2).
  url('API_URL');
  url('SSR_API_URL');
  for (const remote of remotes) {
    url(`${envPrefix(remote)}_URL`);
    url(`${envPrefix(remote)}_SSR_URL`);
    const mount = env[`${envPrefix(remote)}_MOUNT`];
    if (mount && !MOUNT.test(mount)) problems.push(`${envPrefix(remote)}_MOUNT must be a path (/lk/message), not «${mount}»`);
  }
  return problems;
}

/** The mounts as a list, for lookups by path prefix. */
function mountList(config) {
  return Object.entries(config.mounts || {}).map(([name, mount]) => ({ name, mount }));
}

module.exports = { remotes, envPrefix, runtimeConfigFromEnv, runtimeEnvProblems, mountList, OPERATOR_ENV };
