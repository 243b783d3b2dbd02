// Runtime configuration for the dev server; scripts/serve-static.mjs builds the same shape.
function runtimeConfigFromEnv(env, version) {
  return {
    apiUrl: env.API_URL || 'http://localhost:8080',
    version,
    remotes: {
      mf_catalog: env.MF_CATALOG_URL || 'http://localhost:3001',
      mf_applications: env.MF_APPLICATIONS_URL || 'http://localhost:3002',
      mf_cabinet: env.MF_CABINET_URL || 'http://localhost:3003',
      mf_messaging: env.MF_MESSAGING_URL || 'http://localhost:3004',
    },
    mapTileUrl: env.MAP_TILE_URL || null,
  };
}

module.exports = { runtimeConfigFromEnv };
