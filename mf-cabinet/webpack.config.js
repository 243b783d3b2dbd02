const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({ name: 'mf-cabinet', dir: __dirname, isHost: false });
