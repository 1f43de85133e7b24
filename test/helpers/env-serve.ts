// Shared pieces of the env serve tests: fixture tasks with short reference solutions, the oracle's run of them (their
// reference solutions as recorded actions and qwen3vl replies), `webgym env serve` as a child, and the Python client.
import {join} from 'node:path'
import {execa} from 'execa'
import {expect} from 'vitest'
import {Catalog} from '../../src/lib/sites/catalog.js'
import type {TaskInput} from '../../src/lib/schema/task.js'
import {dump, root} from './cli.js'
import {readNdjson, stderrOf, waitFor} from './rollout.js'
import type {Workdir} from './workdir.js'

export const python = process.env.WEBGYM_PYTHON || '/usr/bin/python3'
export const driver = join(root, 'test', 'helpers', 'env_driver.py')

/** Fails with the way to fix it when the Python cannot import websockets (CI installs it: a failure, not a skip). */
export async function assertPythonClient(): Promise<void> {
  const probe = await execa(python, ['-c', 'import websockets'], {reject: false})
  if (probe.exitCode !== 0)
    throw new Error(
      `${python} cannot import websockets (${probe.stderr.trim().split('\n').at(-1) ?? `exit ${probe.exitCode}`}): run scripts/install-openenv-client.sh, or set WEBGYM_PYTHON to a Python that has python3-websockets`,
    )
}

/**
 * `count` easy fixture tasks of the given families in turn, one per website, whose reference solutions are short
 * (at most `maxSteps` steps); deterministic.
 */
export function shortTasks(
  count: number,
  families: readonly string[],
  maxSteps = 4,
  skip: ReadonlySet<string> = new Set(),
): TaskInput[] {
  const byFamily = new Map<string, TaskInput[]>(families.map((family) => [family, []]))
  const websites = new Set<string>()
  for (const task of new Catalog({seed: 0}).taskRecords()) {
    const list = byFamily.get(String(task.meta?.family))
    const solution = (task.meta as {solution?: unknown[]}).solution ?? []
    if (!list || task.level !== 'easy' || solution.length > maxSteps || skip.has(task.id)) continue
    if (websites.has(task.website ?? '') || skip.has(task.website ?? '')) continue
    websites.add(task.website ?? '')
    list.push(task)
  }
  const picked: TaskInput[] = []
  for (let round = 0; picked.length < count; round++) {
    const before = picked.length
    for (const list of byFamily.values()) if (list[round] && picked.length < count) picked.push(list[round]!)
    if (picked.length === before) throw new Error(`only ${picked.length} short easy tasks in ${families.join(', ')}`)
  }
  return picked
}

/** The oracle's run of the tasks (their reference solutions acted out, each step a qwen3vl reply); all must pass. */
export async function oracleRun(wd: Workdir, tasksFile: string, out: string, extra: string[] = []): Promise<any[]> {
  const result = await wd.run(['rollout', tasksFile, '--policy', 'oracle', '--concurrency', '4', '-o', out, ...extra], {
    cleanEnv: true,
    timeout: 600_000,
  })
  expect(result.exitCode, dump(result)).toBe(0)
  const records = readNdjson(wd.path(out))
  for (const record of records)
    expect({id: record.id, status: record.status, pass: record.check?.pass}, dump(result)).toEqual({
      id: record.id,
      status: 'answered',
      pass: true,
    })
  return records
}

export interface ServedEnv {
  child: ReturnType<Workdir['spawn']>
  url: string
  stderr: {text: string}
}

/** Starts `webgym env serve ARGS` (port 0) and resolves once it prints its address on stderr. */
export async function startEnvServe(wd: Workdir, args: readonly string[]): Promise<ServedEnv> {
  const child = wd.spawn(['env', 'serve', '--port', '0', ...args], {cleanEnv: true, timeout: 900_000})
  const stderr = stderrOf(child)
  let exited = false
  void child.then(() => (exited = true))
  await waitFor(() => /listening on http:\/\/\S+ /.test(stderr.text) || exited, 120_000, 'env serve to listen')
  const url = /listening on (http:\/\/[^\s]+) /.exec(stderr.text)?.[1]
  if (!url) throw new Error(`env serve did not start:\n${stderr.text}`)
  return {child, url, stderr}
}

/** Runs the Python driver (test/helpers/env_driver.py) to its end; its stdout as JSON (the last line when several). */
export async function drive(args: readonly string[], cwd: string): Promise<any> {
  const result = await execa(python, [driver, ...args], {
    reject: false,
    cwd,
    timeout: 600_000,
    env: {PYTHONDONTWRITEBYTECODE: '1'},
  })
  expect(result.exitCode, `${python} ${driver} ${args.join(' ')}\n${result.stdout}\n${result.stderr}`).toBe(0)
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!)
}
