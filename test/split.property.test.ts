import {mkdir, readFile, rm, writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import fc from 'fast-check'
import {beforeAll, describe, expect, it} from 'vitest'
import {memoryReporter} from '../src/lib/report/reporter.js'
import {InvalidRecords} from '../src/lib/io/invalid-records.js'
import {largestRemainderQuotas} from '../src/lib/split/quotas.js'
import {splitTasks} from '../src/lib/split/split-tasks.js'
import {existsSync} from 'node:fs'
import {UsageError} from '../src/lib/errors.js'
import {workdir} from './helpers/workdir.js'

interface FixtureTask {
  id: string
  source: string
  intent: string
  website: string | null
  start_url: string | null
  domain: string | null
  subdomain: string | null
  level: 'easy' | 'medium' | 'hard' | null
}

type Shape = Pick<FixtureTask, 'website' | 'domain' | 'subdomain' | 'level'>

let workDir: string
let runNumber = 0
beforeAll(() => {
  workDir = workdir().dir
})

const stratumArb = {
  domain: fc.constantFrom(null, 'Entertainment', 'Misc.', 'Science & Research'),
  subdomain: fc.constantFrom(null, 'Music', 'News'),
  level: fc.constantFrom(null, 'easy' as const, 'medium' as const, 'hard' as const),
}

/** Tasks over a small pool of websites, some spelled in upper case (the same website), some with none. */
const smallTaskSetArb = fc.integer({min: 1, max: 25}).chain((websites) =>
  fc.array(
    fc.record({
      website: fc.option(
        fc
          .tuple(fc.integer({min: 0, max: websites - 1}), fc.boolean())
          .map(([n, upper]) => (upper ? `SITE${n}.COM` : `site${n}.com`)),
        {nil: null, freq: 6},
      ),
      ...stratumArb,
    }),
    // An empty input is an error in every command (bad-input.files.test.ts), not a split of nothing.
    {minLength: 1, maxLength: 80},
  ),
)

function toTasks(shapes: Shape[]): FixtureTask[] {
  return shapes.map((shape, i) => ({
    id: `prop:${i}`,
    source: 'prop',
    intent: `task ${i}`,
    start_url: shape.website === null ? null : `https://${shape.website}/`,
    ...shape,
  }))
}

type SplitRun =
  | {
      report: Awaited<ReturnType<typeof splitTasks>>
      trainText: Buffer
      testText: Buffer
      trainTasks: FixtureTask[]
      testTasks: FixtureTask[]
    }
  | {refused: unknown; written: boolean}

async function runSplit(tasks: FixtureTask[], options: {testSize: number; seed: number}): Promise<SplitRun> {
  const dir = join(workDir, String(runNumber++))
  const input = join(dir, 'in.ndjson')
  const train = join(dir, 'train.ndjson')
  const test = join(dir, 'test.ndjson')
  await rm(dir, {recursive: true, force: true})
  await mkdir(dir, {recursive: true})
  await writeFile(input, tasks.map((task) => JSON.stringify(task)).join('\n') + (tasks.length > 0 ? '\n' : ''))
  const invalid = new InvalidRecords('fail', memoryReporter())
  let report
  try {
    report = await splitTasks({input, train, test, testSize: {count: options.testSize}, seed: options.seed, invalid})
  } catch (error) {
    // Refused (a side would be empty or train left less than half the websites): nothing written.
    const written = existsSync(train) || existsSync(test)
    await rm(dir, {recursive: true, force: true})
    return {refused: error, written}
  }
  const trainText = await readFile(train)
  const testText = await readFile(test)
  await rm(dir, {recursive: true, force: true})
  return {report, trainText, testText, trainTasks: parseLines(trainText), testTasks: parseLines(testText)}
}

function parseLines(bytes: Buffer): FixtureTask[] {
  const text = bytes.toString('utf8')
  return text === ''
    ? []
    : text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as FixtureTask)
}

const site = (task: Shape): string | null => (task.website === null ? null : task.website.toLowerCase())

describe('split service (properties)', () => {
  it('keeps test websites out of train, one test task per website, and accounts for every task', async () => {
    await fc.assert(
      fc.asyncProperty(smallTaskSetArb, fc.integer({min: 1, max: 30}), fc.integer(), async (shapes, testSize, seed) => {
        const tasks = toTasks(shapes)
        const result = await runSplit(tasks, {testSize, seed})
        const distinctWebsites = new Set(tasks.map(site).filter((w) => w !== null))
        // Train keeps at least half the websites: a larger test set is refused, and neither file is written.
        if (testSize > Math.floor(distinctWebsites.size / 2)) {
          expect('refused' in result && result.refused).toBeInstanceOf(UsageError)
          expect('written' in result && result.written).toBe(false)
          return
        }
        if (!('report' in result)) throw result.refused
        const {report, trainTasks, testTasks} = result
        expect(trainTasks.length).toBeGreaterThan(0)
        const testWebsites = testTasks.map(site)
        const testWebsiteSet = new Set(testWebsites)

        expect(testWebsites).not.toContain(null)
        expect(testWebsiteSet.size).toBe(testWebsites.length)
        expect(testTasks.length).toBe(Math.min(testSize, distinctWebsites.size))
        for (const task of trainTasks) expect(testWebsiteSet.has(site(task))).toBe(false)

        // Train is exactly the tasks of non-test websites, in input order; test keeps input order too.
        const expectedTrain = tasks
          .filter((task) => site(task) !== null && !testWebsiteSet.has(site(task)))
          .map((task) => task.id)
        expect(trainTasks.map((task) => task.id)).toEqual(expectedTrain)
        const testIds = testTasks.map((task) => task.id)
        expect(testIds).toEqual(tasks.filter((task) => testIds.includes(task.id)).map((task) => task.id))

        // Every task with a website is in exactly one of train, test, held out.
        const heldOut = tasks.filter(
          (task) => site(task) !== null && testWebsiteSet.has(site(task)) && !testIds.includes(task.id),
        )
        expect(trainTasks.length + testTasks.length + heldOut.length).toBe(
          tasks.filter((task) => site(task) !== null).length,
        )
        expect(report.held_out).toBe(heldOut.length)
        expect(report.no_website).toBe(tasks.filter((task) => site(task) === null).length)
        expect(report.train.tasks).toBe(trainTasks.length)
        expect(report.test.websites).toBe(testTasks.length)
        expect(report.check.ok).toBe(true)
        expect(report.check.test_size).toEqual({
          requested: testSize,
          possible: Math.min(testSize, distinctWebsites.size),
          achieved: testTasks.length,
        })
      }),
      {numRuns: 60},
    )
  })

  it('gives byte-identical files for the same seed, and a different test set for another seed', async () => {
    await fc.assert(
      fc.asyncProperty(smallTaskSetArb, fc.integer({min: 1, max: 30}), fc.integer(), async (shapes, testSize, seed) => {
        const tasks = toTasks(shapes)
        const first = await runSplit(tasks, {testSize, seed})
        const second = await runSplit(tasks, {testSize, seed})
        expect('report' in first).toBe('report' in second)
        if (!('report' in first) || !('report' in second)) return
        expect(first.trainText.equals(second.trainText)).toBe(true)
        expect(first.testText.equals(second.testText)).toBe(true)
      }),
      {numRuns: 30},
    )
    const many = toTasks(
      Array.from({length: 200}, (_, i) => ({website: `w${i}.org`, domain: null, subdomain: null, level: null})),
    )
    const [a, b] = await Promise.all([runSplit(many, {testSize: 20, seed: 1}), runSplit(many, {testSize: 20, seed: 2})])
    if (!('report' in a) || !('report' in b)) throw new Error('a split of 200 websites was refused')
    expect(a.testText.equals(b.testText)).toBe(false)
  })

  it('mirrors the (domain, subdomain, level) mix: each stratum within 1 of its proportional share', async () => {
    // Mostly one task per website, some websites shared by two tasks: websites are plentiful.
    const largeTaskSetArb = fc.array(
      fc.record({shared: fc.integer({min: 0, max: 9}).map((n) => n < 2), ...stratumArb}),
      {minLength: 1500, maxLength: 2500},
    )
    await fc.assert(
      fc.asyncProperty(largeTaskSetArb, fc.integer({min: 20, max: 150}), fc.integer(), async (rows, testSize, seed) => {
        const shapes = rows.map(({shared, ...stratum}, i) => ({
          website: `w${shared && i > 0 ? i - 1 : i}.net`,
          ...stratum,
        }))
        const tasks = toTasks(shapes)
        const result = await runSplit(tasks, {testSize, seed})
        if (!('report' in result)) throw result.refused
        const {testTasks} = result
        expect(testTasks.length).toBe(testSize)
        const key = (task: Shape) => JSON.stringify([task.domain, task.subdomain, task.level])
        const whole = countBy(tasks, key)
        const test = countBy(testTasks, key)
        for (const [stratum, size] of whole) {
          const share = (testSize * size) / tasks.length
          expect(
            Math.abs((test.get(stratum) ?? 0) - share),
            `stratum ${stratum}: ${test.get(stratum) ?? 0} test tasks, share ${share}`,
          ).toBeLessThan(1)
        }
      }),
      {numRuns: 12, endOnFailure: true},
    )
  })

  it('allots quotas that sum to the total, each within 1 of its exact share', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({max: 10_000}), {minLength: 1, maxLength: 40}), fc.nat(), (sizes, pick) => {
        const population = sizes.reduce((a, b) => a + b, 0)
        const total = population === 0 ? 0 : pick % (population + 1)
        const quotas = largestRemainderQuotas(sizes, total)
        expect(quotas.reduce((a, b) => a + b, 0)).toBe(total)
        sizes.forEach((size, i) => {
          expect(quotas[i]).toBeLessThanOrEqual(size)
          if (population > 0) expect(Math.abs(quotas[i] - (total * size) / population)).toBeLessThan(1)
        })
      }),
    )
  })
})

function countBy<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>()
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1)
  return counts
}

describe('test websites are drawn per website, not per task', () => {
  it('holds out few training tasks when a few websites hold most tasks', async () => {
    const {chooseTestTasks} = await import('../src/lib/split/choose-test-tasks.js')
    const {Side} = await import('../src/lib/split/sides.js')
    // 10 websites with 1,000 tasks each and 1,000 websites with one task each: drawing tasks would make a busy
    // website a test website in about 9 of 10 draws; drawing websites, in about 1 of 100.
    const websiteOf = new Int32Array(11_000)
    for (let task = 0; task < 11_000; task++) websiteOf[task] = task < 10_000 ? task % 10 : 10 + (task - 10_000)
    const index = {
      lines: Int32Array.from(websiteOf, (_, task) => task + 1),
      websiteOf,
      stratumOf: new Int32Array(11_000),
      websiteCount: 1010,
      websites: [],
      strata: [{domain: null, subdomain: null, level: null}],
    }
    let heldOut = 0
    for (let seed = 0; seed < 20; seed++) {
      const {sides} = chooseTestTasks(index, {testSize: 50, seed})
      heldOut += sides.filter((side) => side === Side.heldOut).length
    }
    // Expected: 50 test websites x 20 seeds x ~1% busy x 999 other tasks ~ 10,000; drawing tasks would give ~900,000.
    expect(heldOut / 20).toBeLessThan(3000)
  })
})
