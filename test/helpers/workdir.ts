// A fresh working directory for a test, and the built CLI run in it (in the manner of BurntSushi/xsv's Workdir).
//
//   const wd = workdir()                                  // inside a test: this test's own directory
//   wd.write('tasks.ndjson', ndjson(records))             // input files, parents created
//   const result = await wd.run(['split', 'tasks.ndjson', '--train', 'a.ndjson', '--test', 'b.ndjson'])
//   expect(result.exitCode, dump(result)).toBe(0)        // dump: command, cwd, status, stdout, stderr
//   wd.read('a.ndjson')
//
// Called inside a test, the directory is that test's and is removed when the test finishes. Called anywhere else (at
// the top of a file, in a describe body, in beforeAll), it is shared by the tests of the file and removed after all of
// them; one asked for while the file is being collected is created only when the file's tests start, so a file none
// of whose tests run (`vitest list`, a -t pattern) leaves nothing behind. A directory is kept, and its path printed,
// when its test (or, for a shared one, any test of the file) failed, and always when WEBGYM_KEEP_TEST_DIRS=1.
import {randomBytes} from 'node:crypto'
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {basename, dirname, join} from 'node:path'
import {afterAll, beforeAll, expect, onTestFinished, type TestContext} from 'vitest'
import {runShell, runWebgym, spawnWebgym, type RunOptions, type WebgymProcess, type WebgymResult} from './cli.js'

export interface Workdir {
  /** The directory (absolute), under the OS temporary directory. */
  readonly dir: string
  /** The absolute path of PARTS inside the directory. */
  path(...parts: string[]): string
  /** Writes a file inside the directory (its folders created) and returns its absolute path. */
  write(name: string, content: string | Uint8Array): string
  /** Creates a folder inside the directory (and its parents) and returns its absolute path. */
  mkdir(...parts: string[]): string
  /** A file inside the directory, as UTF-8 text. */
  read(...parts: string[]): string
  /** Runs `webgym ARGS` to the end with this directory as its working directory (see runWebgym). */
  run(args: readonly string[], options?: Omit<RunOptions, 'cwd'>): Promise<WebgymResult>
  /** Starts `webgym ARGS` in this directory without waiting for it (see spawnWebgym). */
  spawn(args: readonly string[], options?: Omit<RunOptions, 'cwd'>): WebgymProcess
  /** Runs a bash script in this directory, "$NODE" "$BIN" standing for the built CLI (see runShell). */
  sh(script: string, options?: {env?: Record<string, string>}): Promise<WebgymResult>
}

export interface WorkdirOptions {
  /** Part of the directory's name; the test file's name unless given. */
  name?: string
  /**
   * The test's context (`it('...', async (context) => ...)`): needed in concurrent tests (describe.concurrent), where
   * which test is running is not known from outside.
   */
  test?: Pick<TestContext, 'task' | 'onTestFinished'>
}

const keepAll = (): boolean => process.env.WEBGYM_KEEP_TEST_DIRS === '1'

function remove(dir: string): void {
  try {
    rmSync(dir, {recursive: true, force: true, maxRetries: 3, retryDelay: 100})
  } catch (error) {
    // A child still writing (a Chromium shutting down) must not fail the test that is over.
    console.warn(`webgym test: could not remove ${dir}: ${(error as Error).message}`)
  }
}

// The directories shared by a file's tests, and those of them asked for during collection (not created yet). Hooks on
// the file, registered when a test file imports this module (vitest loads it afresh for every test file), create the
// pending ones before the file's own hooks run and remove them all after the last test.
const shared: string[] = []
const pending = new Set<string>()
let started = false
interface TaskNode {
  name: string
  result?: {state?: string}
  tasks?: TaskNode[]
}
/** The failed tests under a suite (or the suite itself, when a hook of it failed with no test failing). */
function failedIn(task: TaskNode): string[] {
  const tests = (task.tasks ?? []).flatMap((child) => failedIn(child))
  return tests.length === 0 && task.result?.state === 'fail' ? [task.name] : tests
}
try {
  beforeAll(() => {
    started = true
    for (const dir of pending) mkdirSync(dir, {recursive: true, mode: 0o700})
    pending.clear()
  })
  // vitest reads a hook's first parameter as fixtures to set up: it must be a (here empty) destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  afterAll(({}, suite: unknown) => {
    const dirs = shared.splice(0)
    if (dirs.length === 0) return
    const failed = suite && typeof suite === 'object' && 'tasks' in suite ? failedIn(suite as TaskNode) : []
    if (failed.length > 0 || keepAll()) {
      const why = failed.length > 0 ? `failed: ${failed.join('; ')}` : 'WEBGYM_KEEP_TEST_DIRS=1'
      for (const dir of dirs) console.error(`webgym test: kept working directory ${dir} (${why})`)
      return
    }
    for (const dir of dirs) remove(dir)
  })
} catch {
  // Imported outside a vitest test file: there is no suite to hang the hooks on.
  started = true
}

/** The name of the test file being run, without `.test.ts`. */
function fileLabel(): string {
  const path = expect.getState().testPath
  return path ? basename(path).replace(/\.test\.[cm]?[jt]s$/, '') : 'test'
}

/** A name for a directory like mkdtemp's, not created yet. */
function reserve(prefix: string): string {
  for (;;) {
    const dir = `${prefix}${randomBytes(6).toString('base64url').slice(0, 6)}`
    if (!existsSync(dir) && !pending.has(dir)) return dir
  }
}

/** The test running now, if any: a directory asked for in it is that test's. */
function inTest(finished: (context: TestContext) => void): boolean {
  try {
    onTestFinished(finished)
    return true
  } catch {
    return false
  }
}

/** A fresh, empty working directory; see the top of this file for when it is created and removed. */
export function workdir(options: WorkdirOptions = {}): Workdir {
  const prefix = join(tmpdir(), `webgym-${(options.name ?? fileLabel()).replace(/[^\w.-]+/g, '-')}-`)
  let dir = ''
  const finished = (context: Pick<TestContext, 'task'>) => {
    const failed = context.task.result?.state === 'fail'
    if (failed || keepAll()) {
      console.error(
        `webgym test: kept working directory ${dir} (${failed ? `failed: ${context.task.name}` : 'WEBGYM_KEEP_TEST_DIRS=1'})`,
      )
      return
    }
    if (dir) remove(dir)
  }
  const test = options.test
  const ownTest = test ? (test.onTestFinished(() => finished(test)), true) : inTest(finished)
  if (ownTest || started) dir = mkdtempSync(prefix)
  else {
    dir = reserve(prefix)
    pending.add(dir)
  }
  if (!ownTest) shared.push(dir)

  const path = (...parts: string[]) => join(dir, ...parts)
  return {
    dir,
    path,
    write(name, content) {
      const file = path(name)
      mkdirSync(dirname(file), {recursive: true})
      writeFileSync(file, content)
      return file
    },
    mkdir(...parts) {
      const folder = path(...parts)
      mkdirSync(folder, {recursive: true})
      return folder
    },
    read: (...parts) => readFileSync(path(...parts), 'utf8'),
    run: (args, runOptions = {}) => runWebgym(args, {...runOptions, cwd: dir}),
    spawn: (args, runOptions = {}) => spawnWebgym(args, {...runOptions, cwd: dir}),
    sh: (script, shOptions = {}) => runShell(script, {...shOptions, cwd: dir}),
  }
}
