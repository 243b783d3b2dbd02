const { createConfig, createServerConfig } = require('../scripts/webpack/create-config.cjs');

const client = createConfig({ name: 'shell', dir: __dirname, port: 3000, isHost: true });
const server = createServerConfig({ name: 'shell', dir: __dirname, entry: './src/server.tsx', isHost: true });

// The browser build (Module Federation host) and, for a production build, the server render of
// the layout around server-rendered pages (ARCHITECTURE §9: dist/server/render.cjs).
module.exports = (env, argv) => (process.env.WEBPACK_SERVE ? client(env, argv) : [client(env, argv), server(env, argv)]);
