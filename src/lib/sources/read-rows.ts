import {extname} from 'node:path'
import type {Readable} from 'node:stream'
import type {InfoRecord as CsvInfoRecord} from 'csv-parse'
import {InputError, InvalidRecordError, type RecordLocation} from '../errors.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import {assertReadableFile, displayName, openInput, peek} from '../io/open-input.js'
import {readJsonBatches} from '../io/read-records.js'
import {utf8Guard} from '../io/utf8-guard.js'
import {opt, optionText} from '../option-text.js'
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
  for await (const batch of readSourceRowBatches(path, options)) yield* batch
}

/** The rows of a source file in batches, so that converting hundreds of thousands of rows is not paced by awaits. */
export async function* readSourceRowBatches(path: string, options: ReadOptions): AsyncGenerator<SourceRow[]> {
  const name = options.name ?? displayName(path)
  const format = await detectFormat(path, name)
  if (format === 'jsonl') {
    for await (const lines of readJsonBatches(path, {...options, name, allowEmpty: true})) {
      yield lines.map((line) => ({value: line.value as Record<string, unknown>, location: line.location}))
    }
  } else if (format === 'parquet') yield* inBatches(readParquetRows(path, name), options.invalid)
  else if (format === 'json') yield* inBatches(readJsonArrayRows(path, name), options.invalid)
  else yield* inBatches(readCsvRows(path, name, options), options.invalid)
}

const BATCH_ROWS = 1024

/**
 * Groups rows into batches. A bad row ends the batch before it is handed to `invalid`, so that bad rows (whatever
 * finds them, the reader or the caller's adapter) are reported in line order and `fail` names the first.
 */
async function* inBatches(
  rows: AsyncIterable<SourceRow | InvalidRecordError>,
  invalid: InvalidRecords,
): AsyncGenerator<SourceRow[]> {
  let batch: SourceRow[] = []
  for await (const row of rows) {
    if (row instanceof InvalidRecordError) {
      if (batch.length > 0) yield batch
      batch = []
      invalid.handle(row)
      continue
    }
    batch.push(row)
    if (batch.length === BATCH_ROWS) {
      yield batch
      batch = []
    }
  }
  if (batch.length > 0) yield batch
}

/**
 * Tells a file's format from the name the user gave it, else from its first bytes. The name is not always the
 * path: stdin is read from a spool file whose name says nothing about the content.
 */
export async function detectFormat(path: string, name = path): Promise<SourceFormat> {
  const extension = extname(name.toLowerCase().replace(/\.gz$/, ''))
  if (extension === '.parquet') return 'parquet'
  if (extension === '.csv') return 'csv'
  if (extension === '.jsonl' || extension === '.ndjson') return 'jsonl'
  const stream = await openInput(path)
  const head = await peek(stream)
  stream.destroy()
  if (!head) return extension === '.json' ? 'json' : 'jsonl'
  if (head.subarray(0, 4).toString('latin1') === 'PAR1') return 'parquet'
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
  if (text.startsWith('[')) return 'json'
  if (text.startsWith('{')) return 'jsonl'
  return 'csv'
}

async function* readJsonArrayRows(path: string, file: string): AsyncGenerator<SourceRow | InvalidRecordError> {
  const text = (await readAllText(await openInput(path), file)).replace(/^\uFEFF/, '')
  if (text.trim() === '') return
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    const message = (error as Error).message
    const position = /position (\d+)/.exec(message)
    const end = text.trimEnd().length
    const at = position ? Number(position[1]) : end
    // An error at the very end means the text stops early: name its last line, not the blank one after it.
    const line = text.slice(0, Math.min(at, end)).split('\n').length
    const problem =
      at >= end ? 'not valid JSON (it ends before the array is closed: cut short?)' : `not valid JSON (${message})`
    throw new InvalidRecordError({file, line}, undefined, problem, 'the whole JSON array must parse; fix the file')
  }
  if (!Array.isArray(value))
    throw new InputError(
      `${file}: expected a JSON array of task objects, got ${value === null ? 'null' : typeof value}`,
      'pass the task list file',
    )
  const lines = elementStartLines(text)
  for (const [index, element] of value.entries()) {
    const location = {file, line: lines[index] ?? 1}
    if (element === null || typeof element !== 'object' || Array.isArray(element)) {
      yield new InvalidRecordError(location, undefined, `array element ${index + 1} is not an object`)
      continue
    }
    yield {value: element as Record<string, unknown>, location}
  }
}

async function readAllText(stream: Readable, file: string): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream.pipe(utf8Guard(file))) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

async function* readCsvRows(
  path: string,
  file: string,
  options: ReadOptions,
): AsyncGenerator<SourceRow | InvalidRecordError> {
  const guard = utf8Guard(file)
  // Lines are counted as the parser completes each row, not as the loop below takes it: the parser runs ahead, and
  // an error in a later row must name that row, not the last one taken.
  let parsedEnd = 0
  // csv-parse counts each CR inside a quoted field as a line of its own; take them off its line count.
  let quotedCrs = 0
  // The first line of each row the parser has completed and the loop has not yet taken.
  const startLines: number[] = []
  const onRecord = (record: string[], info: CsvInfoRecord): string[] => {
    quotedCrs += countOf(record, '\r')
    parsedEnd = info.lines - quotedCrs
    // A row starts as many lines before its end as its quoted fields hold line breaks.
    startLines.push(parsedEnd - countOf(record, '\n'))
    return record
  }
  // The CSV and parquet readers load when a file needs them: most builds read JSONL, and start faster without them.
  const {parse: parseCsv} = await import('csv-parse')
  const parser = parseCsv({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    max_record_size: options.maxLineBytes,
    on_record: onRecord,
  })
  const input = await openInput(path)
  input.on('error', (error) => guard.destroy(error))
  guard.on('error', (error) => parser.destroy(error))
  input.pipe(guard).pipe(parser)
  let header: string[] | undefined
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      const location = {file, line: startLines.shift() ?? parsedEnd}
      if (!header) {
        header = record.map((name) => name.trim())
        if (header.some((name) => name === ''))
          throw new InvalidRecordError(
            location,
            undefined,
            'the CSV header has an empty column name',
            'give every column a name',
          )
        continue
      }
      if (record.length !== header.length) {
        yield new InvalidRecordError(
          location,
          undefined,
          `has ${record.length} fields, the header has ${header.length}`,
        )
        continue
      }
      const value: Record<string, unknown> = {}
      header.forEach((name, index) => (value[name] = record[index]))
      yield {value, location}
    }
  } catch (error) {
    if (error instanceof InputError) throw error
    const csvError = error as Error & {code?: string; lines?: number}
    // Both errors come after the last complete row: csv-parse would name the last line of the file or of the row.
    if (csvError.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new InvalidRecordError(
        {file, line: parsedEnd + 1},
        undefined,
        'not valid CSV (a quoted field opened in this row is never closed)',
        'fix the quoting of that row',
      )
    }
    if (csvError.code === 'CSV_MAX_RECORD_SIZE') {
      throw new InvalidRecordError(
        {file, line: parsedEnd + 1},
        undefined,
        `row is longer than the limit of ${options.maxLineBytes} bytes`,
        optionText`raise it with ${opt('maxLineBytes')}`,
      )
    }
    if (csvError.code?.startsWith('CSV_')) {
      const line = csvError.lines === undefined ? parsedEnd + 1 : csvError.lines - quotedCrs
      throw new InvalidRecordError(
        {file, line},
        undefined,
        `not valid CSV (${csvError.message.replace(/^Invalid [^:]*: /, '').replace(/ at line \d+/, '')})`,
        'fix the quoting of that row',
      )
    }
    throw error
  }
  if (!header) throw new InputError(`${file}: empty CSV file (no header row)`, 'pass a CSV file with a header and rows')
}

/** How many times `char` occurs in the fields of a CSV record. */
function countOf(record: readonly string[], char: string): number {
  let count = 0
  for (const field of record) for (let at = field.indexOf(char); at !== -1; at = field.indexOf(char, at + 1)) count++
  return count
}

const PARQUET_BATCH_ROWS = 4096

async function* readParquetRows(path: string, file: string): AsyncGenerator<SourceRow> {
  let metadata
  const [{asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects}, {compressors}] = await Promise.all([
    import('hyparquet'),
    import('hyparquet-compressors'),
  ])
  await assertReadableFile(path)
  const buffer = await asyncBufferFromFile(path)
  try {
    metadata = await parquetMetadataAsync(buffer)
  } catch (error) {
    throw new InputError(
      `${file}: not a readable parquet file (${(error as Error).message})`,
      'check that the download is complete',
    )
  }
  const rows = Number(metadata.num_rows)
  for (let start = 0; start < rows; start += PARQUET_BATCH_ROWS) {
    const end = Math.min(rows, start + PARQUET_BATCH_ROWS)
    let batch: Record<string, unknown>[]
    try {
      batch = (await parquetReadObjects({file: buffer, metadata, rowStart: start, rowEnd: end, compressors})) as Record<
        string,
        unknown
      >[]
    } catch (error) {
      throw new InputError(
        `${file}: rows ${start + 1}-${end} cannot be read (${(error as Error).message})`,
        'the parquet file is damaged or uses an encoding this reader lacks; download or export it again',
      )
    }
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
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainValue(v)]))
  return value
}
