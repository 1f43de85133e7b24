/** The standard normal's 95th percentile. */
const Z95 = 1.6448536269514722

/**
 * A log-normal draw with the given median and 95th percentile, from two uniform draws in (0, 1] and [0, 1)
 * (Box-Muller). `u1` must not be 0: log(0) would make the draw infinite.
 */
export function logNormal(median: number, p95: number, u1: number, u2: number): number {
  if (median <= 0) return 0
  const sigma = Math.log(p95 / median) / Z95
  const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2)
  return median * Math.exp(sigma * z)
}
