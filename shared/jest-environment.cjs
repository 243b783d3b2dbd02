// jsdom with the Fetch API: the shell's tests, and any remote's test of a data router (its docblock names this file).
// jsdom lacks the Fetch API that react-router's data router uses for navigation requests;
// Node's implementations (with its AbortController, which Request checks) fill the gap.
const JsdomEnvironment = require('jest-environment-jsdom').default;

class JsdomWithFetch extends JsdomEnvironment {
  async setup() {
    await super.setup();
    for (const name of ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'AbortController', 'AbortSignal']) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetch;
