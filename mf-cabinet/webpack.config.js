const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({ name: 'mf-cabinet', dir: __dirname, port: 3003, isHost: false });
