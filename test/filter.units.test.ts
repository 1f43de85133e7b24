import {describe, expect, it} from 'vitest'
import {parseFilterOptions, parseWhere, type FilterFlagValues} from '../src/cli/filter-flags.js'
import {flagNames} from '../src/cli/flag-names.js'
import {UsageError} from '../src/lib/errors.js'
import {scalarText, valueAtPath} from '../src/lib/filter/dotted-path.js'
import {markedNotToTrain, repeatedStepPositions} from '../src/lib/filter/drop-repeated-steps.js'
import {FilterTally, filterSummaryLine} from '../src/lib/filter/filter-summary.js'
import {compareRecency, RecentPerTask} from '../src/lib/filter/recent-per-task.js'
import {RecencySample} from '../src/lib/filter/recency-sample.js'
import {firstFailedCheck, recordChecks, whereHolds} from '../src/lib/filter/record-predicates.js'
import {renderText} from '../src/lib/option-text.js'
import {JudgedTrajectorySchema, type JudgedTrajectory} from '../src/lib/schema/judged.js'
import {judgedRecord, type JudgedShape} from './helpers/judged-records.js'

/** A hand-made judged trajectory, validated by the real schema. */
function judged(shape: Omit<JudgedShape, 'task'> & {id?: string} = {}): JudgedTrajectory {
  const {id, ...rest} = shape
  return JudgedTrajectorySchema.parse(judgedRecord({...rest, task: id}))
}

const options = (flags: FilterFlagValues) => parseFilterOptions(flags)
// The reason as the command line shows it.
const failure = (flags: FilterFlagValues, record: JudgedTrajectory) => {
  const reason = firstFailedCheck(recordChecks(options(flags)), record)
  return reason === null ? null : renderText(reason, flagNames)
}

function usageMessage(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError)
    return (error as Error).message
  }
  throw new Error('expected a UsageError')
}

describe('record predicates', () => {
  it('--success keeps reward 1 only', () => {
    expect(failure({success: true}, judged({reward: 1}))).toBeNull()
    expect(failure({success: true}, judged({reward: 0}))).toBe('--success')
  })

  it('--min-reward compares the reward with a number', () => {
    expect(failure({minReward: '1'}, judged({reward: 0}))).toBe('--min-reward 1')
    expect(failure({minReward: '0.5'}, judged({reward: 1}))).toBeNull()
    expect(failure({minReward: '0'}, judged({reward: 0}))).toBeNull()
  })

  it('--status and --level keep any of the listed values', () => {
    const flags = {statuses: ['answered', 'horizon'], levels: ['hard']}
    expect(failure(flags, judged({status: 'horizon', level: 'hard'}))).toBeNull()
    expect(failure(flags, judged({status: 'stuck', level: 'hard'}))).toBe('--status')
    expect(failure(flags, judged({status: 'answered', level: 'easy'}))).toBe('--level')
    expect(failure(flags, judged({status: 'answered', level: null}))).toBe('--level')
  })

  it('--where compares strings, booleans, numbers and null as text, and all clauses must hold', () => {
    const record = judged({website: 'shop.webgym.test', blocked: false})
    const where = (...clauses: string[]) => failure({where: clauses}, record)
    expect(
      where('task.website=shop.webgym.test', 'judgment.blocked=false', 'judgment.reward=1', 'task.parent_id=null'),
    ).toBeNull()
    expect(where('task.website=shop.webgym.test', 'judgment.blocked=true')).toBe('--where judgment.blocked=true')
    expect(where('task.website=news.webgym.test')).toBe('--where task.website=news.webgym.test')
    expect(where('steps.1.screenshot=b.jpg', 'steps.0.index=0')).toBeNull()
    // "false" the string is not false the boolean only in JSON; as text they are the same, which is the contract.
    expect(where('judgment.blocked="false"')).toBe('--where judgment.blocked="false"')
  })

  it('--where never matches a missing field or an object', () => {
    const record = judged()
    expect(whereHolds(parseWhere('task.nope=null'), record)).toBe(false)
    expect(whereHolds(parseWhere('task.website.host=x'), record)).toBe(false)
    expect(whereHolds(parseWhere('judgment=[object Object]'), record)).toBe(false)
    expect(whereHolds(parseWhere('steps.9.url='), record)).toBe(false)
    expect(whereHolds(parseWhere('task.constructor=x'), record)).toBe(false)
  })

  it('counts a record under the first check it fails, in a fixed order', () => {
    const flags = {success: true, statuses: ['answered'], where: ['task.website=x']}
    expect(failure(flags, judged({reward: 0, status: 'stuck', website: 'y'}))).toBe('--success')
    expect(failure(flags, judged({reward: 1, status: 'stuck', website: 'y'}))).toBe('--status')
    expect(failure(flags, judged({reward: 1, status: 'answered', website: 'y'}))).toBe('--where task.website=x')
    expect(recordChecks(options({}))).toEqual([])
  })
})

describe('dotted paths', () => {
  it('walks objects by own key and arrays by index', () => {
    const value = {a: {b: [{c: 1}, {c: 'two'}]}, n: null}
    expect(valueAtPath(value, ['a', 'b', '1', 'c'])).toBe('two')
    expect(valueAtPath(value, ['a', 'b', 'x'])).toBeUndefined()
    expect(valueAtPath(value, ['n', 'x'])).toBeUndefined()
    expect(valueAtPath(value, ['toString'])).toBeUndefined()
  })

  it('writes scalars as JSON text and strings as themselves', () => {
    expect([scalarText('x'), scalarText(1.5), scalarText(true), scalarText(null)]).toEqual(['x', '1.5', 'true', 'null'])
    expect([scalarText(undefined), scalarText({}), scalarText([])]).toEqual([undefined, undefined, undefined])
  })

  it('parses FIELD=VALUE, splitting at the first "="', () => {
    expect(parseWhere('task.meta.q=a=b')).toEqual({text: 'task.meta.q=a=b', path: ['task', 'meta', 'q'], value: 'a=b'})
    expect(parseWhere('answer=')).toEqual({text: 'answer=', path: ['answer'], value: ''})
  })

  it('rejects a malformed --where with one line that quotes it', () => {
    expect(usageMessage(() => parseWhere('task.website'))).toBe('--where "task.website" has no "="')
    expect(usageMessage(() => parseWhere('=x'))).toBe('--where "=x" names no field before "="')
    expect(usageMessage(() => parseWhere('task..website=x'))).toContain(
      'field "task..website" has an empty or space-padded part',
    )
    expect(usageMessage(() => parseWhere('task.=x'))).toContain('empty')
  })
})

describe('filter options', () => {
  it('rejects bad numbers and combinations as usage errors', () => {
    expect(usageMessage(() => options({sample: 0}))).toBe('--sample must be a whole number of at least 1, got 0')
    expect(usageMessage(() => options({maxPerTask: -2}))).toBe(
      '--max-per-task must be a whole number of at least 1, got -2',
    )
    expect(usageMessage(() => options({minReward: 'high'}))).toBe('--min-reward must be a number, got "high"')
    expect(usageMessage(() => options({minReward: ''}))).toBe('--min-reward must be a number, got ""')
    expect(usageMessage(() => options({recencyBias: '2'}))).toBe('--recency-bias needs --sample N')
    expect(usageMessage(() => options({sample: 3, recencyBias: 'x'}))).toBe('--recency-bias must be a number, got "x"')
    expect(usageMessage(() => options({sample: 3, recencyBias: '-1'}))).toBe('--recency-bias must be 0 or more, got -1')
    expect(usageMessage(() => options({statuses: ['done']}))).toContain(
      '--status "done" is not one of answered, horizon',
    )
  })

  it('defaults to no condition and a uniform sample', () => {
    expect(options({})).toEqual({
      success: false,
      minReward: null,
      statuses: [],
      levels: [],
      where: [],
      dropRepeatedSteps: false,
      maxPerTask: null,
      sample: null,
    })
    expect(options({sample: 5, seed: 9}).sample).toEqual({size: 5, recencyBias: 0, seed: 9})
  })
})

describe('--drop-repeated-steps', () => {
  it('finds steps flagged repeated and steps whose action left the screen unchanged', () => {
    const steps = (shots: (string | null)[], repeated: number[] = []) =>
      shots.map((screenshot, i) => ({screenshot, repeated: repeated.includes(i)}))
    expect([...repeatedStepPositions(steps(['a', 'a', 'b', 'b', 'b', 'a']))]).toEqual([0, 2, 3])
    expect([...repeatedStepPositions(steps(['a', 'b', 'c'], [2]))]).toEqual([2])
    expect([...repeatedStepPositions(steps([null, null, 'a']))]).toEqual([])
    expect([...repeatedStepPositions(steps([]))]).toEqual([])
  })

  it('marks them "train": false in place, keeping every step, every other field and the key order', () => {
    const raw = {
      z: 1,
      steps: [
        {index: 0, s: 'a'},
        {index: 1, s: 'a'},
        {index: 2, s: 'b'},
      ],
      judgment: {reward: 1},
      extra: {kept: true},
    }
    const out = markedNotToTrain(raw, new Set([0]))
    expect(JSON.stringify(out)).toBe(
      '{"z":1,"steps":[{"index":0,"s":"a","train":false},{"index":1,"s":"a"},{"index":2,"s":"b"}],"judgment":{"reward":1},"extra":{"kept":true}}',
    )
    expect(raw.steps[0]).toEqual({index: 0, s: 'a'})
    expect(markedNotToTrain(raw, new Set())).toBe(raw)
  })

  it('works on validated records (repeated defaults to false)', () => {
    const record = judged({shots: ['a.jpg', 'a.jpg', 'b.jpg', 'c.jpg'], repeated: [3]})
    expect([...repeatedStepPositions(record.steps)]).toEqual([0, 3])
  })
})

describe('--max-per-task', () => {
  const item = (position: number, time = Number.NaN) => ({position, time})

  it('orders by time, then by input position; a record without a time is older than one with', () => {
    expect(compareRecency(item(1, 200), item(2, 100))).toBeGreaterThan(0)
    expect(compareRecency(item(1, 100), item(2, 100))).toBeLessThan(0)
    expect(compareRecency(item(5), item(2))).toBeGreaterThan(0)
    expect(compareRecency(item(9), item(1, 0))).toBeLessThan(0)
  })

  it('keeps the K most recent of each task and returns them in input order', () => {
    const perTask = new RecentPerTask<{position: number; time: number; task: string}>(2)
    const input = [
      {task: 'a', time: Date.parse('2025-01-03'), position: 1},
      {task: 'b', time: Number.NaN, position: 2},
      {task: 'a', time: Date.parse('2025-01-01'), position: 3},
      {task: 'a', time: Date.parse('2025-01-05'), position: 4},
      {task: 'b', time: Number.NaN, position: 5},
      {task: 'b', time: Number.NaN, position: 6},
      {task: 'c', time: Date.parse('2025-01-01'), position: 7},
      {task: 'a', time: Date.parse('2025-01-03'), position: 8},
    ]
    let dropped = 0
    for (const entry of input) dropped += perTask.add(entry.task, entry)
    // a: the 05th (4) and, of the two 03rds, the later line (8); b: the two last lines; c: its only one.
    expect(perTask.kept().map((entry) => entry.position)).toEqual([4, 5, 6, 7, 8])
    expect(dropped).toBe(3)
  })

  it('does not depend on the order the records arrive in', () => {
    const times = [5, 1, 5, 3, 9, Number.NaN, 9, 2]
    const items = times.map((time, i) => ({position: i + 1, time}))
    const keep = (order: typeof items) => {
      const perTask = new RecentPerTask<(typeof items)[number]>(3)
      for (const entry of order) perTask.add('t', entry)
      return perTask.kept().map((entry) => entry.position)
    }
    expect(keep(items)).toEqual([3, 5, 7])
    expect(keep([...items].reverse())).toEqual([3, 5, 7])
  })
})

describe('--sample', () => {
  const positions = (count: number) => Array.from({length: count}, (_, i) => ({position: i + 1}))
  const sample = (count: number, size: number, recencyBias: number, seed: number) => {
    const sampler = new RecencySample<{position: number}>({size, recencyBias, seed})
    let dropped = 0
    for (const item of positions(count)) dropped += sampler.offer(item)
    return {kept: sampler.kept().map((item) => item.position), dropped}
  }

  it('is the same for the same seed, different for another, and in input order', () => {
    const a = sample(200, 20, 1, 7)
    expect(sample(200, 20, 1, 7)).toEqual(a)
    expect(sample(200, 20, 1, 8).kept).not.toEqual(a.kept)
    expect(a.kept).toHaveLength(20)
    expect(new Set(a.kept).size).toBe(20)
    expect(a.kept).toEqual([...a.kept].sort((x, y) => x - y))
    expect(a.dropped).toBe(180)
  })

  it('keeps everything when N is at least the count', () => {
    expect(sample(5, 5, 2, 1)).toEqual({kept: [1, 2, 3, 4, 5], dropped: 0})
    expect(sample(5, 50, 0, 1)).toEqual({kept: [1, 2, 3, 4, 5], dropped: 0})
    expect(sample(0, 3, 0, 1)).toEqual({kept: [], dropped: 0})
  })

  /** How often each position is chosen, over many seeds. */
  function frequencies(count: number, size: number, recencyBias: number, seeds: number): number[] {
    const hits = new Array<number>(count).fill(0)
    for (let seed = 0; seed < seeds; seed++)
      for (const position of sample(count, size, recencyBias, seed).kept) hits[position - 1]++
    return hits
  }

  it('with P=0 chooses every position about equally often', () => {
    const hits = frequencies(10, 1, 0, 5000)
    for (const count of hits) expect(count).toBeGreaterThan(400) // expected 500, sd about 21
    for (const count of hits) expect(count).toBeLessThan(600)
  })

  it('with P=1 single draws follow weights proportional to the rank', () => {
    // Weights 1..4 sum to 10: position k is chosen with probability k/10.
    const hits = frequencies(4, 1, 1, 8000)
    hits.forEach((count, i) => expect(Math.abs(count / 8000 - (i + 1) / 10)).toBeLessThan(0.025))
  })

  it('draws N without replacement like successive weighted draws (numpy.random.choice with p)', () => {
    // Weights 1, 2, 3 and N = 2: the chance each one is left out, worked out draw by draw, is 7/12, 4/15 and 3/20.
    const seeds = 8000
    const hits = frequencies(3, 2, 1, seeds)
    const leftOut = hits.map((count) => 1 - count / seeds)
    ;[7 / 12, 4 / 15, 3 / 20].forEach((expected, i) => expect(Math.abs(leftOut[i] - expected)).toBeLessThan(0.025))
  })

  it('with P=2 chooses newer trajectories much more often', () => {
    const hits = frequencies(20, 5, 2, 2000)
    const oldest = hits.slice(0, 5).reduce((a, b) => a + b, 0)
    const newest = hits.slice(15).reduce((a, b) => a + b, 0)
    expect(newest).toBeGreaterThan(5 * oldest)
    expect(hits[19]).toBeGreaterThan(hits[0] * 10)
  })

  it('stays finite for large ranks and powers', () => {
    // 5000^100 overflows a double; the log-domain key does not, and the newest tenth holds all but 1e-4 of the weight.
    const {kept} = sample(5000, 3, 100, 3)
    expect(kept).toHaveLength(3)
    expect(kept.every((position) => position > 4500)).toBe(true)
  })
})

describe('filter summary', () => {
  it('says what was read, kept and dropped per reason', () => {
    const tally = new FilterTally()
    tally.read = 10
    tally.kept = 4
    tally.drop('--success', 3)
    tally.drop('--max-per-task', 0)
    tally.drop('--sample', 3)
    tally.stepsKept = 15
    tally.stepsRemoved = 3
    expect(tally.droppedTotal).toBe(6)
    expect(renderText(filterSummaryLine(tally, {invalidSkipped: 2, dropRepeatedSteps: true}), flagNames)).toBe(
      'filter: read 10, kept 4, dropped 6 (--success: 3, --sample: 3); --drop-repeated-steps marked 3 of 15 steps in kept trajectories not to train on; 2 invalid skipped',
    )
    expect(
      renderText(filterSummaryLine(new FilterTally(), {invalidSkipped: 0, dropRepeatedSteps: false}), flagNames),
    ).toBe('filter: read 0, kept 0, dropped 0; 0 invalid skipped')
  })
})
