// jsdom with the Fetch API: react-router's data router builds a Request for every navigation, which
// jsdom lacks; Node's implementations (with its AbortController, which Request checks) fill the gap.
// `testEnvironmentOptions.fetchApi` names the globals to take (default: all of them, as the shell's
// tests use). The remotes' page tests take only what the router needs: jsdom's FormData stays, as it
// takes jsdom's File for uploads.
const JsdomEnvironment = require('jest-environment-jsdom').default;

const ALL = ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'AbortController', 'AbortSignal'];

class JsdomWithFetch extends JsdomEnvironment {
  constructor(config, context) {
    super(config, context);
    this.fetchApi = config.projectConfig.testEnvironmentOptions?.fetchApi ?? ALL;
  }

  async setup() {
    await super.setup();
    for (const name of this.fetchApi) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetch;
