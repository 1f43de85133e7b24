import {largestRemainderQuotas} from './quotas.js'
import {SeededRandom} from '../random/seeded-random.js'
import {Side} from './sides.js'
import {NO_WEBSITE, type TaskIndex} from './task-index.js'

export interface ChooseTestTasksOptions {
  testSize: number
  seed: number
}

export interface TestChoice {
  /** The side of each task, by task number. */
  sides: Uint8Array
  /** How many test tasks the input allows: min(testSize, distinct websites). */
  possible: number
  /** The test tasks each stratum was allotted, by stratum number. */
  quotas: number[]
}

/**
 * Picks the out-of-distribution test set: at most one task per website, strata mirrored by largest-remainder
 * quotas, filled in a seeded random order and topped up from any unused website when a quota cannot be met. The
 * order draws websites uniformly, not tasks: a website with many tasks is no likelier to be a test website, so
 * few training tasks are held out with the test websites.
 */
export function chooseTestTasks(index: TaskIndex, options: ChooseTestTasksOptions): TestChoice {
  const taskCount = index.websiteOf.length
  const possible = Math.min(options.testSize, index.websiteCount)
  const quotas = largestRemainderQuotas(tasksPerStratum(index), possible)
  const order = websiteUniformOrder(index, new SeededRandom(options.seed))
  const sides = new Uint8Array(taskCount)
  const websiteUsed = new Uint8Array(index.websiteCount)
  const needed = [...quotas]
  let chosen = 0
  const take = (task: number) => {
    sides[task] = Side.test
    websiteUsed[index.websiteOf[task]] = 1
    chosen++
  }
  for (let i = 0; i < order.length && chosen < possible; i++) {
    const task = order[i]
    const stratum = index.stratumOf[task]
    if (needed[stratum] > 0 && !websiteUsed[index.websiteOf[task]]) {
      needed[stratum]--
      take(task)
    }
  }
  for (let i = 0; i < order.length && chosen < possible; i++) {
    const task = order[i]
    if (!websiteUsed[index.websiteOf[task]]) take(task)
  }
  for (let task = 0; task < taskCount; task++) {
    const website = index.websiteOf[task]
    if (website === NO_WEBSITE) sides[task] = Side.noWebsite
    else if (sides[task] !== Side.test && websiteUsed[website]) sides[task] = Side.heldOut
  }
  return {sides, possible, quotas}
}

// Weighted random order (Efraimidis-Spirakis keys u^(1/w)) with each task weighted 1/(tasks of its website): the
// first task of every website then lands at a uniformly random position, whatever the website's size.
function websiteUniformOrder(index: TaskIndex, random: SeededRandom): Uint32Array {
  const tasksOfWebsite = new Uint32Array(index.websiteCount)
  for (const website of index.websiteOf) if (website !== NO_WEBSITE) tasksOfWebsite[website]++
  const order = tasksWithWebsite(index)
  const keys = new Float64Array(index.websiteOf.length)
  for (const task of order) keys[task] = tasksOfWebsite[index.websiteOf[task]] * Math.log(random.nextFloat())
  return order.sort((a, b) => keys[b] - keys[a])
}

function tasksPerStratum(index: TaskIndex): number[] {
  const counts = index.strata.map(() => 0)
  for (let task = 0; task < index.websiteOf.length; task++) {
    if (index.websiteOf[task] !== NO_WEBSITE) counts[index.stratumOf[task]]++
  }
  return counts
}

function tasksWithWebsite(index: TaskIndex): Uint32Array {
  let count = 0
  for (const website of index.websiteOf) if (website !== NO_WEBSITE) count++
  const tasks = new Uint32Array(count)
  let next = 0
  for (let task = 0; task < index.websiteOf.length; task++)
    if (index.websiteOf[task] !== NO_WEBSITE) tasks[next++] = task
  return tasks
}
