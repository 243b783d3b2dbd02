const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({ name: 'mf-applications', dir: __dirname, isHost: false });
