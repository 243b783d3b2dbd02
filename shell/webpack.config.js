const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({ name: 'shell', dir: __dirname, port: 3000, isHost: true });
