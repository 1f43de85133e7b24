// A small seeded generator (sfc32) kept in-tree, so a split made with a seed stays the same split across upgrades.
export class SeededRandom {
  private a: number
  private b: number
  private c: number
  private d = 1

  constructor(seed: number) {
    if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed} (${typeof seed})`)
    this.a = 0x9e3779b9
    this.b = seed >>> 0
    this.c = Math.floor(seed / 2 ** 32) >>> 0
    for (let i = 0; i < 15; i++) this.nextUint32()
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0
    this.d = (this.d + 1) | 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) | 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.c = (this.c + t) | 0
    return t >>> 0
  }

  /** A uniform number in (0, 1), never 0 (so its logarithm is finite). */
  nextFloat(): number {
    return (this.nextUint32() + 0.5) / 2 ** 32
  }

  /** A uniform integer in [0, n), without modulo bias. */
  below(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32)
      throw new RangeError(`below() needs an integer in 1..2^32, got ${n}`)
    const limit = 2 ** 32 - (2 ** 32 % n)
    for (;;) {
      const x = this.nextUint32()
      if (x < limit) return x % n
    }
  }
}
