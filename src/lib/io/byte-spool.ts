import {createReadStream, createWriteStream, type WriteStream} from 'node:fs'
import {once} from 'node:events'

const DEFAULT_MEMORY_BYTES = 256 * 1024 * 1024
const NEWLINE = 0x0a

/**
 * NDJSON kept for a second pass as UTF-8 bytes: in memory up to a budget, then in a file, in the order it came.
 * Bytes stay bytes (no decoding, no JS strings on the heap), so a pass that changes few lines copies the rest as is.
 * Every write must be whole lines, each ending in a newline.
 */
export class ByteSpool {
  private readonly memory: Uint8Array[] = []
  private memoryBytes = 0
  private file: WriteStream | undefined
  count = 0

  constructor(
    private readonly path: string,
    private readonly budgetBytes = DEFAULT_MEMORY_BYTES,
  ) {}

  /** Keeps `lineCount` whole lines given as bytes (the spool keeps the view: do not reuse its buffer). */
  async writeBytes(bytes: Uint8Array, lineCount: number): Promise<void> {
    if (bytes.byteLength === 0) return
    this.count += lineCount
    if (!this.file && this.memoryBytes + bytes.byteLength <= this.budgetBytes) {
      this.memory.push(bytes)
      this.memoryBytes += bytes.byteLength
      return
    }
    if (!this.file) {
      this.file = createWriteStream(this.path)
      await once(this.file, 'open')
    }
    if (!this.file.write(bytes)) await once(this.file, 'drain')
  }

  /** Keeps lines given as text (without their line breaks). */
  async writeLines(lines: readonly string[]): Promise<void> {
    if (lines.length > 0) await this.writeBytes(Buffer.from(`${lines.join('\n')}\n`), lines.length)
  }

  /** Ends writing; then `chunks()` reads everything back in order. */
  async close(): Promise<void> {
    if (!this.file) return
    const closed = once(this.file, 'close')
    this.file.end()
    await closed
  }

  /** The spooled bytes in order, in chunks of whole lines (each ending in a newline). */
  async *chunks(): AsyncGenerator<Buffer> {
    for (const bytes of this.memory) yield Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    if (!this.file) return
    let carry: Buffer | undefined
    for await (const chunk of createReadStream(this.path, {highWaterMark: 1 << 20}) as AsyncIterable<Buffer>) {
      const bytes = carry ? Buffer.concat([carry, chunk]) : chunk
      const last = bytes.lastIndexOf(NEWLINE)
      if (last === -1) {
        carry = bytes
        continue
      }
      carry = last + 1 < bytes.length ? bytes.subarray(last + 1) : undefined
      yield bytes.subarray(0, last + 1)
    }
    if (carry) yield carry
  }

  /** The spooled lines in order as text, a batch per chunk. */
  async *batches(): AsyncGenerator<string[]> {
    for await (const chunk of this.chunks()) yield chunk.toString('utf8', 0, chunk.length - 1).split('\n')
  }
}
