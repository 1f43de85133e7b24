import {createWriteStream, type WriteStream} from 'node:fs'
import {mkdir} from 'node:fs/promises'
import {dirname} from 'node:path'
import {once} from 'node:events'
import type {Writable} from 'node:stream'
import {createGzip} from 'node:zlib'
import {ExternalError} from '../cli/errors.js'

const FLUSH_BYTES = 64 * 1024

/**
 * Writes NDJSON to stdout (no path, or `-`) or a file, gzipped when the name ends in `.gz`. Lines are batched and
 * writes wait for `drain`, so a slow reader slows the producer instead of filling memory.
 */
export class RecordWriter {
  count = 0
  private buffer: string[] = []
  private bufferBytes = 0
  private constructor(
    private readonly stream: Writable,
    private readonly file: WriteStream | undefined,
    readonly target: string,
  ) {}

  static async open(path?: string, options: {append?: boolean} = {}): Promise<RecordWriter> {
    if (!path || path === '-') return new RecordWriter(process.stdout, undefined, '<stdout>')
    await mkdir(dirname(path), {recursive: true})
    const file = createWriteStream(path, {flags: options.append ? 'a' : 'w'})
    await new Promise<void>((resolve, reject) => {
      file.once('open', () => resolve())
      file.once('error', (error) => reject(new ExternalError(`${path}: cannot write (${(error as NodeJS.ErrnoException).code ?? error.message})`, 'check the path and its permissions')))
    })
    if (!path.endsWith('.gz')) return new RecordWriter(file, file, path)
    const gzip = createGzip()
    gzip.pipe(file)
    return new RecordWriter(gzip, file, path)
  }

  async write(record: unknown): Promise<void> {
    await this.writeLine(JSON.stringify(record))
  }

  /** Writes one already-serialised line (without its line break). */
  async writeLine(line: string): Promise<void> {
    this.buffer.push(line)
    this.bufferBytes += line.length + 1
    this.count++
    if (this.bufferBytes >= FLUSH_BYTES) await this.flush()
  }

  /** Writes already-serialised lines: one await per batch instead of one per record. */
  async writeLines(lines: readonly string[]): Promise<void> {
    for (const line of lines) {
      this.buffer.push(line)
      this.bufferBytes += line.length + 1
    }
    this.count += lines.length
    if (this.bufferBytes >= FLUSH_BYTES) await this.flush()
  }

  /** Writes whole lines already encoded as UTF-8 (each ending in a newline); `lineCount` says how many. */
  async writeBytes(bytes: Uint8Array, lineCount: number): Promise<void> {
    await this.flush()
    this.count += lineCount
    if (!this.stream.write(bytes)) await once(this.stream, 'drain')
  }

  async flush(): Promise<void> {
    if (this.buffer.length === 0) return
    const text = this.buffer.join('\n') + '\n'
    this.buffer = []
    this.bufferBytes = 0
    if (!this.stream.write(text)) await once(this.stream, 'drain')
  }

  async close(): Promise<void> {
    await this.flush()
    if (this.stream === process.stdout) return
    const done = once(this.file ?? this.stream, 'close')
    this.stream.end()
    await done
  }
}
