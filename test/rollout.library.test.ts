// The rollout service as a library caller uses it: one options object, stopped through its own AbortSignals (a soft
// drain and a hard abort), with real Chromium on the fixture web. It installs no signal handler, never exits the
// process, and writes every task it took as one record however it was stopped.
import {describe, expect, it} from 'vitest'
import {InvalidRecords} from '../src/lib/io/invalid-records.js'
import {observeMode} from '../src/lib/observe/observe-mode.js'
import {memoryReporter} from '../src/lib/report/reporter.js'
import {createPolicy} from '../src/lib/rollout/policies/create-policy.js'
import type {Policy} from '../src/lib/rollout/policy.js'
import {runRollout, type RolloutOptions} from '../src/lib/rollout/run-rollout.js'
import {DEFAULT_SETTLE} from '../src/lib/rollout/settle.js'
import {Catalog} from '../src/lib/sites/catalog.js'
import {ndjson, readNdjson} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'
import {driveHeadlessShell} from './helpers/headless-shell.js'

// webgym's own logic is under test, not what Chromium draws (see test/helpers/headless-shell.ts).
driveHeadlessShell()

const shop = [...new Catalog({seed: 0}).taskRecords()].filter(
  (task) => task.meta?.family === 'shop' && task.level === 'easy',
)

function options(dir: string, policy: Policy, tasks: string): RolloutOptions {
  const reporter = memoryReporter()
  const observe = observeMode('screenshot')
  return {
    tasks: {files: [tasks], invalid: new InvalidRecords('fail', reporter), maxLineBytes: 1 << 24, samples: 1},
    output: {file: `${dir}/traj.ndjson`, shots: `${dir}/shots`},
    policy,
    schedule: {mode: 'async', concurrency: 1, maxInflight: 1, maxActive: 1, retries: 0, seed: 0},
    browsers: {local: 1, endpoints: []},
    episode: {
      limits: {
        horizons: [10],
        maxRepeats: 3,
        maxActionErrors: 3,
        stepTimeoutMs: 30_000,
        episodeTimeoutMs: 120_000,
        navigationTimeoutMs: 30_000,
      },
      viewport: {width: 1280, height: 768},
      settle: DEFAULT_SETTLE,
      observe: {mode: observe, jpegQuality: 80, imageWindow: 4},
      trace: {mode: 'none', dir: `${dir}/traces`},
    },
    fixtureWeb: {faults: {}},
    guard: {allowHosts: [], blockAfter: 3},
    reporter,
  }
}

/** The oracle, with `atFirstStep` called as the first episode takes its first step (to stop the run from there). */
async function oracle(atFirstStep: () => void): Promise<Policy> {
  const policy = await createPolicy({
    name: 'oracle',
    dialect: 'qwen3vl',
    observe: observeMode('screenshot'),
    memory: true,
    window: 4,
    maxTokens: 64,
    oracleNoise: 0,
    invalid: new InvalidRecords('fail', memoryReporter()),
  })
  let called = false
  return {
    name: policy.name,
    model: policy.model,
    promptVersion: policy.promptVersion,
    version: policy.version,
    remote: policy.remote,
    begin: (task, seed, attempt) => {
      const episode = policy.begin(task, seed, attempt)
      return {
        horizon: episode.horizon,
        next: (input) => {
          if (!called) atFirstStep()
          called = true
          return episode.next(input)
        },
      }
    },
  }
}

describe('runRollout as a library', () => {
  it('drains on its drain signal: the episode in flight finishes, the rest are written as not started', async () => {
    const wd = workdir()
    const tasks = wd.write('tasks.ndjson', ndjson(shop.slice(0, 3)))
    const drain = new AbortController()
    const handlers = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]
    let handlersDuringRun: number[] = []
    const policy = await oracle(() => {
      handlersDuringRun = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]
      drain.abort()
    })
    const result = await runRollout(options(wd.dir, policy, tasks), {drain: drain.signal})
    expect(handlersDuringRun).toEqual(handlers)
    expect(result).toMatchObject({stopped: true, episodes: 3})
    const records = readNdjson(wd.path('traj.ndjson'))
    expect(records.map((record) => [record.task.id, record.status, record.cause.kind])).toEqual([
      [shop[0]!.id, 'answered', 'answered'],
      [shop[1]!.id, 'aborted', 'not-started'],
      [shop[2]!.id, 'aborted', 'not-started'],
    ])
    expect(process.exitCode).toBeUndefined()
  })

  it('aborts on its signal: the episode in flight ends as aborted, and the run returns rather than fails', async () => {
    const wd = workdir()
    const tasks = wd.write('tasks.ndjson', ndjson(shop.slice(0, 2)))
    const abort = new AbortController()
    const policy = await oracle(() => abort.abort())
    const result = await runRollout(options(wd.dir, policy, tasks), {signal: abort.signal})
    expect(result.stopped).toBe(true)
    expect(result.metrics.episodes.aborted).toBe(2)
    const records = readNdjson(wd.path('traj.ndjson'))
    expect(records.map((record) => [record.status, record.cause.kind])).toEqual([
      ['aborted', 'stopped'],
      ['aborted', 'stopped'],
    ])
    // The first was stopped in its first step; the second never got a browser.
    expect(records[0].steps.length).toBeLessThanOrEqual(1)
    expect(records[1].steps).toEqual([])
  })
})
