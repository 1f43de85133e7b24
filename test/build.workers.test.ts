import {readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {ByteSpool} from '../src/lib/io/byte-spool.js'
import {hashString, rowsSharingHash} from '../src/lib/tasks/hash-groups.js'
import {planMerges, RowHashes} from '../src/lib/tasks/merge-duplicates.js'
import {root, runWebgym} from './helpers/cli.js'
import {workdir, type Workdir} from './helpers/workdir.js'

describe('rowsSharingHash', () => {
  it('marks exactly the rows whose hash another row has, the first of each group included', () => {
    const hashes = Int32Array.from([5, 7, 5, -3, 9, 7, 5, 1024 + 5, 11])
    expect([...rowsSharingHash(hashes)]).toEqual([1, 1, 1, 0, 0, 1, 1, 0, 0])
  })

  it('agrees with a plain count over 100,000 random hashes, with slot clashes and negative hashes', () => {
    let seed = 7
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) | 0)
    const hashes = Int32Array.from({length: 100_000}, () => next() % 150_000)
    const counts = new Map<number, number>()
    for (const hash of hashes) counts.set(hash, (counts.get(hash) ?? 0) + 1)
    const marked = rowsSharingHash(hashes)
    for (let row = 0; row < hashes.length; row++) expect(marked[row]).toBe(counts.get(hashes[row])! > 1 ? 1 : 0)
    expect(hashString('a')).toBe(hashString('a'))
    expect(hashString('a')).not.toBe(hashString('b'))
  })
})

describe('planMerges', () => {
  const task = (id: string, intent: string, website: string) =>
    JSON.stringify({id, source: id.split(':')[0], intent, website, meta: {}})

  it('compares rows whose hashes meet in full: equal hashes of different keys and ids change nothing', async () => {
    const spool = new ByteSpool(workdir().path('spool'))
    await spool.writeLines([
      task('a:1', 'Find x', 'x.com'),
      task('a:2', 'Find y', 'y.com'),
      task('b:1', 'find X.', 'x.com'),
      task('a:2', 'Find z', 'z.com'),
    ])
    await spool.close()
    // Every row gets the same key hash and the same id hash, as if all of them collided.
    const hashes = new RowHashes()
    for (let row = 0; row < 4; row++) hashes.add(42, 42)
    const plan = await planMerges(spool, hashes)
    expect([...plan.dropped]).toEqual([2])
    expect([...plan.mergedInto]).toEqual([
      [
        0,
        [
          {source: 'a', id: 'a:1'},
          {source: 'b', id: 'b:1'},
        ],
      ],
    ])
    expect([...plan.renamed].sort()).toEqual([1, 3])
  })
})

// Conversion workers must change nothing but speed: same records, same order, same errors, same summary.
describe('tasks build with conversion workers', () => {
  let wd: Workdir
  let input: string
  beforeAll(() => {
    wd = workdir()
    const lines: string[] = []
    for (let i = 0; i < 6000; i++) {
      if (i === 2500) lines.push('{"question": "broken line"')
      if (i === 4000) lines.push('')
      // Every 50th task repeats the one before (a duplicate to merge); every 90th reuses an id (a collision).
      const n = i % 50 === 49 ? i - 1 : i
      const site = n % 700
      lines.push(
        JSON.stringify({
          qid: i % 90 === 89 ? 'q0' : `q${i}`,
          question: `Find item ${n} on site ${site % 700}`,
          site: `shop${site}.example.com`,
          gold: i % 3 === 0 ? `answer ${i}` : null,
        }),
      )
    }
    input = wd.write('tasks.jsonl', `${lines.join('\n')}\n`)
  })

  const build = (workers: string) =>
    runWebgym([
      'tasks',
      'build',
      '--source',
      'generic',
      '--map',
      'intent=question,website=site,answer=gold,id=qid',
      '--on-invalid',
      'skip',
      '--workers',
      workers,
      input,
    ])

  it('writes byte-identical output and the same summary with 2 workers as with none', async () => {
    const [inThread, parallel] = await Promise.all([build('0'), build('2')])
    expect(inThread.exitCode).toBe(0)
    expect(parallel.exitCode).toBe(0)
    expect(parallel.stdout).toBe(inThread.stdout)
    // The one difference: the parallel run's summary says it used its workers.
    expect(parallel.stderr).toMatch(/invalid records skipped; converted with 2 workers$/)
    expect(inThread.stderr).not.toContain('converted with')
    expect(parallel.stderr.replace('; converted with 2 workers', '')).toBe(inThread.stderr)
    const records = inThread.stdout
      .split('\n')
      .map((line) => JSON.parse(line) as {id: string; meta: {merged_from?: unknown[]}})
    expect(records.length).toBe(6000 - 120)
    expect(new Set(records.map((record) => record.id)).size).toBe(records.length)
    expect(records.filter((record) => record.meta.merged_from).length).toBe(120)
    expect(inThread.stderr).toContain('tasks.jsonl:2501')
    expect(inThread.stderr).toMatch(/120 duplicates merged/)
    expect(inThread.stderr).toMatch(/1 invalid records skipped/)
  })

  it('says so when --workers cannot be used for a file (only JSONL is split) and converts it in one thread', async () => {
    const csv = wd.write(
      'tasks.csv',
      'qid,question,site,gold\nq1,Find item 1,shop1.example.com,one\nq2,Find item 2,shop2.example.com,\n',
    )
    const result = await runWebgym([
      'tasks',
      'build',
      '--source',
      'generic',
      '--map',
      'intent=question,website=site,answer=gold,id=qid',
      '--workers',
      '2',
      csv,
    ])
    expect(result.exitCode).toBe(0)
    expect(result.stdout.trim().split('\n')).toHaveLength(2)
    expect(result.stderr).toMatch(
      /tasks\.csv: --workers 2 not used: it is csv, and only JSONL is split between workers; converting in one thread/,
    )
    expect(result.stderr).not.toMatch(/converting with \d+ workers/)
  })

  it('a bad input found inside a worker is the same one line as without workers, not an internal error', async () => {
    const sample = join(root, 'fixtures', 'sources', 'webvoyager', 'WebVoyager_data.jsonl')
    const run = (workers: string) =>
      runWebgym(['tasks', 'build', '--workers', workers, '--answers', wd.path('no-such-answers.json'), sample])
    const [inThread, parallel] = await Promise.all([run('0'), run('2')])
    expect(inThread.exitCode).toBe(1)
    expect(inThread.stderr.trim().split('\n')).toHaveLength(1)
    expect(inThread.stderr).toContain('no-such-answers.json')
    expect(parallel.exitCode).toBe(1)
    expect(parallel.stderr).toBe(inThread.stderr)
    expect(parallel.stdout).toBe('')
  })

  it('fails on the first bad line, naming it, with workers too', async () => {
    const strict = await runWebgym([
      'tasks',
      'build',
      '--source',
      'generic',
      '--map',
      'intent=question,website=site',
      '--workers',
      '2',
      input,
    ])
    expect(strict.exitCode).toBe(1)
    expect(strict.stderr.trim().split('\n')).toHaveLength(1)
    expect(strict.stderr).toContain('tasks.jsonl:2501')
    expect(strict.stdout).toBe('')
    expect(await readFile(input, 'utf8')).toContain('broken line')
  })
})
