const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({ name: 'mf-messaging', dir: __dirname, isHost: false });
