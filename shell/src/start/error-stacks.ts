// Error stacks off around one module's evaluation (the bootstrap brackets react-dom's client module
// with `quiet-stacks-begin` and `quiet-stacks-end`, ES imports being evaluated in their order).
//
// react-dom's client module creates five Errors at its top level: markers React throws to unwind
// a suspended render (SuspenseException and its kin) and never shows. With DevTools attached —
// Lighthouse, Playwright, a developer's open panel — V8 records where each Error was created and
// reparses every function on the stack for its source positions: here react-dom's 200 kB module
// function, 6–15 ms of main thread unthrottled on /executor/2, in the bootstrap's task.
// Without a debugger it costs about a millisecond. With `Error.stackTraceLimit` not a number V8
// captures no stack at all, with a debugger or without; the markers' stacks are never read.

let saved: { limit: number } | null = null;

/**
 * Stops Error stack capture until `resumeErrorStacks`; a second call keeps the first's value. An
 * engine whose `Error.stackTraceLimit` is not a number (or absent) is left as it is.
 */
export function pauseErrorStacks(): void {
  if (saved || typeof Error.stackTraceLimit !== 'number') return;
  saved = { limit: Error.stackTraceLimit };
  (Error as { stackTraceLimit: unknown }).stackTraceLimit = undefined;
}

/** Puts back the `Error.stackTraceLimit` that `pauseErrorStacks` found. */
export function resumeErrorStacks(): void {
  if (!saved) return;
  Error.stackTraceLimit = saved.limit;
  saved = null;
}
