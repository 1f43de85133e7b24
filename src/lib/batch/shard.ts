import {createHash} from 'node:crypto'

/** Shard `index` (0-based) of `count`: the records whose key hashes to `index`. */
export interface Shard {
  index: number
  count: number
  /** The scheduler's variable it was taken from (`SLURM_ARRAY_TASK_ID`), for the summary line; none when asked for. */
  from?: string
}

/**
 * The shard a key falls in: the first 48 bits of its SHA-256, modulo the count. Stable across machines, Node versions
 * and input order, so N processes given the same input and `I/N` for each I do every record exactly once.
 */
export function shardOfKey(key: string, count: number): number {
  if (count <= 1) return 0
  return createHash('sha256').update(key).digest().readUIntBE(0, 6) % count
}

export function inShard(key: string, shard: Shard | undefined): boolean {
  return !shard || shard.count <= 1 || shardOfKey(key, shard.count) === shard.index
}

/** `I/N` as people write it (0-based I), e.g. `2/8`. */
export function shardText(shard: Shard): string {
  return `${shard.index}/${shard.count}`
}

/**
 * Passes on the items whose key falls in the shard (all of them without one), counting those left to other shards.
 */
export class ShardFilter {
  outside = 0

  constructor(readonly shard: Shard | undefined) {}

  async *filter<T>(items: AsyncIterable<T>, keyOf: (item: T) => string): AsyncGenerator<T> {
    for await (const item of items) {
      if (inShard(keyOf(item), this.shard)) yield item
      else this.outside++
    }
  }

  /** ", shard 2/8 (N records left to the other shards)" for a summary line; empty without a shard. */
  note(what = 'records'): string {
    if (!this.shard || this.shard.count <= 1) return ''
    const from = this.shard.from ? ` from ${this.shard.from}` : ''
    return `; shard ${shardText(this.shard)}${from} (${this.outside} ${what} left to the other shards)`
  }
}
