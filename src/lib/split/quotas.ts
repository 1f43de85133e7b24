// Largest-remainder apportionment: how many test tasks each stratum gets so the test mix mirrors the whole.
export function largestRemainderQuotas(sizes: readonly number[], total: number): number[] {
  const population = sizes.reduce((sum, size) => sum + size, 0)
  if (population === 0 || total <= 0) return sizes.map(() => 0)
  if (total > population) throw new RangeError(`cannot allocate ${total} among ${population} items`)
  const exact = sizes.map((size) => (size * total) / population)
  const quotas = exact.map(Math.floor)
  let left = total - quotas.reduce((sum, quota) => sum + quota, 0)
  // Ties go to the larger stratum, then the one seen first, so the result depends on the input alone.
  const byRemainder = sizes
    .map((size, index) => ({index, size, remainder: exact[index] - quotas[index]}))
    .sort((x, y) => y.remainder - x.remainder || y.size - x.size || x.index - y.index)
  for (const {index} of byRemainder) {
    if (left === 0) break
    quotas[index]++
    left--
  }
  return quotas
}
