/**
 * `promise`, or a rejection once `ms` have passed without it: the time budget of a remote's
 * module in the browser and of a server render (its remote and API calls).
 */
export function withBudget<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: больше ${ms} мс`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
