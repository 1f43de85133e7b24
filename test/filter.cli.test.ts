import {existsSync} from 'node:fs'
import {readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {gunzipSync, gzipSync} from 'node:zlib'
import type {Result} from 'execa'
import {beforeAll, describe, expect, it} from 'vitest'
import {SeededRandom} from '../src/lib/random/seeded-random.js'
import {assertBuilt, dump, root} from './helpers/cli.js'
import {judgedRecord as judged, type Json} from './helpers/judged-records.js'
import {workdir, type Workdir} from './helpers/workdir.js'

const ndjson = (records: unknown[]) => records.map((record) => JSON.stringify(record)).join('\n') + '\n'
const linesOf = (text: string) => text.split('\n').filter(Boolean)
/** stdout as written (execa strips the final line break). */
const stdoutOf = (result: Result) => (String(result.stdout) === '' ? '' : `${String(result.stdout)}\n`)
const parsed = (result: Result) => linesOf(String(result.stdout)).map((line) => JSON.parse(line) as Json)
const tags = (result: Result) => parsed(result).map((record) => record.tag)

/** The summary line's numbers: read, kept, and dropped per reason. */
function summary(result: Result): {
  read: number
  kept: number
  dropped: number
  reasons: Record<string, number>
  text: string
} {
  const text =
    String(result.stderr)
      .split('\n')
      .find((line) => line.startsWith('webgym: filter: ')) ?? ''
  const match = /filter: read (\d+), kept (\d+), dropped (\d+)(?: \(([^)]*)\))?/.exec(text)
  if (!match) throw new Error(`no summary line\n${dump(result)}`)
  const reasons = Object.fromEntries(
    (match[4] ?? '')
      .split(', ')
      .filter(Boolean)
      .map((part) => {
        const at = part.lastIndexOf(': ')
        return [part.slice(0, at), Number(part.slice(at + 2))]
      }),
  )
  return {read: Number(match[1]), kept: Number(match[2]), dropped: Number(match[3]), reasons, text}
}

/** Twelve varied trajectories, each tagged with its input position. */
const MIXED: Json[] = [
  judged({task: 'fx:1', reward: 1, status: 'answered', level: 'easy'}),
  judged({task: 'fx:2', reward: 0, status: 'horizon', level: 'hard'}),
  judged({task: 'fx:3', reward: 1, status: 'answered', level: 'medium', website: 'news.webgym.test'}),
  judged({task: 'fx:1', reward: 0, status: 'stuck', level: 'easy', blocked: true}),
  judged({task: 'fx:4', reward: 1, status: 'horizon', level: 'hard'}),
  judged({task: 'fx:5', reward: 1, status: 'answered', level: null}),
  judged({task: 'fx:2', reward: 1, status: 'answered', level: 'hard', blocked: true}),
  judged({task: 'fx:6', reward: 0, status: 'error', level: 'medium'}),
  judged({task: 'fx:3', reward: 1, status: 'answered', level: 'medium'}),
  judged({task: 'fx:7', reward: 0, status: 'blocked', level: 'easy', blocked: true}),
  judged({task: 'fx:1', reward: 1, status: 'answered', level: 'easy', website: 'news.webgym.test'}),
  judged({task: 'fx:8', reward: 1, status: 'aborted', level: 'hard'}),
].map((record, i) => ({tag: i + 1, ...record}))

let wd: Workdir
let mixedText: string
beforeAll(() => {
  assertBuilt()
  if (!existsSync(join(root, 'dist', 'commands', 'filter.js')))
    throw new Error('dist/commands/filter.js is missing: build first')
  wd = workdir()
  mixedText = ndjson(MIXED)
  wd.write('mixed.ndjson', mixedText)
})

const filter = (args: string[], input?: string | Buffer) => wd.run(['filter', ...args], {input})

describe('webgym filter (built CLI)', () => {
  it('with no filter writes every record once, in order, byte for byte', async () => {
    const result = await filter(['mixed.ndjson'])
    expect(result.exitCode, dump(result)).toBe(0)
    expect(stdoutOf(result)).toBe(mixedText)
    expect(summary(result)).toMatchObject({read: 12, kept: 12, dropped: 0, reasons: {}})
  })

  it('--success keeps reward 1 and counts the rest under --success', async () => {
    const result = await filter(['--success', 'mixed.ndjson'])
    expect(result.exitCode, dump(result)).toBe(0)
    expect(tags(result)).toEqual([1, 3, 5, 6, 7, 9, 11, 12])
    expect(summary(result)).toMatchObject({read: 12, kept: 8, dropped: 4, reasons: {'--success': 4}})
  })

  it('--min-reward compares the reward with a number', async () => {
    const result = await filter(['--min-reward', '0.5', 'mixed.ndjson'])
    expect(result.exitCode, dump(result)).toBe(0)
    expect(tags(result)).toEqual([1, 3, 5, 6, 7, 9, 11, 12])
    expect(summary(result).reasons).toEqual({'--min-reward 0.5': 4})
    const all = await filter(['--min-reward', '0', 'mixed.ndjson'])
    expect(tags(all)).toHaveLength(12)
  })

  it('--status and --level are repeatable, and a file may follow them', async () => {
    const result = await filter(['--status', 'horizon', '--status', 'stuck', 'mixed.ndjson'])
    expect(result.exitCode, dump(result)).toBe(0)
    expect(tags(result)).toEqual([2, 4, 5])
    const levels = await filter(['--level', 'hard', '--level', 'medium', 'mixed.ndjson'])
    expect(levels.exitCode, dump(levels)).toBe(0)
    expect(tags(levels)).toEqual([2, 3, 5, 7, 8, 9, 12])
    expect(summary(levels).reasons).toEqual({'--level': 5})
  })

  it('--where compares dotted paths as text; every clause must hold', async () => {
    const result = await filter([
      '--where',
      'task.website=news.webgym.test',
      '--where',
      'judgment.blocked=false',
      'mixed.ndjson',
    ])
    expect(result.exitCode, dump(result)).toBe(0)
    expect(tags(result)).toEqual([3, 11])
    const numbers = await filter(['--where', 'judgment.reward=0', '--where', 'task.level=null', 'mixed.ndjson'])
    expect(tags(numbers)).toEqual([])
    expect(summary(numbers).reasons).toEqual({'--where judgment.reward=0': 8, '--where task.level=null': 4})
    const nulls = await filter(['--where', 'task.level=null', 'mixed.ndjson'])
    expect(tags(nulls)).toEqual([6])
    const deep = await filter(['--where', 'steps.1.screenshot=b.jpg', '--where', 'tag=12', 'mixed.ndjson'])
    expect(tags(deep)).toEqual([12])
  })

  it('--drop-repeated-steps marks flagged and unchanged-screen steps "train": false, keeping every step and field', async () => {
    const input = [
      judged({shots: ['a.jpg', 'a.jpg', 'b.jpg', 'c.jpg', 'c.jpg'], repeated: [2]}),
      judged({shots: ['a.jpg', 'b.jpg'], reward: 0}),
      judged({shots: [null, null, 'a.jpg']}),
    ]
    const text = ndjson(input)
    const result = await filter(['--drop-repeated-steps'], text)
    expect(result.exitCode, dump(result)).toBe(0)
    const out = parsed(result)
    const steps = out[0].steps as Json[]
    // Steps 0 and 3 changed nothing (the next step shows the same screen), step 2 is flagged.
    expect(steps.map((step) => step.index)).toEqual([0, 1, 2, 3, 4])
    expect(steps.map((step) => step.train)).toEqual([false, undefined, false, false, undefined])
    expect(steps.map((step) => step.custom)).toEqual([0, 1, 2, 3, 4])
    expect({...out[0], steps: null}).toEqual({...input[0], steps: null})
    expect(Object.keys(out[0])).toEqual(Object.keys(input[0]))
    // Records without such steps come out as they went in.
    expect(linesOf(String(result.stdout)).slice(1)).toEqual(linesOf(text).slice(1))
    expect(summary(result).text).toContain(
      '--drop-repeated-steps marked 3 of 10 steps in kept trajectories not to train on',
    )
  })

  it('--max-per-task keeps the most recent per task (by time, then later line), in input order', async () => {
    const input = [
      judged({task: 'a', ended: '2025-03-02T00:00:00Z'}),
      judged({task: 'b'}),
      judged({task: 'a', ended: '2025-03-01T00:00:00Z'}),
      judged({task: 'b'}),
      judged({task: 'a', ended: '2025-03-03T00:00:00Z'}),
      judged({task: 'c'}),
      judged({task: 'a', ended: '2025-03-02T00:00:00Z'}),
      judged({task: 'b'}),
    ].map((record, i) => ({tag: i + 1, ...record}))
    const result = await filter(['--max-per-task', '2'], ndjson(input))
    expect(result.exitCode, dump(result)).toBe(0)
    // a: the 3rd of March (5) and the later of the two 2nds (7); b: its last two lines; c: its one.
    expect(tags(result)).toEqual([4, 5, 6, 7, 8])
    expect(summary(result)).toMatchObject({read: 8, kept: 5, dropped: 3, reasons: {'--max-per-task': 3}})
  })

  it('--sample gives byte-identical output for the same seed, in input order, and changes with the seed', async () => {
    const many = Array.from({length: 60}, (_, i) => ({tag: i + 1, ...judged({task: `fx:${i}`})}))
    wd.write('many.ndjson', ndjson(many))
    const run = (seed: string) => filter(['many.ndjson', '--sample', '10', '--recency-bias', '2', '--seed', seed])
    const [a, b, c] = [await run('4'), await run('4'), await run('5')]
    expect(a.exitCode, dump(a)).toBe(0)
    expect(String(a.stdout)).toBe(String(b.stdout))
    expect(tags(a)).not.toEqual(tags(c))
    const chosen = tags(a) as number[]
    expect(chosen).toHaveLength(10)
    expect(chosen).toEqual([...chosen].sort((x, y) => x - y))
    expect(new Set(chosen).size).toBe(10)
    expect(summary(a)).toMatchObject({read: 60, kept: 10, dropped: 50, reasons: {'--sample': 50}})
    const all = await filter(['many.ndjson', '--sample', '60'])
    expect(stdoutOf(all)).toBe(ndjson(many))
  })

  it('applies the filters, then --drop-repeated-steps, then --max-per-task, then --sample', async () => {
    const input = [
      judged({task: 'a', reward: 0, ended: '2025-03-09T00:00:00Z'}),
      judged({task: 'a', ended: '2025-03-01T00:00:00Z', shots: ['x.jpg', 'x.jpg']}),
      judged({task: 'a', ended: '2025-03-02T00:00:00Z', shots: ['x.jpg', 'x.jpg']}),
      judged({task: 'b', shots: ['y.jpg', 'y.jpg', 'z.jpg']}),
      judged({task: 'c'}),
    ].map((record, i) => ({tag: i + 1, ...record}))
    const result = await filter(
      ['--success', '--drop-repeated-steps', '--max-per-task', '1', '--sample', '5'],
      ndjson(input),
    )
    expect(result.exitCode, dump(result)).toBe(0)
    // The failed newest "a" is dropped before --max-per-task sees it, so the newest successful "a" stays.
    expect(tags(result)).toEqual([3, 4, 5])
    expect(summary(result).reasons).toEqual({'--success': 1, '--max-per-task': 1})
    expect(summary(result).text).toContain('marked 2 of 7 steps in kept trajectories not to train on')
    const sampled = await filter(['--success', '--max-per-task', '1', '--sample', '2', '--seed', '1'], ndjson(input))
    expect(summary(sampled).reasons).toEqual({'--success': 1, '--max-per-task': 1, '--sample': 1})
  })

  it('reads stdin (plain and gzip) and several files like one stream, and writes -o FILE and FILE.gz', async () => {
    const piped = await filter(['--success'], mixedText)
    const gz = await filter(['--success', '-'], gzipSync(Buffer.from(mixedText)))
    const byFile = await filter(['--success', 'mixed.ndjson'])
    expect(piped.exitCode, dump(piped)).toBe(0)
    expect(String(piped.stdout)).toBe(String(byFile.stdout))
    expect(String(gz.stdout)).toBe(String(byFile.stdout))
    const twice = await filter(['mixed.ndjson', '-'], mixedText)
    expect(stdoutOf(twice)).toBe(mixedText + mixedText)
    const toFile = await filter(['--success', 'mixed.ndjson', '-o', 'good.ndjson'])
    expect(toFile.exitCode, dump(toFile)).toBe(0)
    expect(String(toFile.stdout)).toBe('')
    expect(await readFile(wd.path('good.ndjson'), 'utf8')).toBe(stdoutOf(byFile))
    const toGz = await filter(['--success', 'mixed.ndjson', '-o', 'good.ndjson.gz'])
    expect(toGz.exitCode, dump(toGz)).toBe(0)
    expect(gunzipSync(await readFile(wd.path('good.ndjson.gz'))).toString('utf8')).toBe(stdoutOf(byFile))
    const quiet = await filter(['--success', 'mixed.ndjson', '-q'])
    expect(String(quiet.stderr)).toBe('')
  })

  it('--on-invalid skip reports and counts bad lines; the default stops at the first, naming the line and field', async () => {
    const bad = {...judged(), judgment: {reward: 2}}
    const text = [JSON.stringify(MIXED[0]), '{not json', JSON.stringify(bad), JSON.stringify(MIXED[1]), ''].join('\n')
    const skipped = await filter(['--on-invalid', 'skip'], text)
    expect(skipped.exitCode, dump(skipped)).toBe(0)
    expect(tags(skipped)).toEqual([1, 2])
    expect(String(skipped.stderr)).toContain('skipped <stdin>:2: not valid JSON')
    expect(String(skipped.stderr)).toMatch(/skipped <stdin>:3: field "judgment\.\w+"/)
    expect(summary(skipped).text).toMatch(/read 2, kept 2, dropped 0; 2 invalid skipped$/)
    const failed = await filter([], text)
    expect(failed.exitCode, dump(failed)).toBe(1)
    expect(String(failed.stderr)).toMatch(/^webgym: <stdin>:2: not valid JSON .*--on-invalid skip/)
  })

  it('exits 2 with one line on bad usage, and never overwrites its input', async () => {
    const cases: [string[], RegExp][] = [
      [['--where', 'task.website'], /--where "task\.website" has no "="/],
      [['--where', '=x'], /--where "=x" names no field/],
      [['--where', 'task..id=x'], /field "task\.\.id" has an empty/],
      [['--sample', '0'], /--sample must be a whole number of at least 1, got 0/],
      [['--max-per-task', '0'], /--max-per-task must be a whole number of at least 1, got 0/],
      [['--recency-bias', '2'], /--recency-bias needs --sample N/],
      [['--sample', '3', '--recency-bias', 'steep'], /--recency-bias must be a number, got "steep"/],
      [['--min-reward', 'high'], /--min-reward must be a number, got "high"/],
      [['--status', 'done'], /--status/],
      [['--level', 'extreme'], /--level/],
      [['--sample', 'ten'], /--sample/],
      [['-o', 'mixed.ndjson'], /-o "mixed\.ndjson" is an input file/],
    ]
    for (const [args, message] of cases) {
      const result = await filter(['mixed.ndjson', ...args])
      expect(result.exitCode, dump(result)).toBe(2)
      const stderr = String(result.stderr)
      expect(stderr, dump(result)).toMatch(message)
      expect(linesOf(stderr), dump(result)).toHaveLength(1)
      expect(String(result.stdout)).toBe('')
    }
    expect(await readFile(wd.path('mixed.ndjson'), 'utf8')).toBe(mixedText)
  }, 180_000) // twelve CLI starts one after another: ~1 s of CPU each, over a minute on 2 loaded cores

  it('never loses or duplicates a valid record: kept + dropped = read, output a subsequence of the input', async () => {
    const random = new SeededRandom(11)
    const pick = <T>(values: readonly T[]): T => values[random.below(values.length)]
    const input = Array.from({length: 80}, (_, i) => ({
      tag: i + 1,
      ...judged({
        task: `fx:${random.below(15)}`,
        reward: pick([0, 1] as const),
        status: pick(['answered', 'horizon', 'stuck', 'error']),
        level: pick(['easy', 'medium', 'hard', null] as const),
        website: pick(['shop.webgym.test', 'news.webgym.test']),
        ended: random.below(3) === 0 ? undefined : `2025-01-${String(1 + random.below(9)).padStart(2, '0')}T00:00:00Z`,
        shots: pick([
          ['a.jpg', 'a.jpg'],
          ['a.jpg', 'b.jpg'],
        ]),
      }),
    }))
    const text = ndjson(input)
    const choices: string[][] = [
      [],
      ['--success'],
      ['--min-reward', '1'],
      ['--status', 'answered'],
      ['--status', 'horizon', '--status', 'stuck'],
      ['--level', 'hard'],
      ['--where', 'task.website=shop.webgym.test'],
      ['--drop-repeated-steps'],
      ['--max-per-task', '2'],
      ['--sample', '9', '--recency-bias', '1'],
    ]
    for (let round = 0; round < 8; round++) {
      const args = choices.filter(() => random.below(3) === 0).flat()
      const result = await filter([...args, '--seed', String(round)], text)
      expect(result.exitCode, dump(result)).toBe(0)
      const stats = summary(result)
      const kept = tags(result) as number[]
      const context = `${args.join(' ')}\n${stats.text}`
      expect(stats.read, context).toBe(80)
      expect(stats.kept, context).toBe(kept.length)
      expect(stats.kept + stats.dropped, context).toBe(stats.read)
      expect(
        Object.values(stats.reasons).reduce((a, b) => a + b, 0),
        context,
      ).toBe(stats.dropped)
      expect(kept, context).toEqual([...new Set(kept)].sort((a, b) => a - b))
      if (!args.includes('--drop-repeated-steps')) {
        const inputLines = linesOf(text)
        expect(linesOf(String(result.stdout)), context).toEqual(kept.map((tag) => inputLines[tag - 1]))
      }
    }
  })
})
