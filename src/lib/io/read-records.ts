import type {z} from 'zod'
import {InputError, InvalidRecordError, type RecordLocation} from '../errors.js'
import type {InvalidRecords} from './invalid-records.js'
import {displayName, openInput} from './open-input.js'
import {readLineBatches, type Line} from './read-lines.js'
import {describeIssue} from './zod-issue.js'

export interface ReadRecordsOptions<S extends z.ZodType> {
  schema: S
  invalid: InvalidRecords
  maxLineBytes?: number
}

export interface LocatedRecord<T> {
  record: T
  location: RecordLocation
  /** The line as it was read (without its line break). */
  text: string
}

/**
 * Streams NDJSON records from files or stdin (`-`), in order, validated against a schema. Bad lines are handed to
 * `invalid` (which throws or counts them) with their file, line and field; an empty input is an error (readJsonBatches).
 */
export async function* readRecords<S extends z.ZodType>(
  inputs: readonly string[],
  options: ReadRecordsOptions<S>,
): AsyncGenerator<LocatedRecord<z.output<S>>> {
  for (const input of inputs.length > 0 ? inputs : ['-']) {
    for await (const raw of readJsonLines(input, options)) {
      const result = options.schema.safeParse(raw.value)
      if (result.success) {
        yield {record: result.data, location: raw.location, text: raw.text}
      } else {
        const {field, problem} = describeIssue(result.error, raw.value)
        options.invalid.handle(new InvalidRecordError(raw.location, field, problem))
      }
    }
  }
}

export interface JsonLine {
  value: unknown
  location: RecordLocation
  text: string
}

/** How an NDJSON input is read: bad lines go to `invalid`; an input without a line is an error unless `allowEmpty`. */
export interface JsonInputOptions {
  invalid: InvalidRecords
  maxLineBytes?: number
  name?: string
  /** The caller says itself what an empty input means (tasks build, for every format it reads). */
  allowEmpty?: boolean
}

/** Streams the JSON values of one NDJSON input, skipping blank lines; bad lines go to `invalid`. */
export async function* readJsonLines(input: string, options: JsonInputOptions): AsyncGenerator<JsonLine> {
  for await (const batch of readJsonBatches(input, options)) yield* batch
}

/**
 * The JSON values of one NDJSON input, a batch per chunk read (see readLineBatches). An input with no line at all,
 * valid or not, is an error, the same in every command: an empty file is a failed download or an upstream stage that
 * broke, not an empty data set.
 */
export async function* readJsonBatches(input: string, options: JsonInputOptions): AsyncGenerator<JsonLine[]> {
  const file = options.name ?? displayName(input)
  const stream = await openInput(input)
  let seen = false
  for await (const lines of readLineBatches(stream, options.maxLineBytes)) {
    let batch: JsonLine[] = []
    for (const line of lines) {
      const parsed = parseJsonLine(line, file)
      if (parsed !== undefined) seen = true
      if (parsed instanceof InvalidRecordError) {
        // The lines before a bad one go to the caller first, so that bad records (whatever finds them, this reader
        // or the caller's own checks) are reported in line order and `fail` names the first.
        if (batch.length > 0) yield batch
        batch = []
        options.invalid.handle(parsed)
      } else if (parsed) batch.push(parsed)
    }
    if (batch.length > 0) yield batch
  }
  if (!seen && !options.allowEmpty) throw new InputError(emptyInputMessage(file), EMPTY_INPUT_HINT)
}

/** One NDJSON line as a JSON object, or why it is not one (undefined for a blank line). */
export function parseJsonLine(line: Line, file: string): JsonLine | InvalidRecordError | undefined {
  const location = {file, line: line.line}
  if (line.error !== undefined) return new InvalidRecordError(location, undefined, line.error)
  if (line.text.trim() === '') return undefined
  let value: unknown
  try {
    value = JSON.parse(line.text)
  } catch (error) {
    return new InvalidRecordError(location, undefined, `not valid JSON (${(error as Error).message})`)
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const kind = Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value
    return new InvalidRecordError(location, undefined, `expected a JSON object, got ${kind}`)
  }
  return {value, location, text: line.text}
}

/** The one rule for an input with nothing in it, worded the same by every reader. */
export function emptyInputMessage(name: string, what = 'records'): string {
  return `${name}: holds no ${what} (it is empty, or only blank lines)`
}
export const EMPTY_INPUT_HINT = 'check that this is the file you meant and that it was written completely'
