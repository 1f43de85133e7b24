// The oracle in every observation mode: in som and axtree it acts through the observation's element ids (the
// element under its target, the label of a hidden control), writing som-dialect replies, and must solve the same
// fixture-web tasks as by coordinates. The tasks: one per family, each clicking labels (often of hidden controls).
import {existsSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {Catalog} from '../src/lib/sites/catalog.js'
import {assertBuilt} from './helpers/cli.js'
import {ndjson, readNdjson, spawnWebgym} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'

// som+axtree numbers elements as som and axtree do (the same tree), so it is left to rollout.observe.test.ts.
const MODES = ['screenshot', 'som', 'axtree'] as const
const labelTasks = [...new Catalog({seed: 0}).taskRecords()]
  .filter((task) => JSON.stringify((task.meta as {solution?: unknown}).solution).includes('label[for='))
  .filter((task, i, all) => all.findIndex((other) => other.meta?.family === task.meta?.family) === i)
const sample = labelTasks

describe('rollout --policy oracle in every observation mode', () => {
  const {dir} = workdir()
  const results = new Map<string, {exitCode: number | null; stderr: string; trajectories: any[]}>()

  beforeAll(async () => {
    assertBuilt()
    writeFileSync(join(dir, 'tasks.ndjson'), ndjson(sample))
    for (const mode of MODES) {
      const out = join(dir, `${mode}.ndjson`)
      const result = await spawnWebgym(
        [
          'rollout',
          '--policy',
          'oracle',
          '--observe',
          mode,
          '--concurrency',
          '7',
          '--browsers',
          '3',
          '--horizon',
          '60',
          '--shots',
          join(dir, 'shots'),
          '-o',
          out,
          join(dir, 'tasks.ndjson'),
        ],
        {tmp: dir},
      )
      results.set(mode, {
        exitCode: result.exitCode ?? null,
        stderr: result.stderr,
        trajectories: existsSync(out) ? readNdjson(out) : [],
      })
    }
  }, 900_000)

  it('has a task that clicks labels in every family', () => {
    expect(labelTasks.length).toBe(7)
  })

  for (const mode of MODES) {
    it(`${mode}: answers every task and passes its check`, () => {
      const {exitCode, stderr, trajectories} = results.get(mode)!
      expect(exitCode, stderr).toBe(0)
      expect(trajectories).toHaveLength(sample.length)
      const failed = trajectories
        .filter((t) => t.status !== 'answered' || t.check?.pass !== true)
        .map((t) => `${t.task.id}: ${t.status} ${JSON.stringify(t.check?.facts?.filter((f: any) => !f.pass))}`)
      expect(failed).toEqual([])
    })
  }

  it('acts through element ids, replying in the som dialect, where the mode numbers elements', () => {
    for (const mode of ['som', 'axtree']) {
      const trajectories = results.get(mode)!.trajectories
      const steps = trajectories.flatMap((t) => t.steps)
      expect(trajectories.every((t) => t.run.prompt_version === 'som-v1' && t.run.observe === mode)).toBe(true)
      const pointers = steps.filter((step) => ['left_click', 'type', 'press'].includes(step.action?.name))
      expect(pointers.length).toBeGreaterThan(sample.length)
      for (const step of pointers) {
        expect(step.action.coordinate).toBeUndefined()
        expect(step.action.element).toBeGreaterThan(0)
        expect(step.response).toMatch(/\nAction: (click|fill|press)\('\d+'/)
        expect(step.action_error).toBeNull()
      }
    }
    const coordinates = results
      .get('screenshot')!
      .trajectories.flatMap((t) => t.steps)
      .filter((step) => step.action?.name === 'left_click')
    expect(
      coordinates.every((step) => Array.isArray(step.action.coordinate) && step.action.element === undefined),
    ).toBe(true)
  })
})
