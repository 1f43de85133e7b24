// The statistics a paper's results table needs: binomial intervals, pass@k, and the paired comparison of two runs on
// the same tasks (a seeded bootstrap interval of the difference and McNemar's exact test).
import {SeededRandom} from '../random/seeded-random.js'

const Z95 = 1.959963984540054

/** The Wilson score interval of a proportion (95%): sensible at 0, 1 and small n, unlike the normal one. */
export function wilsonInterval(successes: number, n: number, z = Z95): [number, number] {
  if (n === 0) return [0, 1]
  const p = successes / n
  const z2 = z * z
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n)
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n)
  return [Math.max(0, centre - half), Math.min(1, centre + half)]
}

/** The unbiased pass@k of one task with `n` attempts, `c` of them successful (Chen et al., 2021). */
export function passAtK(n: number, c: number, k: number): number {
  if (k > n) throw new RangeError(`pass@${k} needs at least ${k} attempts, got ${n}`)
  if (n - c < k) return 1
  // 1 - C(n-c, k) / C(n, k), as a product to stay exact for large n.
  let miss = 1
  for (let i = n - c + 1; i <= n; i++) miss *= 1 - k / i
  return 1 - miss
}

/**
 * The 95% percentile interval of mean(b) - mean(a) over tasks resampled with replacement (paired: a task's two
 * outcomes stay together), from `samples` resamples drawn with `seed`.
 */
export function pairedBootstrap(
  pairs: readonly (readonly [number, number])[],
  samples: number,
  seed: number,
): [number, number] {
  const n = pairs.length
  if (n === 0) return [0, 0]
  const random = new SeededRandom(seed)
  const diffs = pairs.map(([a, b]) => b - a)
  const means = new Float64Array(samples)
  for (let s = 0; s < samples; s++) {
    let sum = 0
    for (let i = 0; i < n; i++) sum += diffs[random.below(n)]!
    means[s] = sum / n
  }
  means.sort()
  const at = (q: number) => means[Math.min(samples - 1, Math.max(0, Math.floor(q * samples)))]!
  return [at(0.025), at(0.975)]
}

/**
 * McNemar's test on the discordant pairs: `b` tasks only the first run solved, `c` only the second. The exact
 * two-sided binomial p-value (b + c trials at one half); 1 when there are none.
 */
export function mcnemarP(b: number, c: number): number {
  const n = b + c
  if (n === 0) return 1
  const k = Math.min(b, c)
  // P(X <= k) for X ~ Binomial(n, 1/2), summed in log space.
  let logTerm = -n * Math.LN2 // C(n, 0) / 2^n
  let tail = Math.exp(logTerm)
  for (let i = 1; i <= k; i++) {
    logTerm += Math.log(n - i + 1) - Math.log(i)
    tail += Math.exp(logTerm)
  }
  return Math.min(1, 2 * tail)
}
