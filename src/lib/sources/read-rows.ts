import {extname} from 'node:path'
import type {Readable} from 'node:stream'
import {parse as parseCsv} from 'csv-parse'
import {asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects} from 'hyparquet'
import {compressors} from 'hyparquet-compressors'
import {InputError, InvalidRecordError, type RecordLocation} from '../cli/errors.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import {displayName, openInput, peek} from '../io/open-input.js'
import {readJsonLines} from '../io/read-records.js'
import {utf8Guard} from '../io/utf8-guard.js'
import {elementStartLines} from './json-array.js'

export const SOURCE_FORMATS = ['jsonl', 'json', 'csv', 'parquet'] as const
export type SourceFormat = (typeof SOURCE_FORMATS)[number]

/** One row of a source file, with where it came from. */
export interface SourceRow {
  value: Record<string, unknown>
  location: RecordLocation
}

interface ReadOptions {
  invalid: InvalidRecords
  maxLineBytes?: number
  /** How to name the input in messages (a spooled stdin is `<stdin>`). */
  name?: string
}

/** Streams the rows of a source file of any supported format (JSONL, JSON array, CSV, parquet; gzip or not). */
export async function* readSourceRows(path: string, options: ReadOptions): AsyncGenerator<SourceRow> {
  const format = await detectFormat(path)
  const name = options.name ?? displayName(path)
  if (format === 'parquet') yield* readParquetRows(path, name)
  else if (format === 'jsonl') {
    for await (const line of readJsonLines(path, options)) yield {value: line.value as Record<string, unknown>, location: line.location}
  } else if (format === 'json') yield* readJsonArrayRows(path, name)
  else yield* readCsvRows(path, name, options)
}

/** Tells a file's format from its name, else from its first bytes. */
export async function detectFormat(path: string): Promise<SourceFormat> {
  const extension = extname(path.toLowerCase().replace(/\.gz$/, ''))
  if (extension === '.parquet') return 'parquet'
  if (extension === '.csv') return 'csv'
  if (extension === '.jsonl' || extension === '.ndjson') return 'jsonl'
  const stream = await openInput(path)
  const head = await peek(stream)
  stream.destroy()
  if (!head) return extension === '.json' ? 'json' : 'jsonl'
  if (head.subarray(0, 4).toString('latin1') === 'PAR1') return 'parquet'
  const text = head.toString('utf8').replace(/^\uFEFF/, '').trimStart()
  if (text.startsWith('[')) return 'json'
  if (text.startsWith('{')) return 'jsonl'
  return 'csv'
}

async function* readJsonArrayRows(path: string, file: string): AsyncGenerator<SourceRow> {
  const text = (await readAllText(await openInput(path), file)).replace(/^\uFEFF/, '')
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message)
    const line = position ? text.slice(0, Number(position[1])).split('\n').length : 1
    throw new InvalidRecordError({file, line}, undefined, `not valid JSON (${(error as Error).message})`, 'the whole JSON array must parse; fix the file')
  }
  if (!Array.isArray(value)) throw new InputError(`${file}: expected a JSON array of task objects, got ${value === null ? 'null' : typeof value}`, 'pass the task list file')
  const lines = elementStartLines(text)
  for (const [index, element] of value.entries()) {
    const location = {file, line: lines[index] ?? 1}
    if (element === null || typeof element !== 'object' || Array.isArray(element)) {
      throw new InvalidRecordError(location, undefined, `array element ${index + 1} is not an object`)
    }
    yield {value: element as Record<string, unknown>, location}
  }
}

async function readAllText(stream: Readable, file: string): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream.pipe(utf8Guard(file))) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

async function* readCsvRows(path: string, file: string, options: ReadOptions): AsyncGenerator<SourceRow> {
  const guard = utf8Guard(file)
  const parser = parseCsv({bom: true, info: true, skip_empty_lines: true, relax_column_count: true, max_record_size: options.maxLineBytes})
  const input = await openInput(path)
  input.on('error', (error) => guard.destroy(error))
  guard.on('error', (error) => parser.destroy(error))
  input.pipe(guard).pipe(parser)
  let header: string[] | undefined
  let previousEnd = 0
  try {
    for await (const {record, info} of parser as AsyncIterable<{record: string[]; info: {lines: number}}>) {
      const location = {file, line: previousEnd + 1}
      previousEnd = info.lines
      if (!header) {
        header = record.map((name) => name.trim())
        if (header.some((name) => name === '')) throw new InvalidRecordError(location, undefined, 'the CSV header has an empty column name', 'give every column a name')
        continue
      }
      if (record.length !== header.length) {
        options.invalid.handle(new InvalidRecordError(location, undefined, `has ${record.length} fields, the header has ${header.length}`))
        continue
      }
      const value: Record<string, unknown> = {}
      header.forEach((name, index) => (value[name] = record[index]))
      yield {value, location}
    }
  } catch (error) {
    if (error instanceof InputError) throw error
    const csvError = error as Error & {code?: string; lines?: number}
    if (csvError.code?.startsWith('CSV_')) {
      throw new InvalidRecordError({file, line: csvError.lines ?? previousEnd + 1}, undefined, `not valid CSV (${csvError.message.replace(/^Invalid [^:]*: /, '')})`, 'fix the quoting of that row')
    }
    throw error
  }
  if (!header) throw new InputError(`${file}: empty CSV file (no header row)`, 'pass a CSV file with a header and rows')
}

const PARQUET_BATCH_ROWS = 4096

async function* readParquetRows(path: string, file: string): AsyncGenerator<SourceRow> {
  let metadata
  const buffer = await asyncBufferFromFile(path)
  try {
    metadata = await parquetMetadataAsync(buffer)
  } catch (error) {
    throw new InputError(`${file}: not a readable parquet file (${(error as Error).message})`, 'check that the download is complete')
  }
  const rows = Number(metadata.num_rows)
  for (let start = 0; start < rows; start += PARQUET_BATCH_ROWS) {
    const end = Math.min(rows, start + PARQUET_BATCH_ROWS)
    const batch = (await parquetReadObjects({file: buffer, metadata, rowStart: start, rowEnd: end, compressors})) as Record<string, unknown>[]
    for (const [offset, row] of batch.entries()) {
      yield {value: plainValue(row) as Record<string, unknown>, location: {file, line: start + offset + 1, unit: 'row'}}
    }
  }
}

// Parquet values as JSON can hold them: 64-bit integers as numbers (or text when too large), dates as ISO text.
function plainValue(value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString()
  if (value instanceof Date) return value.toISOString()
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8')
  if (Array.isArray(value)) return value.map(plainValue)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainValue(v)]))
  return value
}
