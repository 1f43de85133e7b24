import {existsSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {TrajectorySchema} from '../src/lib/schema/trajectory.js'
import {assertBuilt} from './helpers/cli.js'
import {chromiumProcesses, fixtureSample, ndjson, readNdjson, spawnWebgym} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'

// The oracle follows each task's reference solution by coordinates in real Chromium on the fixture web, which the
// rollout starts itself; the fixture web's programmatic check, stored in each trajectory, must pass.
const sample = fixtureSample(2)

describe('rollout --policy oracle on the fixture web', () => {
  const {dir} = workdir()
  const tasksFile = join(dir, 'tasks.ndjson')
  const out = join(dir, 'traj.ndjson')
  const summary = join(dir, 'summary.json')
  let result: Awaited<ReturnType<typeof spawnWebgym>>
  let trajectories: any[]

  beforeAll(async () => {
    assertBuilt()
    writeFileSync(tasksFile, ndjson(sample))
    result = await spawnWebgym(
      [
        'rollout',
        '--policy',
        'oracle',
        '--concurrency',
        '3',
        '--browsers',
        '2',
        '--horizon',
        '60',
        '--shots',
        join(dir, 'shots'),
        '--summary',
        summary,
        '-o',
        out,
        tasksFile,
      ],
      {tmp: dir},
    )
    trajectories = readNdjson(out)
  }, 600_000)

  it('exits 0 with one valid trajectory per task and nothing on stdout', () => {
    expect(result.stderr).not.toMatch(/internal error/)
    expect(result.exitCode).toBe(0)
    expect(result.stdout).toBe('')
    expect(trajectories.map((t) => t.task.id).sort()).toEqual(sample.map((t) => t.id).sort())
    for (const trajectory of trajectories) expect(TrajectorySchema.safeParse(trajectory).success).toBe(true)
  })

  it('answers every task and passes its programmatic check', () => {
    const failed = trajectories
      .filter((t) => t.status !== 'answered' || t.check?.pass !== true)
      .map((t) => `${t.task.id}: ${t.status} ${t.error ?? ''} ${JSON.stringify(t.check)}`)
    expect(failed).toEqual([])
  })

  it('acts by coordinates only, with screenshots in the content-addressed store', () => {
    for (const trajectory of trajectories) {
      expect(trajectory.run).toMatchObject({
        policy: 'oracle',
        viewport: {width: 1280, height: 768},
        horizon: 60,
        settle: {quiet_ms: 300, timeout_ms: 5000},
      })
      for (const step of trajectory.steps) {
        expect(step.screenshot).toMatch(/^[0-9a-f]{64}\.jpg$/)
        expect(existsSync(join(dir, 'shots', step.screenshot))).toBe(true)
        if (step.action.name === 'left_click') expect(step.action.coordinate).toHaveLength(2)
        expect(step.action_error).toBeNull()
        expect(step.settled).toBe(true)
      }
      expect(trajectory).toMatchObject({
        id: `${trajectory.task.id}#1`,
        attempt: 1,
        cause: {kind: 'answered'},
        check: {pass: true, observations: {stale: []}},
      })
      expect(trajectory.steps.at(-1).action.name).toBe('answer')
    }
  })

  it('writes a --summary file and leaves no Chromium behind', () => {
    expect(JSON.parse(readFileSync(summary, 'utf8'))).toMatchObject({
      episodes: sample.length,
      by_status: {answered: sample.length},
      browser_restarts: 0,
    })
    expect(chromiumProcesses(dir)).toEqual([])
  })
})

describe('rollout --oracle-noise', () => {
  it('at noise 1 takes only random actions, so the check fails', async () => {
    const {dir} = workdir()
    const result = await spawnWebgym(
      ['rollout', '--policy', 'oracle', '--oracle-noise', '1', '--horizon', '4', '--shots', join(dir, 'shots'), '-'],
      {input: ndjson(sample.slice(0, 2)), tmp: dir},
    )
    expect(result.exitCode).toBe(0)
    const trajectories = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(trajectories).toHaveLength(2)
    for (const trajectory of trajectories) {
      expect(['horizon', 'stuck']).toContain(trajectory.status)
      expect(trajectory.check.pass).toBe(false)
      for (const step of trajectory.steps)
        expect(['left_click', 'type', 'scroll', 'go_back']).toContain(step.action.name)
    }
    expect(chromiumProcesses(dir)).toEqual([])
  }, 300_000)
})
