import {readdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {ArtefactStore} from '../src/lib/io/artefact-store.js'
import {sameAction, withScheme} from '../src/lib/rollout/browser-actions.js'
import {taskSeed} from '../src/lib/rollout/episode.js'
import {RolloutMetrics} from '../src/lib/rollout/metrics.js'
import {randomAction} from '../src/lib/rollout/policies/random.js'
import {attemptsAlreadyRolledOut} from '../src/lib/rollout/resume-trajectories.js'
import {horizonOf} from '../src/lib/rollout/run-rollout.js'
import {BrowserLostError, failureIn} from '../src/lib/rollout/episode-outcome.js'
import {PolicyFailure} from '../src/lib/rollout/policy.js'
import {TimeoutError} from '../src/lib/async/with-timeout.js'
import {errors as playwrightErrors} from 'playwright-core'
import {isFixtureUrl} from '../src/lib/sites/catalog.js'
import {StepBarrier} from '../src/lib/rollout/step-barrier.js'
import {SeededRandom} from '../src/lib/random/seeded-random.js'
import {TaskSchema} from '../src/lib/schema/task.js'
import {workdir} from './helpers/workdir.js'

const temp = () => workdir().dir
const task = (level: 'easy' | 'medium' | 'hard' | null) =>
  TaskSchema.parse({
    id: 't:1',
    source: 't',
    intent: 'x',
    website: 'a.example',
    start_url: 'https://a.example/',
    reference_answer: null,
    level,
  })

describe('StepBarrier', () => {
  it('releases all parties only when the last one arrives', async () => {
    const barrier = new StepBarrier(3)
    const released: number[] = []
    const waits = [0, 1].map((i) => barrier.arrive().then(() => released.push(i)))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(released).toEqual([])
    await Promise.all([...waits, barrier.arrive()])
    expect(released.sort()).toEqual([0, 1])
  })

  it('stops waiting for a party that leaves, and waits again for one that joins', async () => {
    const barrier = new StepBarrier(2)
    const first = barrier.arrive()
    barrier.leave()
    await first // released by the leave
    barrier.join()
    let done = false
    const second = barrier.arrive().then(() => (done = true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(done).toBe(false)
    await Promise.all([second, barrier.arrive()])
    expect(done).toBe(true)
  })
})

describe('episode ends', () => {
  const context = {what: 'observing the page', lost: false, stopped: false, taskId: 't:1'}
  it('are told by what was thrown, never by its message', () => {
    expect(failureIn('observe', new TimeoutError('anything at all', 10), context)).toMatchObject({
      status: 'error',
      cause: {kind: 'timeout', stage: 'observe'},
    })
    expect(
      failureIn('start', new playwrightErrors.TimeoutError('page.goto: Timeout 30000ms exceeded.'), context),
    ).toMatchObject({status: 'error', cause: {kind: 'timeout', stage: 'start'}})
    // A message that reads like a timeout is not one.
    expect(
      failureIn('act', new Error('the step did not finish in time (Timeout 30000ms exceeded)'), context),
    ).toMatchObject({status: 'error', cause: {kind: 'browser-error', stage: 'act'}})
    expect(failureIn('decide', new PolicyFailure('the model server answered HTTP 500'), context)).toMatchObject({
      status: 'error',
      cause: {kind: 'policy-failed'},
      error: 'the policy failed: the model server answered HTTP 500',
    })
    expect(failureIn('observe', new TimeoutError('x', 1), {...context, stopped: true})).toMatchObject({
      status: 'aborted',
      cause: {kind: 'stopped'},
    })
    expect(() => failureIn('observe', new Error('Target closed'), {...context, lost: true})).toThrow(BrowserLostError)
  })
})

describe('horizons', () => {
  it('takes one cap for all, or easy/medium/hard by level with unknown as medium', () => {
    expect(horizonOf(task('hard'), [15])).toBe(15)
    expect(horizonOf(task('easy'), [10, 20, 30])).toBe(10)
    expect(horizonOf(task('medium'), [10, 20, 30])).toBe(20)
    expect(horizonOf(task('hard'), [10, 20, 30])).toBe(30)
    expect(horizonOf(task(null), [10, 20, 30])).toBe(20)
  })
})

describe('actions', () => {
  it('compares actions field by field for the repeated-action check', () => {
    expect(sameAction({name: 'left_click', coordinate: [10, 20]}, {name: 'left_click', coordinate: [10, 20]})).toBe(
      true,
    )
    expect(sameAction({name: 'left_click', coordinate: [10, 20]}, {name: 'left_click', coordinate: [20, 10]})).toBe(
      false,
    )
    expect(sameAction({name: 'type', text: 'a'}, {name: 'type', text: 'b'})).toBe(false)
    expect(sameAction({name: 'scroll', direction: 'up'}, {name: 'scroll', direction: 'down'})).toBe(false)
    expect(sameAction(null, null)).toBe(false)
  })

  it('gives a typed URL without a scheme https://, and keeps any scheme for the guard to judge', () => {
    expect(withScheme('example.com/a')).toBe('https://example.com/a')
    expect(withScheme(' http://x.test ')).toBe('http://x.test')
    expect(withScheme('file:///etc/passwd')).toBe('file:///etc/passwd')
    expect(withScheme('javascript:alert(1)')).toBe('javascript:alert(1)')
    expect(withScheme('')).toBe('')
  })

  it('draws the same random actions for the same task and seed, and different ones for another task', () => {
    const draw = (seed: number) => {
      const random = new SeededRandom(seed)
      return Array.from({length: 20}, () => randomAction(random))
    }
    expect(draw(taskSeed(7, 'a'))).toEqual(draw(taskSeed(7, 'a')))
    expect(draw(taskSeed(7, 'a'))).not.toEqual(draw(taskSeed(7, 'b')))
    // Each attempt of --samples draws its own actions; attempt 1 keeps the seed a single rollout had.
    expect(taskSeed(7, 'a', 1)).toBe(taskSeed(7, 'a'))
    expect(draw(taskSeed(7, 'a', 2))).not.toEqual(draw(taskSeed(7, 'a', 1)))
    expect(taskSeed(7, 'a', 2)).not.toBe(taskSeed(7, 'a', 3))
    const actions = draw(taskSeed(1, 'x')).concat(draw(taskSeed(2, 'x')))
    expect(new Set(actions.map((action) => action.name))).toEqual(new Set(['left_click', 'type', 'scroll', 'go_back']))
    for (const action of actions)
      for (const value of action.coordinate ?? [])
        (expect(value).toBeGreaterThanOrEqual(0), expect(value).toBeLessThanOrEqual(1000))
  })

  it('draws only the action kinds it is given', () => {
    const random = new SeededRandom(taskSeed(3, 'x'))
    const clicks = Array.from({length: 50}, () => randomAction(random, ['left_click']))
    expect(new Set(clicks.map((action) => action.name))).toEqual(new Set(['left_click']))
    const mixed = Array.from({length: 80}, () => randomAction(random, ['scroll', 'go_back']))
    expect(new Set(mixed.map((action) => action.name))).toEqual(new Set(['scroll', 'go_back']))
  })

  it('knows fixture-web URLs', () => {
    expect(isFixtureUrl('http://northwind-market.webgym.test/')).toBe(true)
    expect(isFixtureUrl('http://webgym.test.evil.com/')).toBe(false)
    expect(isFixtureUrl(null)).toBe(false)
  })
})

describe('ArtefactStore', () => {
  it('names a file by the sha256 of its bytes and writes the same bytes once', async () => {
    const dir = temp()
    const store = new ArtefactStore(join(dir, 'shots'))
    const a = await store.put(Buffer.from('one'), 'jpg')
    const again = await store.put(Buffer.from('one'), 'jpg')
    const b = await store.put(Buffer.from('two'), 'jpg')
    expect(a).toBe('7692c3ad3540bb803c020b3aee66cd8887123234ea0c6e7143c0add73ff431ed.jpg')
    expect(again).toBe(a)
    expect(b).not.toBe(a)
    expect(readdirSync(join(dir, 'shots')).sort()).toEqual([a, b].sort())
    expect(readFileSync(join(dir, 'shots', a), 'utf8')).toBe('one')
  })
})

describe('resuming a rollout', () => {
  it('keeps finished trajectories, drops aborted and error ones (to redo them), duplicates and a cut-off last line', async () => {
    const file = join(temp(), 'traj.ndjson')
    const line = (id: string, status: string, attempt?: number) =>
      JSON.stringify({task: {id}, status, ...(attempt ? {attempt} : {})})
    writeFileSync(
      file,
      [
        line('a', 'answered'),
        line('b', 'aborted'),
        line('c', 'error'),
        line('a', 'horizon'),
        line('e', 'blocked'),
        line('e', 'stuck', 2),
        line('e', 'error', 3),
      ].join('\n') + '\n{"task": {"id": "d"',
    )
    const done = await attemptsAlreadyRolledOut(file)
    // Records without an attempt are attempt 1 (written before --samples); each attempt counts on its own.
    expect([...done].sort()).toEqual(['a#1', 'e#1', 'e#2'])
    expect(readFileSync(file, 'utf8')).toBe(
      `${line('a', 'answered')}\n${line('e', 'blocked')}\n${line('e', 'stuck', 2)}\n`,
    )
  })

  it('starts from nothing when the file does not exist yet', async () => {
    expect((await attemptsAlreadyRolledOut(join(temp(), 'none.ndjson'))).size).toBe(0)
  })
})

describe('RolloutMetrics', () => {
  it('reports p50 and p95 per timing and episodes by status', () => {
    const metrics = new RolloutMetrics()
    for (let ms = 1; ms <= 100; ms++) metrics.time('policy', ms)
    metrics.finished('answered')
    metrics.finished('error')
    metrics.checkFailed('no token')
    metrics.checkFailed('timed out')
    const summary = metrics.summary({
      browser_restarts: 1,
      total: 2,
      concurrency: 2,
      mode: 'async',
      policy: 'random',
      invalid_skipped: 3,
      samples: 1,
      shard: null,
      policy_servers: null,
    })
    expect(summary.timings_ms.policy).toEqual({p50: 51, p95: 96})
    expect(summary.timings_ms.observe).toBeNull()
    expect(summary.by_status).toMatchObject({answered: 1, error: 1, horizon: 0})
    expect(summary.episodes).toBe(2)
    expect(summary).toMatchObject({invalid_skipped: 3, check_errors: 2, browser_restarts: 1})
    expect(metrics.firstCheckError).toBe('no token')
  })
})
