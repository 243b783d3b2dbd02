// One Jest run over every package; each package keeps its own config. The remotes come from the
// one list of remotes (remotes.json), so a new remote's tests run without editing this file.
const remotes = require('./remotes.json');

module.exports = {
  // A global option: the projects' own `testTimeout` (api: 30 s for its database set-up under a
  // loaded 2-core run) is ignored when they run together, so it is set here.
  testTimeout: 30000,
  projects: ['shared', 'shell', ...remotes.map((r) => r.package), 'api'].map((dir) => `<rootDir>/${dir}`),
};
