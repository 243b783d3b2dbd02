const { createConfig, createServerConfig } = require('../scripts/webpack/create-config.cjs');

// `./unread-badge`: the header's badge, which the shell loads at run time (shell/src/remotes/registry.ts).
const client = createConfig({
  name: 'mf-messaging',
  dir: __dirname,
  isHost: false,
  exposes: { './routes': './src/routes.tsx', './unread-badge': './src/unread-badge.tsx' },
});
// Its route table for the shell's server (its pages render in the browser): a path none of them
// matches is answered 404 (remotes.json `"ssr": "routes"`).
const server = createServerConfig({ name: 'mf-messaging', dir: __dirname, entry: './src/routes.tsx', isHost: false, routesOnly: true });

module.exports = (env, argv) => (process.env.WEBPACK_SERVE ? client(env, argv) : [client(env, argv), server(env, argv)]);
