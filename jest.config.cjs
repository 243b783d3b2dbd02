// One Jest run over every package; each package keeps its own config. The remotes come from the
// one list of remotes (remotes.json), so a new remote's tests run without editing this file.
const remotes = require('./remotes.json');

module.exports = {
  projects: ['shared', 'shell', ...remotes.map((r) => r.package), 'api'].map((dir) => `<rootDir>/${dir}`),
};
