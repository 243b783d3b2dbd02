'use strict';

/**
 * V8's explicit compile hint (Chrome 136+): a file that starts with this comment has every function
 * compiled when the script is compiled — on the streaming thread while it downloads — instead of
 * on the main thread at each function's first call. Other engines read it as a comment.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the files a page's start evaluates for eager compilation (`select` names them). Webpack's
 * module factories are functions, compiled lazily by default: the start's first calls of them
 * (react-dom, the router, `shared`, the federation runtime) compiled on the main thread, in the
 * long tasks that hold a phone's first input back. Only files whose code nearly all runs at the
 * start, or in the first render of the page that loads them, belong here: eager compilation of
 * code that never runs costs memory and a background thread's time. Runs after minification
 * (which would drop the comment) and before the content hashes are computed, so a file's name
 * still follows its bytes.
 */
class CompileHintsPlugin {
  /** @param {(compilation: import('webpack').Compilation) => Iterable<string>} select */
  constructor(select) {
    this.select = select;
  }

  apply(compiler) {
    const { ConcatSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CompileHintsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING },
        () => {
          for (const file of new Set(this.select(compilation))) {
            if (!file.endsWith('.js') || !compilation.getAsset(file)) continue;
            compilation.updateAsset(file, (source) => new ConcatSource(COMPILE_HINT, source));
          }
        },
      );
    });
  }
}

/** The JavaScript files of a named entry point (the host's `main`, a remote's container). */
function entryFiles(compilation, name) {
  const entry = compilation.entrypoints.get(name);
  return entry ? entry.getFiles().filter((file) => file.endsWith('.js')) : [];
}

module.exports = { COMPILE_HINT, CompileHintsPlugin, entryFiles };
