// A growable Int32Array: pass 1 keeps 4 bytes per task and column instead of a JS object per task.
export class IntColumn {
  private data = new Int32Array(4096)
  length = 0

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2)
      bigger.set(this.data)
      this.data = bigger
    }
    this.data[this.length++] = value
  }

  /** The values pushed so far (a view, not a copy). */
  values(): Int32Array {
    return this.data.subarray(0, this.length)
  }
}
