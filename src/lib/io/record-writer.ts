import {mkdir, open, type FileHandle} from 'node:fs/promises'
import {dirname} from 'node:path'
import {once} from 'node:events'
import {gzipSync} from 'node:zlib'
import {ExternalError} from '../errors.js'
import {optionText, type Text} from '../option-text.js'

const FLUSH_BYTES = 64 * 1024

/** What a failed write tells the user to do once there is room, unless the stage can resume. */
const RUN_AGAIN = 'run the command again'

/** Writing the output failed (a full disk, an I/O error): exit 1, one line naming the file. */
export class OutputWriteError extends ExternalError {}

/**
 * Writes NDJSON to stdout (no path, or `-`) or a file, gzipped when the name ends in `.gz`. Lines are batched; a
 * flush is written whole or not at all: when a file write fails part-way (a full disk), the file is cut back to the
 * end of the last whole flush and the writer fails with one line, so a file never ends in a torn record. `count` is
 * the records written, not those still buffered. A gzip file is written as one complete gzip member per flush (gzip
 * readers read the members as one stream): a run killed part-way leaves every record it flushed readable, and
 * `--resume` appends members after them. Writes to stdout wait for `drain`, so a slow reader slows the producer.
 */
export class RecordWriter {
  /** Records written (flushed) so far. */
  count = 0
  private buffer: string[] = []
  private bufferBytes = 0
  private failure: OutputWriteError | null = null

  private constructor(
    private readonly handle: FileHandle | null,
    readonly target: string,
    private readonly gzip: boolean,
    /** The file's size after the last whole flush. */
    private size: number,
    private readonly rerun: Text,
  ) {}

  /**
   * `append` adds to the file (a resumed run); `rerun` is what a failed write tells the user to do once there is room
   * (default: run the command again; a stage that can resume says how).
   */
  static async open(path?: string, options: {append?: boolean; rerun?: Text} = {}): Promise<RecordWriter> {
    if (!path || path === '-') return new RecordWriter(null, '<stdout>', false, 0, RUN_AGAIN)
    let handle: FileHandle
    try {
      await mkdir(dirname(path), {recursive: true})
      handle = await open(path, options.append ? 'a' : 'w')
    } catch (error) {
      throw new ExternalError(
        `${path}: cannot write (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
        'check the path and its permissions',
      )
    }
    const size = options.append ? (await handle.stat()).size : 0
    return new RecordWriter(handle, path, path.endsWith('.gz'), size, options.rerun ?? RUN_AGAIN)
  }

  async write(record: unknown): Promise<void> {
    await this.writeLine(JSON.stringify(record))
  }

  /** Writes one already-serialised line (without its line break). */
  async writeLine(line: string): Promise<void> {
    this.buffer.push(line)
    this.bufferBytes += line.length + 1
    if (this.bufferBytes >= FLUSH_BYTES) await this.flush()
  }

  /** Writes already-serialised lines: one await per batch instead of one per record. */
  async writeLines(lines: readonly string[]): Promise<void> {
    for (const line of lines) {
      this.buffer.push(line)
      this.bufferBytes += line.length + 1
    }
    if (this.bufferBytes >= FLUSH_BYTES) await this.flush()
  }

  /** Writes whole lines already encoded as UTF-8 (each ending in a newline); `lineCount` says how many. */
  async writeBytes(bytes: Uint8Array, lineCount: number): Promise<void> {
    await this.flush()
    await this.put(bytes)
    this.count += lineCount
  }

  async flush(): Promise<void> {
    if (this.buffer.length === 0) return
    const lines = this.buffer.length
    const text = this.buffer.join('\n') + '\n'
    this.buffer = []
    this.bufferBytes = 0
    await this.put(Buffer.from(text))
    this.count += lines
  }

  async close(): Promise<void> {
    try {
      await this.flush()
      // An empty gzip file is still a gzip stream (one empty member) for zcat and friends.
      if (this.gzip && this.count === 0 && this.size === 0) await this.put(Buffer.alloc(0))
    } finally {
      await this.handle?.close().catch(() => {})
    }
  }

  /** Writes one flush's bytes whole, or cuts the file back and fails. */
  private async put(bytes: Uint8Array): Promise<void> {
    if (this.failure) throw this.failure
    const handle = this.handle
    if (!handle) {
      if (!process.stdout.write(bytes)) await once(process.stdout, 'drain')
      return
    }
    const data = this.gzip ? gzipSync(bytes) : bytes
    try {
      for (let offset = 0; offset < data.length;)
        offset += (await handle.write(data, offset, data.length - offset)).bytesWritten
      this.size += data.length
    } catch (error) {
      await handle.truncate(this.size).catch(() => {})
      this.failure = writeFailure(this.target, error, this.count, this.rerun)
      throw this.failure
    }
  }
}

function writeFailure(path: string, error: unknown, written: number, rerun: Text): OutputWriteError {
  const code = (error as NodeJS.ErrnoException).code
  const what =
    code === 'ENOSPC'
      ? 'no space left on device'
      : code === 'EDQUOT'
        ? 'disk quota exceeded'
        : code === 'EIO'
          ? 'input/output error'
          : ((error as Error).message ?? String(error))
  return new OutputWriteError(
    `${path}: ${what}${code ? ` (${code})` : ''}; the ${written} records written before it are whole`,
    optionText`free space or write elsewhere, then ${rerun}`,
    {cause: error},
  )
}
