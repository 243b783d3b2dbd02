const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({ name: 'mf-catalog', dir: __dirname, isHost: false });
