import {stripVTControlCharacters} from 'node:util'
import {Command, Errors, Flags, type Interfaces} from '@oclif/core'
import {BugError, ExplainedError, ExternalError} from '../lib/errors.js'
import {InvalidRecords, type OnInvalid} from '../lib/io/invalid-records.js'
import {stderrReporter, type Reporter} from '../lib/report/reporter.js'
import {WEBGYM_VERSION} from '../lib/version.js'
import {flagNames} from './flag-names.js'
import {assertFailedTarget, assertOutputNotInput, assertResumeNotInput, assertResumeTarget} from './output-guard.js'
import {flagFile, ownFlag, type FlagTable} from './own-flags.js'

export type CommandFlags<T extends typeof Command> = Interfaces.InferredFlags<
  (typeof BaseCommand)['baseFlags'] & T['flags']
>
export type CommandArgs<T extends typeof Command> = Interfaces.InferredArgs<T['args']>

/**
 * The base of every webgym command: parses flags, keeps stdout for data, maps errors to exit codes (0 ok,
 * 1 runtime failure, 2 usage error) with one line on stderr, and exits 0 when the reader of stdout goes away.
 */
export abstract class BaseCommand<T extends typeof Command> extends Command {
  static baseFlags = {
    quiet: Flags.boolean({
      char: 'q',
      default: false,
      description: 'Print no summary or progress on stderr (warnings and errors still show).',
    }),
    debug: Flags.boolean({default: false, description: 'Show stack traces on errors.'}),
  }

  protected flags!: CommandFlags<T>
  protected args!: CommandArgs<T>
  /** Every positional argument, in order (input files for commands with `strict = false`). */
  protected positionals!: string[]
  protected reporter!: Reporter

  public async init(): Promise<void> {
    process.stdout.on('error', exitQuietlyOnEpipe)
    await super.init()
    const {args, flags, raw} = await this.parse({
      flags: this.ctor.flags,
      baseFlags: (super.ctor as unknown as typeof BaseCommand).baseFlags,
      args: this.ctor.args,
      strict: this.ctor.strict,
    })
    this.flags = flags as CommandFlags<T>
    this.args = args as CommandArgs<T>
    // In the order given: oclif's argv groups repeated values (`a b a` comes back `a a b`), which would pair a run
    // named by --name with the wrong file.
    this.positionals = raw.flatMap((token) => (token.type === 'arg' ? [token.input] : []))
    this.reporter = stderrReporter({quiet: this.flags.quiet, names: flagNames})
    // Commands that read input files from their arguments must not be told to write over one of them.
    const own = (this.ctor.flags ?? {}) as FlagTable
    const values = this.flags as Record<string, unknown>
    const output = flagFile(own, values, 'output')
    const failed = flagFile(own, values, 'failed')
    const resume = flagFile(own, values, 'resume')
    if (this.ctor.strict === false) {
      if (output) assertOutputNotInput(output.file, this.positionals, output.flag)
      if (failed) assertOutputNotInput(failed.file, this.positionals, failed.flag)
      if (resume) assertResumeNotInput(resume, this.positionals, output)
    }
    assertFailedTarget(failed, output)
    // Resuming appends to the resume file: an output naming another file would be ignored.
    if (resume) assertResumeTarget(resume, output, own.resume?.helpValue ?? 'FILE')
  }

  /** The `--on-invalid` policy for this run. */
  protected invalidRecords(): InvalidRecords {
    const mode = ((this.flags as Record<string, unknown>)['on-invalid'] ?? 'fail') as OnInvalid
    return new InvalidRecords(mode, this.reporter)
  }

  protected async catch(error: Error & {exitCode?: number; code?: string}): Promise<void> {
    if (error.code === 'EPIPE') return
    const debug = process.argv.includes('--debug')
    const {exitCode, line} = describeFailure(error, (this.ctor.flags ?? {}) as FlagTable)
    process.stderr.write(`webgym: ${line}\n`)
    if (debug && error instanceof ExternalError && error.commandLine)
      process.stderr.write(`command: ${error.commandLine}\n`)
    if (debug && error.stack) process.stderr.write(`${error.stack}\n`)
    process.exitCode = exitCode
  }
}

function describeFailure(
  error: Error & {exitCode?: number; hint?: string; oclif?: {exit?: number}},
  flags: FlagTable,
): {
  exitCode: number
  line: string
} {
  if (error instanceof ExplainedError) {
    const {message, hint} = error.render(flagNames)
    return {exitCode: error.exitCode, line: `${message}${hint ? ` (${hint})` : ''}`}
  }
  if (error instanceof BugError) return {exitCode: 1, line: internalError(error)}
  if (typeof error.exitCode === 'number')
    return {exitCode: error.exitCode, line: `${error.message}${error.hint ? ` (${error.hint})` : ''}`}
  if (error instanceof Errors.CLIError) {
    // oclif's parse errors span lines (a heading, one reason per line, a help pointer) and may carry colours.
    const reasons = stripVTControlCharacters(error.message)
      .replace(/See more help with --help\.?/, '')
      .replace(/^The following errors? occurred:/, '')
      .split('\n')
      .map((part) => part.trim())
      .filter(Boolean)
    const message = reasons
      .join('; ')
      .replace(/^(Parsing --[\w-]+);/, '$1:')
      .replace(/:; /g, ': ')
      .replace(/\s{2,}/g, ' ')
    return {exitCode: error.oclif?.exit ?? 2, line: `${message} (see --help)`}
  }
  const system = describeSystemError(
    error as NodeJS.ErrnoException & {address?: string; port?: number; dest?: string},
    ownFlag(flags, 'port'),
  )
  if (system) return {exitCode: 1, line: system}
  return {exitCode: 1, line: internalError(error)}
}

/** webgym's own fault (a BugError, or an error nobody expected): the version, and what a report needs. */
function internalError(error: Error): string {
  return `internal error: ${error.message} (webgym ${WEBGYM_VERSION}; please report it with the output of the same command run with --debug)`
}

const SYSTEM_REASONS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOTDIR: 'a part of the path is not a directory',
  EISDIR: 'it is a directory',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EMFILE: 'too many open files',
  EEXIST: 'something of that name is already there',
}

/**
 * A failed system call on a path or port the user gave (an output file in a missing directory, a port in use) is the
 * user's environment, not a webgym bug: one line naming the path or port, and what to do.
 */
function describeSystemError(
  error: NodeJS.ErrnoException & {address?: string; port?: number; dest?: string},
  portFlag: string | undefined,
): string | null {
  if (typeof error.code !== 'string' || typeof error.syscall !== 'string') return null
  if (error.code === 'EADDRINUSE') {
    const hint = portFlag
      ? `pass another ${portFlag}, or ${portFlag} 0 for any free one`
      : 'stop what holds it, then try again'
    return `cannot listen on ${error.address ?? 'the host'}:${error.port ?? '?'}: the port is in use (${hint})`
  }
  const reason = SYSTEM_REASONS[error.code]
  if (!reason || typeof error.path !== 'string') return null
  const target = typeof error.dest === 'string' ? `${error.path} -> ${error.dest}` : error.path
  return `${target}: cannot ${error.syscall} (${reason}) (check the path and its permissions)`
}

function exitQuietlyOnEpipe(error: NodeJS.ErrnoException): void {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
}
