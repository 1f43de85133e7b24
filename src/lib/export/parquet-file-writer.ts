import {randomBytes} from 'node:crypto'
import {mkdir, open, rename, rm, type FileHandle} from 'node:fs/promises'
import {basename, dirname, join} from 'node:path'
import {ByteWriter, ParquetWriter} from 'hyparquet-writer'
import {ExternalError} from '../errors.js'
import {WEBGYM_VERSION} from '../version.js'
import {datasetsFeatures, parquetSchema, parquetValue, type ParquetColumn} from './parquet-columns.js'

// A row group is written when it holds this many rows or about this many bytes of values, whichever comes first:
// memory holds one group's rows and its encoded bytes, however large the input. Screenshots as bytes reach the byte
// bound after a few hundred steps, which also keeps the groups small enough for the Hub's dataset viewer.
const ROW_GROUP_ROWS = 10_000
const ROW_GROUP_BYTES = 64 * 1024 * 1024

export interface ParquetFileOptions {
  columns: readonly ParquetColumn[]
  rowGroupRows?: number
  rowGroupBytes?: number
}

/**
 * Writes rows to a parquet file, a row group at a time, through a temporary file beside it that is renamed to the
 * file's name once complete: a run that fails or is killed leaves no torn parquet under that name (and no file at
 * all where there was none). The file carries the `datasets` features of its columns under the `huggingface` key,
 * as `datasets` itself writes them, so `load_dataset("parquet", ...)` types every column (images included) without
 * a dataset card.
 */
export class ParquetFileWriter {
  /** Rows taken so far. */
  count = 0
  private rows: object[] = []
  private bytes = 0
  private closed = false

  private constructor(
    readonly path: string,
    private readonly temporary: string,
    private readonly handle: FileHandle,
    private readonly sink: FileSink,
    private readonly parquet: ParquetWriter,
    private readonly options: ParquetFileOptions,
  ) {}

  static async open(path: string, options: ParquetFileOptions): Promise<ParquetFileWriter> {
    const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)
    let handle: FileHandle
    try {
      await mkdir(dirname(path), {recursive: true})
      handle = await open(temporary, 'wx')
    } catch (error) {
      throw writeError(path, error)
    }
    const sink = new FileSink(handle)
    const parquet = new ParquetWriter({
      writer: sink,
      schema: parquetSchema(options.columns),
      kvMetadata: [{key: 'huggingface', value: JSON.stringify({info: {features: datasetsFeatures(options.columns)}})}],
      createdBy: `webgym ${WEBGYM_VERSION}`,
    })
    return new ParquetFileWriter(path, temporary, handle, sink, parquet, options)
  }

  /** Takes one row: an object with a value (or null) for each column, numbers for int64. */
  async write(row: object): Promise<void> {
    this.rows.push(row)
    this.count++
    this.bytes += approximateBytes(row)
    if (
      this.rows.length >= (this.options.rowGroupRows ?? ROW_GROUP_ROWS) ||
      this.bytes >= (this.options.rowGroupBytes ?? ROW_GROUP_BYTES)
    )
      await this.writeGroup()
  }

  /** Writes the last row group and the footer, and gives the file its name. */
  async close(): Promise<void> {
    try {
      await this.writeGroup()
      await this.parquet.finish()
      this.closed = true
      await this.handle.close()
      await rename(this.temporary, this.path)
    } catch (error) {
      await this.abandon()
      throw error instanceof ExternalError ? error : writeError(this.path, error)
    }
  }

  /** Removes the unfinished file: after a failure, nothing is left behind. */
  async abandon(): Promise<void> {
    if (!this.closed) await this.handle.close().catch(() => {})
    this.closed = true
    await rm(this.temporary, {force: true}).catch(() => {})
  }

  private async writeGroup(): Promise<void> {
    const rows = this.rows
    if (rows.length === 0) return
    this.rows = []
    this.bytes = 0
    const columnData = this.options.columns.map((column) => ({
      name: column.name,
      data: rows.map((row) => parquetValue(column.type, (row as Record<string, unknown>)[column.name])),
    }))
    try {
      await this.parquet.write({columnData, rowGroupSize: rows.length})
    } catch (error) {
      throw writeError(this.path, error)
    }
  }
}

/** The parquet writer's byte buffer, written to the file after each row group (and at the end). */
class FileSink extends ByteWriter {
  constructor(private readonly handle: FileHandle) {
    super(1024 * 1024)
  }

  async flush(): Promise<void> {
    const bytes = new Uint8Array(this.buffer, 0, this.index)
    for (let offset = 0; offset < bytes.length;)
      offset += (await this.handle.write(bytes, offset, bytes.length - offset)).bytesWritten
    this.index = 0
  }

  async finish(): Promise<void> {
    await this.flush()
  }
}

function writeError(path: string, error: unknown): ExternalError {
  const code = (error as NodeJS.ErrnoException).code
  return new ExternalError(
    `${path}: cannot write the parquet file (${code ?? (error as Error).message}); no partial file was left`,
    'check the path, its permissions and the free disk space',
    {cause: error},
  )
}

/** About how many bytes a row's values take: text and binary by their length, other values by 8. */
function approximateBytes(value: unknown): number {
  if (typeof value === 'string') return value.length
  if (value instanceof Uint8Array) return value.byteLength
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + approximateBytes(item), 8)
  if (value && typeof value === 'object')
    return Object.values(value).reduce((sum: number, item) => sum + approximateBytes(item), 8)
  return 8
}
