/**
 * The platform fee in basis points (hundredths of a percent), so a fee like 7.5 % is exact
 * integer arithmetic; finer percents than 0.01 are refused rather than silently rounded.
 */
export function feeBasisPoints(percent: number): bigint {
  const bp = Math.round(percent * 100);
  if (!Number.isFinite(percent) || percent < 0 || percent > 100 || Math.abs(percent * 100 - bp) > 1e-6) {
    throw new Error(`Invalid platform fee percent: ${percent} (0–100, at most two decimals)`);
  }
  return BigInt(bp);
}

/**
 * fee = floor(amount × percent / 100) in kopecks: rounding down favours the executor, so the
 * platform never takes more than the stated percent (7.5 % of 1 001 kopecks = 75.075 → 75).
 */
export function feeOf(amountKopecks: number, basisPoints: bigint): number {
  return Number((BigInt(amountKopecks) * basisPoints) / 10_000n);
}
