import {existsSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {assertBuilt} from './helpers/cli.js'
import {chromiumProcesses, fixtureSample, ndjson, readNdjson, spawnWebgym, waitFor} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'
import {driveHeadlessShell} from './helpers/headless-shell.js'

// webgym's own logic is under test, not what Chromium draws (see test/helpers/headless-shell.ts).
driveHeadlessShell()

// Several attempts per task (--samples K) survive a stop and --resume exactly once each; --trace keeps Playwright
// traces of the episodes asked for.
const sample = fixtureSample(1).slice(0, 4)
const lines = (path: string) =>
  existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter((line) => line.trim()).length
    : 0

beforeAll(() => assertBuilt())

describe('rollout --samples', () => {
  it('rolls each task out K times with its own seed per attempt; SIGINT then --resume gives every (task, attempt) once', async () => {
    const {dir} = workdir()
    const out = join(dir, 'traj.ndjson')
    const tasks = join(dir, 'tasks.ndjson')
    writeFileSync(tasks, ndjson(sample))
    const args = [
      'rollout',
      '--policy',
      'random',
      '--random-actions',
      'left_click,scroll',
      '--samples',
      '3',
      '--horizon',
      '6',
      '--concurrency',
      '3',
      '--browsers',
      '1',
      '--grace',
      '0',
      '--shots',
      join(dir, 'shots'),
      tasks,
    ]
    const first = spawnWebgym([...args, '-o', out], {tmp: dir})
    await waitFor(() => lines(out) >= 3, 240_000, 'three trajectories')
    first.kill('SIGINT')
    const stopped = await first
    expect(stopped.exitCode).toBe(130)
    expect(stopped.stderr).toContain(`--resume ${out}`)
    const partial = readNdjson(out)
    // Every attempt has its one record: the unfinished ones aborted, those never started written as such.
    expect(partial.map((t) => t.id).sort()).toEqual(
      sample.flatMap((task) => [1, 2, 3].map((attempt) => `${task.id}#${attempt}`)).sort(),
    )
    expect(partial.some((t) => t.cause?.kind === 'not-started' && t.status === 'aborted' && t.steps.length === 0)).toBe(
      true,
    )

    const resumed = await spawnWebgym([...args, '--resume', out], {tmp: dir})
    expect(resumed.exitCode, resumed.stderr).toBe(0)
    const all = readNdjson(out)
    const expected = sample.flatMap((task) => [1, 2, 3].map((attempt) => `${task.id}#${attempt}`)).sort()
    expect(all.map((t) => t.id).sort()).toEqual(expected)
    expect(all.map((t) => `${t.task.id}#${t.attempt}`).sort()).toEqual(expected)
    expect(all.filter((t) => t.status === 'aborted')).toEqual([])
    // Each attempt draws its own actions: the attempts of a task do not all click the same points.
    for (const task of sample) {
      const attempts = all
        .filter((t) => t.task.id === task.id)
        .map((t) => JSON.stringify(t.steps.map((step: any) => step.action)))
      expect(new Set(attempts).size).toBeGreaterThan(1)
    }
    expect(chromiumProcesses(dir)).toEqual([])
  }, 600_000)
})

describe('rollout --trace', () => {
  it('keeps a Playwright trace of each episode that did not answer, named after the trajectory id and listed in it', async () => {
    const {dir} = workdir()
    const traces = join(dir, 'traces')
    const common = [
      '--concurrency',
      '2',
      '--browsers',
      '1',
      '--trace',
      'failed',
      '--trace-dir',
      traces,
      '--shots',
      join(dir, 'shots'),
      '-',
    ]
    // The oracle answers (no trace kept); random actions run to the cap (kept).
    const answered = await spawnWebgym(['rollout', '--policy', 'oracle', '--horizon', '60', ...common], {
      input: ndjson(sample.slice(0, 1)),
      tmp: dir,
    })
    expect(answered.exitCode, answered.stderr).toBe(0)
    const [solved] = answered.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(solved).toMatchObject({status: 'answered'})
    expect(solved.trace).toBeUndefined()
    const capped = await spawnWebgym(['rollout', '--policy', 'random', '--horizon', '2', ...common], {
      input: ndjson(sample.slice(0, 2)),
      tmp: dir,
    })
    expect(capped.exitCode, capped.stderr).toBe(0)
    for (const trajectory of capped.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))) {
      expect(trajectory.status).toBe('horizon')
      expect(trajectory.trace).toMatch(new RegExp(`^${traces}/.*\\.trace\\.zip$`))
      expect(trajectory.trace).toContain(trajectory.id.replace(/[^A-Za-z0-9._-]+/g, '_'))
      // A zip (local file header) that holds Playwright's trace events and the page's screenshots.
      const zip = readFileSync(trajectory.trace)
      expect(zip.subarray(0, 4).toString('binary')).toBe('PK\x03\x04')
      expect(zip.includes('trace.trace')).toBe(true)
      expect(zip.includes('trace.network')).toBe(true)
    }
    expect(chromiumProcesses(dir)).toEqual([])
  }, 300_000)
})
