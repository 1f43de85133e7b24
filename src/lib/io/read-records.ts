import type {z} from 'zod'
import {InvalidRecordError, type RecordLocation} from '../cli/errors.js'
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
 * `invalid` (which throws or counts them) with their file, line and field.
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

/** Streams the JSON values of one NDJSON input, skipping blank lines; bad lines go to `invalid`. */
export async function* readJsonLines(
  input: string,
  options: {invalid: InvalidRecords; maxLineBytes?: number; name?: string},
): AsyncGenerator<JsonLine> {
  for await (const batch of readJsonBatches(input, options)) yield* batch
}

/** The JSON values of one NDJSON input, a batch per chunk read (see readLineBatches). */
export async function* readJsonBatches(
  input: string,
  options: {invalid: InvalidRecords; maxLineBytes?: number; name?: string},
): AsyncGenerator<JsonLine[]> {
  const file = options.name ?? displayName(input)
  const stream = await openInput(input)
  for await (const lines of readLineBatches(stream, options.maxLineBytes)) {
    let batch: JsonLine[] = []
    for (const line of lines) {
      const parsed = parseJsonLine(line, file)
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
