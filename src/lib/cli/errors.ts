// Error classes say whose problem a failure is; the base command maps each to an exit code.

/** The user's problem: bad flags or arguments. Exit 2. */
export class UsageError extends Error {
  readonly exitCode = 2
  constructor(message: string, readonly hint?: string) {
    super(message)
    this.name = 'UsageError'
  }
}

/** The user's data: a record, file or value that cannot be used. Exit 1. */
export class InputError extends Error {
  readonly exitCode = 1
  constructor(message: string, readonly hint?: string, options?: {cause?: unknown}) {
    super(message, options)
    this.name = 'InputError'
  }
}

/** Something outside webgym failed (a file system, a child program, a server). Exit 1. */
export class ExternalError extends Error {
  readonly exitCode = 1
  constructor(message: string, readonly hint?: string, options?: {cause?: unknown}) {
    super(message, options)
    this.name = 'ExternalError'
  }
}

/** Where an input record came from, for error messages: `file:line`. */
export interface RecordLocation {
  file: string
  /** 1-based line number; for formats without lines (parquet), the 1-based row number. */
  line: number
  unit?: 'line' | 'row'
}

export function formatLocation(loc: RecordLocation): string {
  return loc.unit === 'row' ? `${loc.file}: row ${loc.line}` : `${loc.file}:${loc.line}`
}

/** One bad input record: names the file, line and field, and says how to fix it. */
export class InvalidRecordError extends InputError {
  constructor(
    readonly location: RecordLocation,
    readonly field: string | undefined,
    readonly problem: string,
    hint = 'fix the record, or pass --on-invalid skip to skip bad records',
  ) {
    super(`${formatLocation(location)}: ${field ? `field "${field}": ` : ''}${problem}`, hint)
    this.name = 'InvalidRecordError'
  }
}

/** Describes a value for error messages: `12 (number)`, `"x" (string)`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return 'nothing'
  if (Array.isArray(value)) return `an array of ${value.length}`
  if (typeof value === 'object') return 'an object'
  const shown = typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : String(value)
  return `${shown} (${typeof value})`
}
