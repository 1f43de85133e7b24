import {SeededRandom} from '../random/seeded-random.js'

/** One element, uniformly. */
export function pick<T>(rng: SeededRandom, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('pick() from an empty list')
  return items[rng.below(items.length)]!
}

/** `count` distinct elements in random order (all of them when count >= length). */
export function sample<T>(rng: SeededRandom, items: readonly T[], count: number): T[] {
  const copy = [...items]
  shuffle(rng, copy)
  return copy.slice(0, Math.min(count, copy.length))
}

/** Fisher-Yates, in place. */
export function shuffle<T>(rng: SeededRandom, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.below(i + 1)
    ;[items[i], items[j]] = [items[j]!, items[i]!]
  }
  return items
}

/** An integer in [min, max]. */
export function between(rng: SeededRandom, min: number, max: number): number {
  return min + rng.below(max - min + 1)
}

/** A price-like number in [min, max] with the given cents endings (e.g. .99, .49, .00). */
export function price(rng: SeededRandom, min: number, max: number): number {
  const whole = between(rng, min, max)
  return whole + pick(rng, [0.99, 0.49, 0, 0.95, 0.5])
}

/** A 32-bit hash of a string (FNV-1a), for deriving seeds. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** A generator for one purpose of one site (e.g. its tasks), independent of how much the content drew. */
export function rngFor(site: {seed: number}, purpose: string): SeededRandom {
  return new SeededRandom(hashString(`${site.seed}/${purpose}`))
}
