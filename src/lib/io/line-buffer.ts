/**
 * Text lines encoded into one growing UTF-8 buffer, each followed by a newline: a batch of records that can move
 * between threads (or be written) as one transferable block.
 */
export class LineBuffer {
  private buffer: Buffer
  private length = 0
  count = 0

  /** `expectedBytes`: a guess at the total, so that the buffer seldom grows. */
  constructor(expectedBytes = 1 << 16) {
    this.buffer = Buffer.allocUnsafeSlow(Math.max(1024, expectedBytes))
  }

  push(text: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit; grow first so that write never truncates.
    const needed = this.length + text.length * 3 + 1
    if (needed > this.buffer.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(needed, this.buffer.length * 2))
      this.buffer.copy(grown, 0, 0, this.length)
      this.buffer = grown
    }
    this.length += this.buffer.write(text, this.length, 'utf8')
    this.buffer[this.length++] = 0x0a
    this.count++
  }

  /** The lines as bytes: a view of a buffer no one else holds, safe to transfer. */
  finish(): Uint8Array {
    return new Uint8Array(this.buffer.buffer, this.buffer.byteOffset, this.length)
  }
}
