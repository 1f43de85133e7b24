import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {Catalog} from '../src/lib/sites/catalog.js'
import {MANY_HAZARDS, siteHazards} from '../src/lib/sites/hazards.js'
import type {LoggedRequest} from '../src/lib/sites/session-log.js'
import {startSites, type SitesServer} from '../src/lib/sites/server.js'
import {assertBuilt} from './helpers/cli.js'
import {chromiumProcesses, fixtureSample, ndjson, readNdjson, spawnWebgym} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'

// Observation fidelity: the oracle rolls out hundreds of fixture tasks on sites with the hazards turned up (late
// effects, script redirects, pushState swaps, skeleton screens, lazy images), and the fixture web's own record of what
// each answer reflected judges every observation. Endless animations and long polls end the wait at the bound.
const HAZARDS = 'hazards,animation=0,polling=0'
const sample = fixtureSample(29)

let sites: SitesServer
beforeAll(async () => {
  assertBuilt()
  sites = await startSites({port: 0, faults: HAZARDS})
})
afterAll(async () => {
  await sites?.stop()
})

async function rollout(dir: string, tasks: readonly unknown[], extra: string[] = []) {
  const tasksFile = join(dir, 'tasks.ndjson')
  const out = join(dir, 'traj.ndjson')
  writeFileSync(tasksFile, ndjson(tasks))
  const result = await spawnWebgym(
    [
      'rollout',
      '--policy',
      'oracle',
      '--concurrency',
      '8',
      '--browsers',
      '3',
      '--horizon',
      '60',
      '--sites',
      sites.url,
      '--sites-token',
      sites.token,
      '--shots',
      join(dir, 'shots'),
      '--summary',
      join(dir, 'summary.json'),
      '-o',
      out,
      ...extra,
      tasksFile,
    ],
    {tmp: dir},
  )
  expect(result.stderr).not.toMatch(/internal error/)
  expect(result.exitCode, result.stderr.slice(-2000)).toBe(0)
  expect(chromiumProcesses(dir)).toEqual([])
  return {trajectories: readNdjson(out), stderr: result.stderr}
}

async function sessionLog(session: string): Promise<LoggedRequest[]> {
  const response = await fetch(`${sites.url}/__webgym/log?session=${session}`, {
    headers: {'x-webgym-token': sites.token},
  })
  return ((await response.json()) as {requests: LoggedRequest[]}).requests
}

describe('rollout waits for the page to settle before it observes', () => {
  let trajectories: any[]
  let stderr: string

  beforeAll(async () => {
    // The bound is raised from its 5 s so that the load of other test files running beside this one does not end
    // waits early: what is under test here is what counts as settled (the bound has its own tests below).
    ;({trajectories, stderr} = await rollout(workdir().dir, sample, ['--settle-timeout', '10']))
  }, 1_200_000)

  it('rolls out at least 200 episodes, every one answered and passing its check', () => {
    expect(trajectories.length).toBeGreaterThanOrEqual(200)
    expect(trajectories.map((t) => t.id).sort()).toEqual(sample.map((t) => `${t.id}#1`).sort())
    const failed = trajectories
      .filter((t) => t.status !== 'answered' || t.check?.pass !== true)
      .map(
        (t) =>
          `${t.id}: ${t.status} ${JSON.stringify(t.cause)} ${JSON.stringify(t.check?.facts?.filter((f: any) => !f.pass))}`,
      )
    expect(failed).toEqual([])
  })

  it('meets every hazard the fixture web offers, many times', async () => {
    const parts = new Map<string, number>()
    for (const trajectory of trajectories)
      for (const request of await sessionLog(trajectory.check.session))
        if (request.hazard) parts.set(request.hazard, (parts.get(request.hazard) ?? 0) + 1)
    for (const part of ['skeleton-shell', 'skeleton-content', 'script-redirect', 'pushstate', 'late-effect'])
      expect(parts.get(part) ?? 0, part).toBeGreaterThanOrEqual(5)
    const lazy = trajectories.filter((t) =>
      siteHazards(new URL(t.task.start_url).hostname, MANY_HAZARDS).has('lazy-images'),
    )
    expect(lazy.length).toBeGreaterThanOrEqual(20)
  })

  it('takes no observation before the page showed the session state, by the fixture web own record', () => {
    const checked = trajectories.reduce((sum, t) => sum + t.check.observations.checked, 0)
    const steps = trajectories.reduce((sum, t) => sum + t.steps.length, 0)
    expect(checked).toBe(steps)
    const stale = trajectories.flatMap((t) =>
      t.check.observations.stale.map((s: any) => `${t.id} step ${s.step}: ${s.reason}`),
    )
    expect(stale).toEqual([])
  })

  it('records how long each observation waited and that the page settled; the summary gives p50/p95 and the bound share', () => {
    for (const step of trajectories.flatMap((t) => t.steps)) {
      expect(step.settle_ms).toBeGreaterThanOrEqual(0)
      expect(step.settle_ms).toBeLessThanOrEqual(step.observe_ms)
      expect(typeof step.settled).toBe('boolean')
      expect(Date.parse(step.observed_at)).toBeGreaterThan(0)
    }
    // Hazards are waited out, not timed out: nearly every step settles.
    const steps = trajectories.flatMap((t) => t.steps)
    expect(steps.filter((step) => step.settled).length / steps.length).toBeGreaterThan(0.97)
    expect(trajectories[0].run.settle).toEqual({quiet_ms: 300, timeout_ms: 10_000})
    expect(stderr).toMatch(
      /settle p50 \d+ ms, p95 \d+ ms, \d+\.\d% of steps ended at the bound, \d+ observations retaken/,
    )
    // Retaking is for the page that changed while it was observed, not the rule: the screenshot itself changes nothing.
    const retaken = Number(/(\d+) observations retaken/.exec(stderr)![1])
    expect(retaken).toBeLessThan(0.05 * steps.length)
  })
})

describe('the fixture web record can tell a stale observation', () => {
  it('finds observations taken before the page showed the state when settling is off', async () => {
    // Tasks on sites whose clicks take effect late or swap content in: there, observing at once is observing early.
    const catalog = new Catalog({seed: 0})
    const tasks = [...catalog.taskRecords()].filter((task) => {
      const traits = siteHazards(new URL(task.start_url!).hostname, MANY_HAZARDS)
      return traits.has('late-effect') || traits.has('pushstate')
    })
    const picked = tasks.filter((_, i) => i % Math.floor(tasks.length / 24) === 0).slice(0, 24)
    const {trajectories, stderr} = await rollout(workdir().dir, picked, ['--settle-timeout', '0'])
    expect(stderr).toMatch(/settling off/)
    const stale = trajectories.flatMap((t) => t.check.observations.stale)
    expect(stale.length).toBeGreaterThan(0)
    for (const step of trajectories.flatMap((t) => t.steps)) expect(step.settled).toBeNull()
  }, 600_000)
})

describe('pages that never settle', () => {
  it('end the wait at the bound (an endless animation, a long poll) and the episode goes on to its answer', async () => {
    const catalog = new Catalog({seed: 0})
    const task = [...catalog.taskRecords()].find((t) => t.meta?.family === 'shop')!
    const host = new URL(task.start_url!).hostname
    for (const [hazard, busy] of [
      ['animation', 'animation'],
      ['polling', 'network'],
    ] as const) {
      sites.setFaults(`${hazard}=1`, host)
      const {trajectories} = await rollout(workdir().dir, [task], ['--settle-timeout', '1.5'])
      sites.setFaults(HAZARDS, host)
      const [trajectory] = trajectories
      expect(trajectory).toMatchObject({status: 'answered', cause: {kind: 'answered'}, check: {pass: true}})
      for (const step of trajectory.steps) {
        expect(step).toMatchObject({settled: false, settle_busy: busy})
        expect(step.settle_ms).toBeGreaterThanOrEqual(1500)
        expect(step.settle_ms).toBeLessThan(1500 + 2000)
      }
    }
  }, 300_000)
})
