import {createReadStream} from 'node:fs'
import {readLineBatches} from './read-lines.js'
import {RecordWriter} from './record-writer.js'

const DEFAULT_MEMORY_BYTES = 256 * 1024 * 1024
const BATCH_LINES = 4096

/**
 * Lines kept for a second pass: in memory up to a budget, then in a file, in the order they came. Most task sets
 * fit the budget, so the second pass costs no disk round trip; larger ones still run in bounded memory.
 */
export class LineSpool {
  private readonly memory: string[] = []
  private memoryBytes = 0
  private file: RecordWriter | undefined
  count = 0

  constructor(
    private readonly path: string,
    private readonly budgetBytes = DEFAULT_MEMORY_BYTES,
  ) {}

  async writeLines(lines: readonly string[]): Promise<void> {
    this.count += lines.length
    if (!this.file) {
      let size = 0
      for (const line of lines) size += line.length
      if (this.memoryBytes + size <= this.budgetBytes) {
        for (const line of lines) this.memory.push(line)
        this.memoryBytes += size
        return
      }
      this.file = await RecordWriter.open(this.path)
    }
    await this.file.writeLines(lines)
  }

  /** Ends writing; then `batches()` reads everything back in order. */
  async close(): Promise<void> {
    await this.file?.close()
  }

  async *batches(): AsyncGenerator<string[]> {
    for (let start = 0; start < this.memory.length; start += BATCH_LINES) yield this.memory.slice(start, start + BATCH_LINES)
    if (!this.file) return
    for await (const lines of readLineBatches(createReadStream(this.path, {highWaterMark: 1 << 20}), Number.MAX_SAFE_INTEGER)) {
      yield lines.map((line) => line.text as string)
    }
  }
}
