// Runs the built CLI as a user would: a child process with a real stdin pipe, in a chosen working directory.
import {existsSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {execa, type Result} from 'execa'

export const root = resolve(import.meta.dirname, '..', '..')
export const bin = join(root, 'bin', 'run.js')

export function assertBuilt(): void {
  if (!existsSync(join(root, 'dist', 'commands', 'tasks', 'build.js'))) throw new Error('dist/ is missing: run `npm run build` before these tests')
}

/**
 * Runs `webgym ARGS` from dist/ (stdin empty unless `input` is given). NODE_ENV is reset because vitest sets it to
 * "test", which makes oclif load src/ through tsx instead of dist/.
 */
export function runWebgym(args: string[], options: {input?: string | Buffer; cwd?: string} = {}): Promise<Result> {
  return execa(process.execPath, [bin, ...args], {
    cwd: options.cwd ?? root,
    reject: false,
    input: options.input ?? '',
    env: {NODE_ENV: 'production'},
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
}
