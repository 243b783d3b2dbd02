const { createConfig } = require('../scripts/webpack/create-config.cjs');

// `./unread-badge`: the header's badge, which the shell loads at run time (shell/src/remotes/registry.ts).
module.exports = createConfig({
  name: 'mf-messaging',
  dir: __dirname,
  isHost: false,
  exposes: { './routes': './src/routes.tsx', './unread-badge': './src/unread-badge.tsx' },
});
