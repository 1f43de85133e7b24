/**
 * A 32-bit FNV-1a hash of a string. `tasks build` keeps only hashes of duplicate keys and ids while it converts;
 * rows whose hashes meet are read again and compared in full, so a hash collision never merges two tasks.
 */
export function hashString(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619)
  return hash | 0
}

/**
 * Marks every row whose hash another row shares (1 in the result). One pass over an open-addressing table of row
 * numbers: no strings, a few bytes per row.
 */
export function rowsSharingHash(hashes: Int32Array): Uint8Array {
  const shared = new Uint8Array(hashes.length)
  let size = 1024
  while (size < hashes.length * 2) size *= 2
  const mask = size - 1
  // Row number + 1 of the first row seen with each hash; 0 is an empty slot.
  const firstRow = new Int32Array(size)
  for (let row = 0; row < hashes.length; row++) {
    const hash = hashes[row]
    let slot = hash & mask
    for (;;) {
      const first = firstRow[slot]
      if (first === 0) {
        firstRow[slot] = row + 1
        break
      }
      if (hashes[first - 1] === hash) {
        shared[first - 1] = 1
        shared[row] = 1
        break
      }
      slot = (slot + 1) & mask
    }
  }
  return shared
}
