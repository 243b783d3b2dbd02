// Server builds: a page module says which of the client's page chunks it is (`page-assets.json`
// of the client build is keyed by the same file name), so the server hints the route's scripts.
const path = require('node:path');

module.exports = function pageIdLoader(source) {
  const id = path.basename(this.resourcePath).replace(/\.[^.]+$/, '');
  return `${source}\nexport const __pageId = ${JSON.stringify(id)};\n`;
};
