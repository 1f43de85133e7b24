import {SeededRandom} from '../random/seeded-random.js'
import type {SampleOptions} from './filter-options.js'

// --sample N --recency-bias P: N trajectories without replacement, each drawn with probability proportional to
// recency^P, as microsoft/webgym's replay buffer samples its training pool (weights (i + 1)^P over the pool in
// order, oldest first). Recency is the 1-based rank among the trajectories offered to the sampler, that is after
// the filters and --max-per-task. Streaming weighted reservoir sampling (Efraimidis-Spirakis A-Res): each item gets
// the key u^(1/w), the N largest keys win; memory O(N). The key is kept as ln(-ln u) - P ln(rank), which orders
// items the same way (smallest wins) without overflow for large ranks or powers.

interface Entry<T> {
  key: number
  rank: number
  item: T
}

export class RecencySample<T extends {position: number}> {
  /** A max-heap on "worse": the root is the entry the next better one replaces. */
  private readonly heap: Entry<T>[] = []
  private readonly random: SeededRandom
  private rank = 0

  constructor(private readonly options: SampleOptions) {
    if (!Number.isSafeInteger(options.size) || options.size < 1)
      throw new RangeError(`size must be a whole number of at least 1, got ${options.size}`)
    this.random = new SeededRandom(options.seed)
  }

  /** Offers the next (newer) item; returns how many items were let go (0 or 1). One random draw per item. */
  offer(item: T): number {
    const rank = ++this.rank
    const u = this.random.nextFloat()
    const entry = {key: Math.log(-Math.log(u)) - this.options.recencyBias * Math.log(rank), rank, item}
    if (this.heap.length < this.options.size) {
      this.heap.push(entry)
      this.siftUp(this.heap.length - 1)
      return 0
    }
    if (!worse(this.heap[0], entry)) return 1
    this.heap[0] = entry
    this.siftDown(0)
    return 1
  }

  /** The chosen items, in input order. */
  kept(): T[] {
    return this.heap.map((entry) => entry.item).sort((a, b) => a.position - b.position)
  }

  private siftUp(i: number): void {
    const {heap} = this
    while (i > 0) {
      const parent = (i - 1) >>> 1
      if (!worse(heap[i], heap[parent])) return
      ;[heap[i], heap[parent]] = [heap[parent], heap[i]]
      i = parent
    }
  }

  private siftDown(i: number): void {
    const {heap} = this
    for (;;) {
      const left = 2 * i + 1
      const right = left + 1
      let worst = i
      if (left < heap.length && worse(heap[left], heap[worst])) worst = left
      if (right < heap.length && worse(heap[right], heap[worst])) worst = right
      if (worst === i) return
      ;[heap[i], heap[worst]] = [heap[worst], heap[i]]
      i = worst
    }
  }
}

/** A larger key loses; on a tie (practically never) the older item loses. */
function worse<T>(a: Entry<T>, b: Entry<T>): boolean {
  return a.key !== b.key ? a.key > b.key : a.rank < b.rank
}
