// A browser has a document; the API and the shell's renderer (Node) do not.
const deferred = typeof (globalThis as { document?: unknown }).document !== 'undefined';
let builds = 0;

/** How many lazy values have been built so far in this module instance (tests, `bench/`). */
export function lazySchemaBuilds(): number {
  return builds;
}

/**
 * A value built on first use. The contract declares a few hundred zod schemas, and zod builds
 * each one eagerly (every instance gets its methods bound): evaluating the whole contract cost a
 * phone ~180 ms of its start (CPU ×4, `bench/`), though a page parses a handful of answers. Each
 * module-level schema of the contract, and each schema written inline in a call, is therefore
 * `lazySchema(() => …)`: a stand-in that builds the schema when anything first reads it (a parse,
 * `.optional()`, `.shape`, zod's own `_zod`), then forwards every operation to it. The result has
 * the schema's exact type; `instanceof` (zod's reads `_zod`), `in` and `Object.keys` answer as the
 * schema's own. Identity does not: the stand-in is another object than the schema it builds.
 *
 * So only in a browser: a server (the API, the shell's renderer) builds every schema at its start
 * anyway (routes, OpenAPI), and zod's JSON Schema generator keys its work by schema identity, which
 * a stand-in would split. There `lazySchema` builds at once and returns the schema itself.
 */
export function lazySchema<T extends object>(build: () => T): T {
  if (!deferred) {
    builds += 1;
    return build();
  }
  let built: T | undefined;
  const value = (): T => {
    if (built === undefined) {
      built = build();
      builds += 1;
    }
    return built;
  };
  // The target stays empty: every trap reads the built value. A non-configurable property the
  // built value reports is mirrored on the target first, as the Proxy invariants require.
  const target = {} as T;
  return new Proxy(target, {
    get: (_, key) => {
      const real = value();
      return Reflect.get(real, key, real);
    },
    set: (_, key, next) => Reflect.set(value(), key, next),
    has: (_, key) => Reflect.has(value(), key),
    deleteProperty: (_, key) => Reflect.deleteProperty(value(), key),
    ownKeys: () => {
      const keys = Reflect.ownKeys(value());
      for (const key of Reflect.ownKeys(target)) if (!keys.includes(key)) keys.push(key);
      return keys;
    },
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(value(), key);
      if (descriptor && !descriptor.configurable && !Reflect.getOwnPropertyDescriptor(target, key)) {
        Reflect.defineProperty(target, key, descriptor);
      }
      return descriptor;
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(value(), key, descriptor),
    getPrototypeOf: () => Reflect.getPrototypeOf(value()),
    setPrototypeOf: (_, proto) => Reflect.setPrototypeOf(value(), proto),
    isExtensible: () => true,
    preventExtensions: () => false,
  });
}
