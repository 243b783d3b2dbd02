module.exports = require('../jest.preset.cjs').browserProject(__dirname, 'mf-messaging');
