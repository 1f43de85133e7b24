// Everything that is not data goes to stderr through a Reporter, so services never write to stdout by accident.
export interface Reporter {
  /** A warning or a skipped record: always shown. */
  warn(message: string): void
  /** A summary or status line: hidden by --quiet. */
  info(message: string): void
  readonly quiet: boolean
}

export function stderrReporter(options: {quiet?: boolean; prefix?: string} = {}): Reporter {
  const prefix = options.prefix ?? 'webgym'
  return {
    quiet: Boolean(options.quiet),
    warn: (message) => process.stderr.write(`${prefix}: ${message}\n`),
    info: (message) => {
      if (!options.quiet) process.stderr.write(`${prefix}: ${message}\n`)
    },
  }
}

/** A reporter that keeps messages, for library users and tests that want to look at them. */
export function memoryReporter(): Reporter & {messages: string[]} {
  const messages: string[] = []
  return {quiet: false, messages, warn: (m) => messages.push(m), info: (m) => messages.push(m)}
}
