const { createConfig, createServerConfig } = require('../scripts/webpack/create-config.cjs');

const client = createConfig({ name: 'mf-catalog', dir: __dirname, isHost: false });
// Its routes for the shell's server, which loads them from this remote's URL (ARCHITECTURE §9).
const server = createServerConfig({ name: 'mf-catalog', dir: __dirname, entry: './src/routes.tsx', isHost: false });

// The browser build (Module Federation remote) and, for a production build, the server build.
module.exports = (env, argv) => (process.env.WEBPACK_SERVE ? client(env, argv) : [client(env, argv), server(env, argv)]);
