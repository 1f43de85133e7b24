// --max-active: sessions past the cores' capacity wait their turn for the browser (a start page, an action, an
// observation) instead of slowing every session's observation; the built CLI on the fixture web in real Chromium.
import {availableParallelism} from 'node:os'
import {describe, expect, it} from 'vitest'
import {ACTIVE_SESSIONS_PER_CORE} from '../src/lib/rollout/run-rollout.js'
import {dump} from './helpers/cli.js'
import {fixtureSample, ndjson} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'
import {driveHeadlessShell} from './helpers/headless-shell.js'

// webgym's own logic is under test, not what Chromium draws (see test/helpers/headless-shell.ts).
driveHeadlessShell()

const tasks = fixtureSample(1).slice(0, 6)

async function rollout(extra: string[]) {
  const wd = workdir()
  wd.write('tasks.ndjson', ndjson(tasks))
  const args = ['rollout', '--policy', 'random', '--random-actions', 'left_click', '--horizon', '3', '--seed', '7']
  const result = await wd.run([...args, '--shots', 'shots', '--summary', 'summary.json', ...extra, 'tasks.ndjson'])
  expect(result.exitCode, dump(result)).toBe(0)
  const trajectories = result.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
  return {trajectories, summary: JSON.parse(wd.read('summary.json')), wd}
}

describe('rollout --max-active (built CLI, fixture web, Chromium)', () => {
  it('lets at most N sessions work their browsers at once; the others wait their turn, and every episode is whole', async () => {
    const {trajectories, summary} = await rollout(['--concurrency', '6', '--browsers', '2', '--max-active', '2'])
    expect(trajectories.map((t) => t.task.id).sort()).toEqual(tasks.map((t) => t.id).sort())
    for (const trajectory of trajectories) {
      expect(trajectory.status, JSON.stringify(trajectory.cause)).toBe('horizon')
      expect(trajectory.steps).toHaveLength(3)
      // A wait for a turn is in neither stage's time: the settle wait is still within the observation's.
      for (const step of trajectory.steps) expect(step.settle_ms).toBeLessThanOrEqual(step.observe_ms)
    }
    expect(summary.max_active).toBe(2)
    expect(summary.browser_stages.most_at_once).toBe(2)
    // Six sessions for two turns: some waited.
    expect(summary.browser_stages.turn_wait_ms.p95).toBeGreaterThan(0)
  }, 180_000)

  it('defaults to 8 per CPU core with local browsers', async () => {
    const {summary} = await rollout(['--concurrency', '2', '--browsers', '1'])
    expect(ACTIVE_SESSIONS_PER_CORE).toBe(8)
    expect(summary.max_active).toBe(ACTIVE_SESSIONS_PER_CORE * availableParallelism())
    expect(summary.browser_stages.most_at_once).toBeLessThanOrEqual(2)
    expect(summary.browser_stages.most_at_once).toBeGreaterThanOrEqual(1)
  }, 180_000)

  it('does not lock --mode sync: a batch wider than the turns still moves step by step to its end', async () => {
    const {trajectories, summary} = await rollout([
      '--mode',
      'sync',
      '--concurrency',
      '4',
      '--browsers',
      '1',
      '--max-active',
      '1',
    ])
    expect(trajectories).toHaveLength(tasks.length)
    expect(trajectories.every((t) => t.status === 'horizon' && t.steps.length === 3)).toBe(true)
    expect(summary.browser_stages.most_at_once).toBe(1)
  }, 180_000)
})
