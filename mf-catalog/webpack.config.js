const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({ name: 'mf-catalog', dir: __dirname, port: 3001, isHost: false });
