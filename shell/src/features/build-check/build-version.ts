declare const __BUILD_VERSION__: string | undefined;

/** The version this shell was built as; webpack's DefinePlugin fills it in. */
export const currentBuildVersion: string = typeof __BUILD_VERSION__ === 'string' ? __BUILD_VERSION__ : 'dev';
