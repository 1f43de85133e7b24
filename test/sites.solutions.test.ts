import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {Catalog} from '../src/lib/sites/catalog.js'
import type {TaskInput} from '../src/lib/schema/task.js'
import {verifyTask, type TaskVerification} from '../src/lib/sites/verify-tasks.js'
import {startFixtureBrowser, type FixtureBrowser} from './helpers/fixture-browser.js'
import {driveHeadlessShell} from './helpers/headless-shell.js'

// A stratified sample of the fixture tasks (every family x level cell, round robin) is solved in real Chromium by
// following its reference solution; `npm run verify:sites` runs the same check on every task. The tasks are under
// test, not what Chromium draws: a fixture web and a headless shell of this file's own, at half the CPU per step.
driveHeadlessShell()
const SAMPLE_SIZE = 112
const SEED = 0

function stratifiedSample(tasks: TaskInput[], size: number): TaskInput[] {
  const cells = new Map<string, TaskInput[]>()
  for (const task of tasks) {
    const key = `${String(task.meta?.family)}/${task.level}`
    if (!cells.has(key)) cells.set(key, [])
    cells.get(key)!.push(task)
  }
  // Spread each cell's picks over its sites: take every k-th task.
  const queues = [...cells.values()].map((list) => {
    const step = Math.max(1, Math.floor(list.length / Math.ceil(size / cells.size)))
    return list.filter((_, i) => i % step === 0)
  })
  const sample: TaskInput[] = []
  for (let round = 0; sample.length < size && queues.some((queue) => queue.length > round); round++)
    for (const queue of queues) if (queue[round] && sample.length < size) sample.push(queue[round]!)
  return sample
}

const sample = stratifiedSample([...new Catalog({seed: SEED}).taskRecords()], SAMPLE_SIZE)
const results = new Map<string, TaskVerification>()
let fixture: FixtureBrowser

beforeAll(async () => {
  fixture = await startFixtureBrowser({seed: SEED})
  expect(fixture.server.catalog.seed).toBe(SEED)
  let next = 0
  await Promise.all(
    Array.from({length: 6}, async () => {
      while (next < sample.length) {
        const task = sample[next++]!
        results.set(task.id, await verifyTask(fixture.browser, fixture.server, task))
      }
    }),
  )
}, 1_200_000)
afterAll(async () => fixture?.close())

describe('reference solutions in Chromium', () => {
  it('samples at least 100 tasks over every family and level', () => {
    expect(sample.length).toBeGreaterThanOrEqual(100)
    const families = new Set(sample.map((task) => task.meta?.family))
    const levels = new Set(sample.map((task) => task.level))
    expect(levels).toEqual(new Set(['easy', 'medium', 'hard']))
    expect(families.size).toBe(new Set([...new Catalog({seed: SEED}).sites].map((site) => site.family)).size)
  })

  it.each(sample.map((task) => [task.id, task.level] as const))(
    '%s (%s): the reference solution passes; a wrong answer or incomplete state fails a fact',
    (id) => {
      const result = results.get(id)!
      expect(result.problems).toEqual([])
      expect(result.solved?.pass).toBe(true)
    },
  )
})
