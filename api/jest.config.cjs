module.exports = require('../jest.preset.cjs').nodeProject(__dirname, 'api');
