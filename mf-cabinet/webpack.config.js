const { createConfig, createServerConfig } = require('../scripts/webpack/create-config.cjs');

const client = createConfig({ name: 'mf-cabinet', dir: __dirname, isHost: false });
// Its route table for the shell's server (its pages render in the browser): a path none of them
// matches is answered 404 (remotes.json `"ssr": "routes"`).
const server = createServerConfig({ name: 'mf-cabinet', dir: __dirname, entry: './src/routes.tsx', isHost: false, routesOnly: true });

module.exports = (env, argv) => (process.env.WEBPACK_SERVE ? client(env, argv) : [client(env, argv), server(env, argv)]);
