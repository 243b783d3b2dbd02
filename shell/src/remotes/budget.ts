/** A load that took longer than its time budget (`withBudget`). */
export class BudgetExceeded extends Error {
  override readonly name = 'BudgetExceeded';
}

/**
 * `promise`, or a rejection (BudgetExceeded) once `ms` have passed without it: the time budget of
 * a remote's module in the browser and of a server render (its remote and API calls).
 */
export function withBudget<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BudgetExceeded(`${what}: больше ${ms} мс`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
