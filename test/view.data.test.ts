// The data behind the report's tables: the row chunk files the index loads, the code books of its few-valued columns,
// and runs paired task by task for the comparison pages (against src/lib/eval's own numbers).
import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {comparePaired} from '../src/lib/eval/evaluate.js'
import type {RunOutcomes} from '../src/lib/eval/run-outcomes.js'
import {ChunkWriter, chunkPath} from '../src/lib/view/chunk-writer.js'
import {RunPairing} from '../src/lib/view/compare-data.js'
import {CompareTable} from '../src/lib/view/compare-table.js'
import {reportRuns} from '../src/lib/view/report-runs.js'
import {CodeBook} from '../src/lib/view/table-data.js'
import type {IndexRow} from '../src/lib/view/view-record.js'
import {workdir} from './helpers/workdir.js'

/** Runs a chunk file as the page does, collecting what it hands to webgymRows. */
function loadChunk(path: string): {dataset: string; k: number; rows: unknown[][]} {
  let got: {dataset: string; k: number; rows: unknown[][]} | undefined
  new Function('webgymRows', readFileSync(path, 'utf8'))((dataset: string, k: number, rows: unknown[][]) => {
    got = {dataset, k, rows}
  })
  return got!
}

describe('row chunks', () => {
  it('cuts rows into data/<dataset>-<k>.js scripts of at most maxRows rows, each handing its rows to webgymRows', async () => {
    const wd = workdir()
    const writer = new ChunkWriter({outDir: wd.dir, dataset: 'rows', maxRows: 2})
    const rows = [
      [1, 'a </script> "b"'],
      [2, 'é\u2028'],
      [3, null],
      [4, 'd'],
      [5, 'e'],
    ]
    for (const row of rows) await writer.add(row)
    expect(await writer.finish()).toEqual([2, 2, 1])
    expect(readdirSync(join(wd.dir, 'data')).sort()).toEqual(['rows-0.js', 'rows-1.js', 'rows-2.js'])
    const loaded = [0, 1, 2].map((k) => loadChunk(join(wd.dir, chunkPath('rows', k))))
    expect(loaded.map((chunk) => [chunk.dataset, chunk.k])).toEqual([
      ['rows', 0],
      ['rows', 1],
      ['rows', 2],
    ])
    expect(loaded.flatMap((chunk) => chunk.rows)).toEqual(rows)
  })

  it('starts a new chunk once one reaches maxBytes (counted in UTF-8 bytes)', async () => {
    const wd = workdir()
    const writer = new ChunkWriter({outDir: wd.dir, dataset: 'compare-2', maxBytes: 1000})
    // 300 three-byte characters: over 900 bytes a row, so every chunk holds one or two rows and none passes 2 KB.
    for (let i = 0; i < 6; i++) await writer.add([i, '€'.repeat(300)])
    const chunks = await writer.finish()
    expect(chunks.reduce((sum, count) => sum + count, 0)).toBe(6)
    expect(chunks.length).toBeGreaterThanOrEqual(3)
    for (const [k] of chunks.entries())
      expect(readFileSync(join(wd.dir, chunkPath('compare-2', k))).length).toBeLessThan(2 * 1024)
  })

  it('a code book keeps codes in first-seen order and sorts them by rank, then by name, "(none)" last', () => {
    const book = new CodeBook()
    expect(['hard', '(none)', 'easy', 'weird', 'easy'].map((value) => book.code(value))).toEqual([0, 1, 2, 3, 2])
    const rank = (value: string) => ['easy', 'medium', 'hard'].indexOf(value) + (value === 'weird' ? 10 : 0)
    expect(book.order(rank).map((code) => book.values[code])).toEqual(['easy', 'hard', 'weird', '(none)'])
  })
})

function row(shape: Partial<IndexRow> & Pick<IndexRow, 'n' | 'run' | 'taskId' | 'reward'>): IndexRow {
  return {
    key: shape.taskId,
    attempt: 1,
    intent: `Do ${shape.taskId}`,
    website: 'a.test',
    domain: null,
    level: 'easy',
    split: null,
    status: 'answered',
    steps: 2,
    source: 'fx',
    ...shape,
  }
}

describe('runs paired task by task', () => {
  const runs = reportRuns(['base.ndjson', 'ckpt.ndjson'])
  const rows: IndexRow[] = [
    row({n: 1, run: 0, taskId: 't1', reward: 0, split: 'test'}),
    row({n: 2, run: 0, taskId: 't2', reward: 1, split: 'train'}),
    row({n: 3, run: 0, taskId: 't3', reward: 1, split: 'train'}),
    row({n: 4, run: 0, taskId: 't4', reward: 0, split: 'train'}),
    row({n: 5, run: 0, taskId: 't5', reward: 1, split: 'train'}),
    row({n: 6, run: 0, taskId: 't7', reward: null, split: 'train'}),
    row({n: 7, run: 1, taskId: 't1', reward: 1, split: 'test'}),
    row({n: 8, run: 1, taskId: 't2', reward: 0, split: 'train'}),
    // t3's second attempt comes first in the file: its first attempt is the one that counts.
    row({n: 9, run: 1, taskId: 't3', reward: 0, attempt: 2, split: 'train'}),
    row({n: 10, run: 1, taskId: 't3', reward: 1, attempt: 1, split: 'train'}),
    row({n: 11, run: 1, taskId: 't4', reward: 0, split: 'train'}),
    row({n: 12, run: 1, taskId: 't6', reward: 1, split: 'train'}),
    row({n: 13, run: 1, taskId: 't7', reward: 1, split: 'train'}),
  ]
  const pairing = new RunPairing(runs)
  for (const each of rows) pairing.add(each)
  const comparison = pairing.compare(0, 1, {bootstrapSamples: 500, seed: 3})

  it('lists every task of either run with its first attempt in each, flipped tasks first', () => {
    expect(comparison.rows.map((pair) => [pair.taskId, pair.a?.n ?? null, pair.b?.n ?? null, pair.change])).toEqual([
      ['t1', 1, 7, 'to success'],
      ['t2', 2, 8, 'to failure'],
      ['t5', 5, null, 'only in A'],
      ['t6', null, 12, 'only in B'],
      ['t3', 3, 10, 'both success'],
      ['t4', 4, 11, 'both failure'],
      ['t7', 6, 13, 'not judged'],
    ])
    expect(comparison.changes).toEqual({
      'to success': 1,
      'to failure': 1,
      'only in A': 1,
      'only in B': 1,
      'both success': 1,
      'both failure': 1,
      'not judged': 1,
    })
  })

  it('gives the paired statistics webgym eval gives on the tasks judged in both runs', () => {
    const outcomes = (name: string, results: Record<string, boolean>): RunOutcomes => ({
      name,
      file: `${name}.ndjson`,
      policy: null,
      model: null,
      duplicates: 0,
      tasks: new Map(
        Object.entries(results).map(([taskId, success]) => [
          taskId,
          {
            taskId,
            level: 'easy',
            domain: null,
            source: 'fx',
            attempts: [{attempt: 1, success, steps: 2, status: 'answered'}],
          },
        ]),
      ),
    })
    const expected = comparePaired(
      outcomes('base', {t1: false, t2: true, t3: true, t4: false, t5: true}),
      outcomes('ckpt', {t1: true, t2: false, t3: true, t4: false, t6: true, t7: true}),
      {bootstrapSamples: 500, seed: 3},
    )
    expect(comparison.paired.n).toBe(4)
    expect(comparison.paired.difference).toBe(0)
    expect(comparison.paired.ci95).toEqual(expected.ci95)
    expect(comparison.paired.mcnemar_p).toBe(expected.mcnemar_p)
    expect(comparison.paired.flipped).toEqual([
      {task_id: 't1', first: 0, second: 1},
      {task_id: 't2', first: 1, second: 0},
    ])
    expect(comparison.successes).toEqual({a: 2, b: 2})
    expect(
      comparison.bySplit!.map(({side, paired, successes}) => [side, paired.n, paired.difference, successes]),
    ).toEqual([
      ['train', 3, -1 / 3, {a: 2, b: 1}],
      ['test', 1, 1, {a: 0, b: 1}],
    ])
  })

  it("the comparison table links each run's cell to that run's trajectory page and names the runs in its header", () => {
    const table = new CompareTable(comparison, {split: true, dataset: 'compare-2'})
    const encoded = comparison.rows.map((pair) => table.encode(pair))
    const meta = table.meta([encoded.length])
    const at = (id: string) => meta.columns.findIndex((column) => column.id === id)
    const value = (each: unknown[], id: string) => meta.columns[at(id)]!.values![each[at(id)] as number]
    expect(
      encoded.map((each) => [
        each[at('task')],
        value(each, 'a'),
        each[at('aPage')],
        value(each, 'b'),
        each[at('bPage')],
        value(each, 'change'),
      ]),
    ).toEqual([
      ['t1', '0', 1, '1', 7, 'to success'],
      ['t2', '1', 2, '0', 8, 'to failure'],
      ['t5', '1', 5, 'absent', null, 'only in A'],
      ['t6', 'absent', null, '1', 12, 'only in B'],
      ['t3', '1', 3, '1', 10, 'both success'],
      ['t4', '0', 4, '0', 11, 'both failure'],
      ['t7', '(none)', 6, '1', 13, 'not judged'],
    ])
    expect(meta.columns.filter((column) => !column.hidden).map((column) => column.label)).toEqual([
      'Task',
      'Task id',
      'Level',
      'Split',
      'A: base',
      'B: ckpt',
      'Change',
    ])
    expect(meta.columns[at('a')]).toMatchObject({render: 'reward', link: 'aPage'})
    expect(meta.facets.map((facet) => facet.column)).toEqual(['change', 'split', 'level', 'intent', 'task'])
    expect(meta.facets[0]!.options!.map((option) => option.text)).toEqual([
      'to success',
      'to failure',
      'only in A (base)',
      'only in B (ckpt)',
      'both success',
      'both failure',
      'not judged',
    ])
  })
})
