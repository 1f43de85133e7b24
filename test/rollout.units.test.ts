import {readdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {ArtefactStore} from '../src/lib/io/artefact-store.js'
import {sameAction, withScheme} from '../src/lib/rollout/browser-actions.js'
import {taskSeed} from '../src/lib/rollout/episode.js'
import {RolloutMetrics} from '../src/lib/rollout/metrics.js'
import {randomAction} from '../src/lib/rollout/policies/random.js'
import {attemptsAlreadyRolledOut} from '../src/lib/rollout/resume-trajectories.js'
import {horizonOf} from '../src/lib/rollout/episode-settings.js'
import {BrowserLostError, failureIn} from '../src/lib/rollout/episode-outcome.js'
import {PolicyFailure} from '../src/lib/rollout/policy.js'
import {TimeoutError} from '../src/lib/async/with-timeout.js'
import {errors as playwrightErrors} from 'playwright-core'
import {isFixtureUrl} from '../src/lib/sites/catalog.js'
import {StepBarrier} from '../src/lib/rollout/step-barrier.js'
import {SeededRandom} from '../src/lib/random/seeded-random.js'
import {TaskSchema} from '../src/lib/schema/task.js'
import {workdir} from './helpers/workdir.js'
import {flagNames} from '../src/cli/flag-names.js'
import {SignalStop} from '../src/cli/rollout-signals.js'
import {UsageError} from '../src/lib/errors.js'
import {InvalidRecords} from '../src/lib/io/invalid-records.js'
import {observeMode, type ObserveModeName} from '../src/lib/observe/observe-mode.js'
import type {DialectName} from '../src/lib/prompts/policy-dialects.js'
import {memoryReporter} from '../src/lib/report/reporter.js'
import {ended} from '../src/lib/rollout/episode-outcome.js'
import {createPolicy} from '../src/lib/rollout/policies/create-policy.js'
import type {Policy} from '../src/lib/rollout/policy.js'
import {attemptOf, runBlock, steplessRecord, trajectoryRecord} from '../src/lib/rollout/trajectory-record.js'
import {TrajectorySchema} from '../src/lib/schema/trajectory.js'
import {actionCoordinate} from '../src/lib/schema/action.js'

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
      for (const value of actionCoordinate(action) ?? [])
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
    const extra = {
      browser_restarts: 1,
      total: 2,
      concurrency: 2,
      mode: 'async',
      policy: 'random',
      invalid_skipped: 3,
      samples: 1,
      shard: null,
      policy_servers: null,
      max_active: 2,
    }
    const summary = metrics.summary(extra)
    expect(summary.browser_stages).toEqual({most_at_once: 0, turn_wait_ms: null})
    metrics.turnTaken(0)
    metrics.turnTaken(40)
    metrics.turnEnded()
    metrics.turnTaken(10)
    expect(metrics.summary({...extra, max_active: 2}).browser_stages).toEqual({
      most_at_once: 2,
      turn_wait_ms: {p50: 10, p95: 40},
    })
    expect(summary.timings_ms.policy).toEqual({p50: 51, p95: 96})
    expect(summary.timings_ms.observe).toBeNull()
    expect(summary.by_status).toMatchObject({answered: 1, error: 1, horizon: 0})
    expect(summary.episodes).toBe(2)
    expect(summary).toMatchObject({invalid_skipped: 3, check_errors: 2, browser_restarts: 1})
    expect(metrics.firstCheckError).toBe('no token')
  })
})

describe('BarrierSeat', () => {
  it('leaves once however often its episode and its task say they are done, and waits again after a rejoin', async () => {
    const barrier = new StepBarrier(3)
    const [a, b, c] = [barrier.seat(), barrier.seat(), barrier.seat()]
    a.leave()
    a.leave() // the episode left, then its task: the barrier still waits for c
    let released = false
    const waiting = b.arrive().then(() => (released = true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(released).toBe(false)
    await Promise.all([waiting, c.arrive()])
    a.rejoin() // tried again on another browser
    released = false
    const again = b.arrive().then(() => (released = true))
    const cToo = c.arrive()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(released).toBe(false)
    await Promise.all([again, cToo, a.arrive()])
    expect(released).toBe(true)
  })
})

describe('trajectory records', () => {
  const settings = {
    viewport: {width: 1280, height: 768},
    settle: {quietMs: 300, timeoutMs: 5000},
    observe: {mode: observeMode('screenshot'), jpegQuality: 80, imageWindow: 4},
  }
  const policy = (promptSettings?: {window: number; memory: boolean}) =>
    ({
      name: 'openai',
      model: 'm',
      promptVersion: 'p1',
      version: null,
      remote: true,
      ...(promptSettings ? {promptSettings} : {}),
      begin: () => {
        throw new Error('not used')
      },
    }) satisfies Policy

  it('have one run block per run, in the field order every record has had', () => {
    const run = runBlock(policy({window: 4, memory: true}), settings, 7)
    expect(Object.keys(run)).toEqual([
      'policy',
      'model',
      'prompt_version',
      'policy_version',
      'window',
      'memory',
      'viewport',
      'seed',
      'webgym_version',
      'settle',
    ])
    expect(run.settle).toEqual({quiet_ms: 300, timeout_ms: 5000})
    // Only a mode other than screenshot is named; a policy without prompt settings has none.
    const som = runBlock(policy(), {...settings, observe: {...settings.observe, mode: observeMode('som')}}, 7)
    expect(som).not.toHaveProperty('window')
    expect(Object.keys(som).at(-1)).toBe('observe')
    expect(som.observe).toBe('som')
  })

  it('are built the same way for an episode that ran and for one that never started', () => {
    const run = runBlock(policy(), settings, 0)
    const startedAt = new Date('2026-01-01T00:00:00Z')
    const ranRecord = trajectoryRecord({
      task: task('easy'),
      attempt: attemptOf('t:1', 2),
      run,
      horizon: 10,
      startedAt,
      endedAt: new Date('2026-01-01T00:00:05Z'),
      end: ended('answered', null),
      answer: '42',
      steps: [],
      check: {pass: true},
    })
    expect(Object.keys(ranRecord)).toEqual([
      'id',
      'attempt',
      'task',
      'run',
      'status',
      'cause',
      'answer',
      'error',
      'steps',
      'check',
    ])
    expect(ranRecord).toMatchObject({id: 't:1#2', attempt: 2, status: 'answered', answer: '42', check: {pass: true}})
    expect(ranRecord.run).toMatchObject({horizon: 10, started_at: '2026-01-01T00:00:00.000Z'})
    expect(Object.keys(ranRecord.run).slice(-3)).toEqual(['horizon', 'started_at', 'ended_at'])
    expect(TrajectorySchema.parse(ranRecord)).toBeTruthy()

    const never = steplessRecord(
      {task: task('hard'), attempt: attemptOf('t:1', 1), run, horizon: 30, end: ended('not-started', 'stopped')},
      startedAt,
    )
    expect(Object.keys(never)).toEqual(Object.keys(ranRecord).filter((key) => key !== 'check'))
    expect(never).toMatchObject({id: 't:1#1', status: 'aborted', cause: {kind: 'not-started'}, answer: null, steps: []})
    expect(never.run.started_at).toBe(never.run.ended_at)
  })
})

describe('stopping a rollout on signals (the command)', () => {
  const result = (answered: number, aborted: number, episodes: number) => {
    const metrics = new RolloutMetrics()
    for (let i = 0; i < answered; i++) metrics.finished('answered')
    for (let i = 0; i < aborted; i++) metrics.finished('aborted')
    return {metrics, episodes, stopped: true}
  }

  it('drains on the first signal, aborts after the grace period, and ends with 130 and how to finish', async () => {
    const reporter = memoryReporter(flagNames)
    const signals = new SignalStop({graceMs: 50, reporter})
    const {drain, signal} = signals.stop
    expect(signals.interrupted(result(0, 0, 5), undefined)).toBeNull()
    signals.receive('SIGINT')
    expect([drain!.aborted, signal!.aborted]).toEqual([true, false])
    expect(reporter.messages).toEqual([
      'SIGINT: starting no new episodes; those in flight have 0 s to finish (send it again to stop now)',
    ])
    await new Promise((resolve) => setTimeout(resolve, 80))
    expect(signal!.aborted).toBe(true)
    const interrupted = signals.interrupted(result(1, 2, 5), 'traj.ndjson')!
    expect(interrupted.exitCode).toBe(130)
    expect(interrupted.render(flagNames)).toEqual({
      message: 'rollout stopped by SIGINT: 3 of 5 episodes written (2 aborted)',
      hint: 'rerun with --resume traj.ndjson to finish',
    })
    signals.dispose()
  })

  it('aborts at once on the second signal, and ends with 143 after SIGTERM', () => {
    const reporter = memoryReporter(flagNames)
    const signals = new SignalStop({graceMs: 60_000, reporter})
    signals.receive('SIGTERM')
    signals.receive('SIGTERM')
    expect(signals.stop.signal!.aborted).toBe(true)
    expect(reporter.messages[1]).toBe('SIGTERM again: aborting the episodes in flight now (a third time exits at once)')
    const interrupted = signals.interrupted(result(0, 1, 2), undefined)!
    expect(interrupted.exitCode).toBe(143)
    expect(interrupted.render(flagNames).hint).toBe('write the output with -o FILE to be able to --resume')
    signals.dispose()
  })

  it('listens to the process only between listen and dispose', () => {
    const before = process.listenerCount('SIGINT')
    const signals = new SignalStop({graceMs: 0, reporter: memoryReporter()}).listen()
    expect(process.listenerCount('SIGINT')).toBe(before + 1)
    signals.dispose()
    expect(process.listenerCount('SIGINT')).toBe(before)
  })
})

describe('createPolicy', () => {
  const choice = (dialect: DialectName, observe: string) => ({
    name: 'openai' as const,
    client: () => {
      throw new Error('the client is made only once the dialect fits the observation')
    },
    dialect,
    observe: observeMode(observe as ObserveModeName),
    memory: true,
    window: 4,
    maxTokens: 64,
    oracleNoise: 0,
    invalid: new InvalidRecords('fail', memoryReporter()),
  })

  it('refuses a model dialect that cannot act on what the observation mode shows, as a usage error', async () => {
    const ids = await createPolicy(choice('som', 'screenshot')).catch((error: unknown) => error)
    expect(ids).toBeInstanceOf(UsageError)
    expect((ids as UsageError).exitCode).toBe(2)
    // A library caller reads its option keys; the command its flags.
    expect((ids as UsageError).message).toBe('dialect som names elements by id, but observe screenshot numbers none')
    expect((ids as UsageError).render(flagNames)).toEqual({
      message: '--dialect som names elements by id, but --observe screenshot numbers none',
      hint: 'use --observe som, axtree, screenshot+axtree or som+axtree',
    })
    const image = await createPolicy(choice('qwen3vl', 'axtree')).catch((error: unknown) => error)
    expect((image as UsageError).render(flagNames)).toEqual({
      message: '--dialect qwen3vl points at the screenshot, but --observe axtree shows no image',
      hint: 'use --observe screenshot+axtree (or som+axtree), or --dialect som',
    })
  })
})
