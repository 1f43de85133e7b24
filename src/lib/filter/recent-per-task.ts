// --max-per-task K: the K most recent trajectories of each task. It has to see the whole input, so it holds at most
// K per task and hands the kept ones back in input order at the end.

/** What recency is judged by: the trajectory's time (NaN when unknown) and its 1-based input position. */
export interface Recency {
  time: number
  position: number
}

/**
 * Orders trajectories oldest first: by time; a trajectory without a time counts as older than any with one; equal
 * times, or no times at all, fall back to the input position (a later line is newer). A total order, so the result
 * does not depend on arrival order.
 */
export function compareRecency(a: Recency, b: Recency): number {
  const aTimed = !Number.isNaN(a.time)
  const bTimed = !Number.isNaN(b.time)
  if (aTimed !== bTimed) return aTimed ? 1 : -1
  if (aTimed && a.time !== b.time) return a.time < b.time ? -1 : 1
  return a.position - b.position
}

export class RecentPerTask<T extends Recency> {
  /** Per task id, the held items oldest first. */
  private readonly byTask = new Map<string, T[]>()

  constructor(readonly limit: number) {
    if (!Number.isSafeInteger(limit) || limit < 1)
      throw new RangeError(`limit must be a whole number of at least 1, got ${limit}`)
  }

  /** Holds the item if it is among its task's `limit` most recent so far; returns how many items were let go (0 or 1). */
  add(taskId: string, item: T): number {
    const held = this.byTask.get(taskId)
    if (!held) {
      this.byTask.set(taskId, [item])
      return 0
    }
    held.splice(insertionPoint(held, item), 0, item)
    if (held.length <= this.limit) return 0
    held.shift()
    return 1
  }

  /** Every held item, in input order. */
  kept(): T[] {
    return [...this.byTask.values()].flat().sort((a, b) => a.position - b.position)
  }
}

/** Where `item` goes in `held` (oldest first), by binary search. */
function insertionPoint<T extends Recency>(held: readonly T[], item: T): number {
  let low = 0
  let high = held.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (compareRecency(held[middle], item) < 0) low = middle + 1
    else high = middle
  }
  return low
}
