/**
 * A 32-bit FNV-1a hash of a string, for indexing hundreds of thousands of keys cheaply. Equal hashes are rare and
 * harmless: the index compares keys in full.
 */
export function hashString(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619)
  return hash >>> 0
}

const EMPTY = -1

/**
 * An insert-only map from strings to small integers, in typed arrays with open addressing. A JS Map of 300,000
 * long string keys costs microseconds per insert on small machines; this costs a hash probe. Keys are compared in
 * full on a hash match, so two different keys never merge.
 */
export class StringIndex {
  private hashes = new Uint32Array(1 << 16)
  private slots = new Int32Array(1 << 16).fill(EMPTY)
  private readonly keys: string[] = []
  private readonly values: number[] = []

  get size(): number {
    return this.keys.length
  }

  /** The value stored for `key`, or undefined. `hash` must be hashString(key). */
  get(key: string, hash = hashString(key)): number | undefined {
    const slot = this.find(key, hash)
    const entry = this.slots[slot]
    return entry === EMPTY ? undefined : this.values[entry]
  }

  /** Stores `value` for `key` unless it is there; returns the value stored before, or undefined when it is new. */
  setIfAbsent(key: string, value: number, hash = hashString(key)): number | undefined {
    const slot = this.find(key, hash)
    const entry = this.slots[slot]
    if (entry !== EMPTY) return this.values[entry]
    this.slots[slot] = this.keys.length
    this.hashes[slot] = hash
    this.keys.push(key)
    this.values.push(value)
    if (this.keys.length * 2 > this.slots.length) this.grow()
    return undefined
  }

  private find(key: string, hash: number): number {
    const mask = this.slots.length - 1
    let slot = hash & mask
    for (;;) {
      const entry = this.slots[slot]
      if (entry === EMPTY || (this.hashes[slot] === hash && this.keys[entry] === key)) return slot
      slot = (slot + 1) & mask
    }
  }

  private grow(): void {
    const oldSlots = this.slots
    const oldHashes = this.hashes
    this.slots = new Int32Array(oldSlots.length * 2).fill(EMPTY)
    this.hashes = new Uint32Array(oldSlots.length * 2)
    const mask = this.slots.length - 1
    for (let i = 0; i < oldSlots.length; i++) {
      const entry = oldSlots[i]
      if (entry === EMPTY) continue
      let slot = oldHashes[i] & mask
      while (this.slots[slot] !== EMPTY) slot = (slot + 1) & mask
      this.slots[slot] = entry
      this.hashes[slot] = oldHashes[i]
    }
  }
}
