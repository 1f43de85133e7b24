// Runs the built CLI as a user would: a child process with a real stdin pipe, in a chosen working directory. This is
// the one runner every test uses (directly, or through a Workdir from ./workdir.ts).
import {existsSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {execa, type Result, type ResultPromise} from 'execa'

export const root = resolve(import.meta.dirname, '..', '..')
export const bin = join(root, 'bin', 'run.js')

export function assertBuilt(): void {
  if (!existsSync(join(root, 'dist', 'commands', 'tasks', 'build.js')))
    throw new Error('dist/ is missing: run `npm run build` before these tests')
}

export interface RunOptions {
  /** The working directory; the repository root unless given. */
  cwd?: string
  /** What stdin carries; an empty stdin (closed at once) unless given. */
  input?: string | Uint8Array
  /** Variables set on top of the environment. */
  env?: Record<string, string | undefined>
  /**
   * Leave out the OPENAI_* and WEBGYM_* variables of this process (WEBGYM_CHROMIUM aside): no model, key or cache comes
   * from the outside.
   */
  cleanEnv?: boolean
  /**
   * The child's TMPDIR. The Chromium a rollout starts carries it in its --user-data-dir: a marker for finding those
   * processes (see chromiumBrowsers).
   */
  tmp?: string
  /** false keeps stdout and stderr out of the result, to be read as they come from the child's streams. */
  buffer?: boolean | {stdout?: boolean; stderr?: boolean}
  /** Kill the child with SIGKILL after this many ms (a command that hangs fails its test instead of stalling it). */
  timeout?: number
}

export type WebgymProcess = ResultPromise<{reject: false; encoding: 'utf8'}>
/** How a run ended: exitCode, stdout and stderr (strings), and command, cwd, signal... */
export type WebgymResult = Awaited<WebgymProcess>

/**
 * The environment without OPENAI_* and WEBGYM_*, but for WEBGYM_CHROMIUM: the browser the run (or the file, through
 * driveHeadlessShell) chose is no model, key or cache, and every browser of the run is that one.
 */
function withoutModelEnv(): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && (key === 'WEBGYM_CHROMIUM' || !/^(OPENAI_|WEBGYM_)/.test(key))) env[key] = value
  }
  return env
}

/**
 * Starts `webgym ARGS` from dist/ without waiting for it (for signals, streams and mid-run faults). NODE_ENV is reset
 * because vitest sets it to "test", which makes oclif load src/ through tsx instead of dist/.
 */
export function spawnWebgym(args: readonly string[], options: RunOptions = {}): WebgymProcess {
  return execa(process.execPath, [bin, ...args], {
    cwd: options.cwd ?? root,
    reject: false,
    input: options.input ?? '',
    env: {
      ...(options.cleanEnv ? withoutModelEnv() : {}),
      NODE_ENV: 'production',
      ...(options.tmp ? {TMPDIR: options.tmp} : {}),
      ...options.env,
    },
    extendEnv: !options.cleanEnv,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    ...(options.buffer === undefined ? {} : {buffer: options.buffer}),
    ...(options.timeout === undefined ? {} : {timeout: options.timeout, killSignal: 'SIGKILL' as const}),
  }) as WebgymProcess
}

/** Runs `webgym ARGS` from dist/ to the end (stdin empty unless `input` is given); never throws on a failed exit. */
export function runWebgym(args: readonly string[], options: RunOptions = {}): Promise<WebgymResult> {
  return spawnWebgym(args, options)
}

/**
 * Runs a bash script in `cwd` (the repository root unless given) with "$NODE" "$BIN" standing for the built CLI, for
 * what needs a shell: pipes into `head`, PIPESTATUS.
 */
export function runShell(
  script: string,
  options: {cwd?: string; env?: Record<string, string>} = {},
): Promise<WebgymResult> {
  return execa('bash', ['-c', script], {
    cwd: options.cwd ?? root,
    reject: false,
    env: {NODE: process.execPath, BIN: bin, NODE_ENV: 'production', ...options.env},
    encoding: 'utf8',
  })
}

const clip = (text: unknown, limit: number): string => {
  const value = String(text ?? '')
  return value.length > limit ? `${value.slice(0, limit)}\n[... ${value.length - limit} more characters]` : value
}

/**
 * What a failed expectation about a run prints: the command, its working directory, how it ended and both streams.
 * `more` is appended (e.g. the requests a stand-in model saw).
 */
export function dump(result: Result, more = ''): string {
  const status = result.signal ? `killed by ${result.signal}` : `exit ${result.exitCode}`
  return [
    `===== ${result.command} =====`,
    `cwd: ${result.cwd}`,
    `status: ${status}`,
    '--- stdout',
    clip(result.stdout, 8000),
    '--- stderr',
    clip(result.stderr, 8000),
    ...(more ? [more] : []),
    '=====',
  ].join('\n')
}
