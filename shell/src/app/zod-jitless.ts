// Zod probes `new Function('')` to decide whether to compile parsers. The shell's CSP has no
// 'unsafe-eval', so the probe is refused and reported as a CSP violation on every page, though
// zod recovers. `jitless` skips the probe. Zod keeps its configuration on globalThis
// (`__zod_globalConfig`, what `z.config()` writes) so every copy — the shell's and each
// remote's — reads this one. Object schemas probe when they are created, so this runs first in
// the shell's entry, before the shared contract loads.
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };

const zodGlobal = globalThis as ZodGlobal;
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });

export {};
