import {optionKeys, renderText, type OptionNames, type Text} from '../option-text.js'

// Everything that is not data goes to stderr through a Reporter, so services never write to stdout by accident.
export interface Reporter {
  /** A warning or a skipped record: always shown. */
  warn(message: Text): void
  /** A summary or status line: hidden when quiet. */
  info(message: Text): void
  readonly quiet: boolean
}

export interface StderrReporterOptions {
  quiet?: boolean
  prefix?: string
  /** How messages name options (the command layer: as flags); default: by their keys. */
  names?: OptionNames
}

// Lines on stderr, each after the prefix, with options named as `names` says.
export function stderrReporter(options: StderrReporterOptions = {}): Reporter {
  const prefix = options.prefix ?? 'webgym'
  const names = options.names ?? optionKeys
  return {
    quiet: Boolean(options.quiet),
    warn: (message) => process.stderr.write(`${prefix}: ${renderText(message, names)}\n`),
    info: (message) => {
      if (!options.quiet) process.stderr.write(`${prefix}: ${renderText(message, names)}\n`)
    },
  }
}

/** A reporter that keeps messages, for library users and tests that want to look at them. */
export function memoryReporter(names: OptionNames = optionKeys): Reporter & {messages: string[]} {
  const messages: string[] = []
  const keep = (message: Text) => messages.push(renderText(message, names))
  return {quiet: false, messages, warn: keep, info: keep}
}
