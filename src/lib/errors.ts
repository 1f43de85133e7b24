import {optionKeys, optionText, opt, renderText, type OptionNames, type Text} from './option-text.js'

// Error classes say whose problem a failure is; the command layer maps each to an exit code and one line on stderr.

/** An error's message and hint as one front end words them. */
export interface RenderedError {
  message: string
  hint?: string
}

/**
 * A failure webgym can explain. Its message and hint may name options (`Text`): `message` and `hint` name them by
 * their keys, `render` as a front end does (the command layer: as flags).
 */
export abstract class ExplainedError extends Error {
  abstract readonly exitCode: number
  readonly hint?: string

  constructor(
    readonly text: Text,
    readonly hintText?: Text,
    options?: {cause?: unknown},
  ) {
    super(renderText(text, optionKeys), options)
    if (hintText !== undefined) this.hint = renderText(hintText, optionKeys)
  }

  render(names: OptionNames): RenderedError {
    return {
      message: renderText(this.text, names),
      hint: this.hintText === undefined ? undefined : renderText(this.hintText, names),
    }
  }
}

/** The user's problem: bad flags or arguments. Exit 2. */
export class UsageError extends ExplainedError {
  readonly exitCode = 2
  constructor(message: Text, hint?: Text) {
    super(message, hint)
    this.name = 'UsageError'
  }
}

/** The user's data: a record, file or value that cannot be used. Exit 1. */
export class InputError extends ExplainedError {
  readonly exitCode = 1
  constructor(message: Text, hint?: Text, options?: {cause?: unknown}) {
    super(message, hint, options)
    this.name = 'InputError'
  }
}

/** What an external failure ran, when it was a child program. */
export interface ExternalErrorOptions {
  cause?: unknown
  /** The program that failed (as run: a name or path). */
  command?: string
  /** Its arguments. */
  args?: readonly string[]
}

/** Something outside webgym failed (a file system, a child program, a server). Exit 1. */
export class ExternalError extends ExplainedError {
  readonly exitCode = 1
  readonly command?: string
  readonly args?: readonly string[]
  constructor(message: Text, hint?: Text, options: ExternalErrorOptions = {}) {
    super(message, hint, {cause: options.cause})
    this.name = 'ExternalError'
    this.command = options.command
    this.args = options.args
  }

  /** The command line that failed, shell-quoted, or undefined when no child program was run. */
  get commandLine(): string | undefined {
    if (this.command === undefined) return undefined
    return [this.command, ...(this.args ?? [])].map(shellQuote).join(' ')
  }
}

/** webgym's own fault: a state the code should never reach. Exit 1, and a request to report it. */
export class BugError extends Error {
  readonly exitCode = 1
  constructor(message: string, options?: {cause?: unknown}) {
    super(message, options)
    this.name = 'BugError'
  }
}

/** Where an input record came from, for error messages: `file:line`. */
export interface RecordLocation {
  file: string
  /** 1-based line number; for formats without lines (parquet), the 1-based row number. */
  line: number
  unit?: 'line' | 'row'
}

/** A record's place as messages show it: `file:line`, or `file: row N`. */
export function formatLocation(loc: RecordLocation): string {
  return loc.unit === 'row' ? `${loc.file}: row ${loc.line}` : `${loc.file}:${loc.line}`
}

/** One bad input record: names the file, line and field, and says how to fix it. */
export class InvalidRecordError extends InputError {
  constructor(
    readonly location: RecordLocation,
    readonly field: string | undefined,
    readonly problem: Text,
    hint: Text = optionText`fix the record, or pass ${opt('onInvalid')} skip to skip bad records`,
  ) {
    super(recordMessage(location, field, problem), hint)
    this.name = 'InvalidRecordError'
  }
}

function recordMessage(location: RecordLocation, field: string | undefined, problem: Text): Text {
  return optionText`${formatLocation(location)}: ${field ? `field "${field}": ` : ''}${problem}`
}

/** Describes a value for error messages: `12 (number)`, `"x" (string)`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return 'nothing'
  if (Array.isArray(value)) return `an array of ${value.length}`
  if (typeof value === 'object') return 'an object'
  const shown =
    typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : String(value)
  return `${shown} (${typeof value})`
}

/**
 * The first line of a message, trimmed and cut to `max` characters (with …), for one-line errors, warnings and prompts.
 * An error gives its message, without the `api.method: ` prefix Playwright puts on its own (`page.goto: `); any other
 * value its text.
 */
export function firstLine(cause: unknown, max = Infinity): string {
  const message = (cause as Error | null)?.message
  const text = typeof message === 'string' ? message : String(cause)
  let line = text.trim().split('\n')[0]!.trim()
  if (typeof message === 'string') line = line.replace(/^\w+\.\w+: /, '')
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`
}
