// The parquet writer every export shares: row groups bounded by rows and by bytes, a temporary file renamed only when
// complete, the datasets features stored in the file, and values of every column type read back by hyparquet.
import {existsSync, readdirSync, writeFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import type {ParquetColumn} from '../src/lib/export/parquet-columns.js'
import {ParquetFileWriter} from '../src/lib/export/parquet-file-writer.js'
import {readParquet, schemaFeatures, storedFeatures} from './helpers/parquet.js'
import {workdir} from './helpers/workdir.js'

const COLUMNS: ParquetColumn[] = [
  {name: 'id', type: 'string', description: 'id'},
  {name: 'n', type: 'int64', description: 'a count'},
  {name: 'ok', type: 'bool', description: 'a flag'},
  {name: 'shot', type: 'image', description: 'a picture'},
  {name: 'xy', type: {list: 'float64'}, description: 'a point'},
  {
    name: 'steps',
    type: {
      list: {
        struct: [
          {name: 'at', type: 'float64', description: 'when'},
          {name: 'shot', type: 'image', description: 'what it saw'},
        ],
      },
    },
    description: 'the steps',
  },
]

const picture = (n: number, size = 16) => Uint8Array.from({length: size}, (_, i) => (i * 31 + n) % 256)

function row(n: number, size = 16) {
  return {
    id: `row-${n}`,
    n: n - 5,
    ok: n % 2 === 0,
    shot: n % 3 === 0 ? null : {bytes: picture(n, size), path: `${n}.jpg`},
    xy: n % 4 === 0 ? [] : [n * 1.5, 1000 - n],
    steps: Array.from({length: n % 3}, (_, i) => ({at: i + 0.25, shot: {bytes: picture(n + i), path: `s${i}.png`}})),
  }
}

describe('ParquetFileWriter', () => {
  it('writes rows in row groups of at most rowGroupRows, and hyparquet reads every value back', async () => {
    const wd = workdir()
    const path = wd.path('out', 'rows.parquet')
    const writer = await ParquetFileWriter.open(path, {columns: COLUMNS, rowGroupRows: 3})
    const rows = Array.from({length: 10}, (_, n) => row(n))
    for (const value of rows) await writer.write(value)
    // Until it is closed, the file is only a temporary one beside it.
    expect(existsSync(path)).toBe(false)
    expect(readdirSync(wd.path('out'))).toEqual([expect.stringMatching(/^\.rows\.parquet\.[0-9a-f]{12}\.tmp$/)])
    await writer.close()
    expect(readdirSync(wd.path('out'))).toEqual(['rows.parquet'])
    const file = await readParquet(path)
    expect(file.metadata.row_groups.map((group) => Number(group.num_rows))).toEqual([3, 3, 3, 1])
    expect(file.rows).toEqual(
      rows.map((value) => ({
        ...value,
        n: BigInt(value.n),
        shot: value.shot && {bytes: value.shot.bytes, path: value.shot.path},
      })),
    )
    expect(file.metadata.created_by).toMatch(/^webgym \d/)
  })

  it('ends a row group at about rowGroupBytes of values, so large images do not pile up in memory', async () => {
    const wd = workdir()
    const path = wd.path('big.parquet')
    const writer = await ParquetFileWriter.open(path, {columns: COLUMNS, rowGroupBytes: 10_000})
    // Rows 1, 2, 4, 5, 7, 8 carry a 4,000-byte picture, rows 0, 3, 6 none: the third picture (row 4, then row 8)
    // takes a group past 10,000 bytes and ends it.
    for (let n = 0; n < 9; n++) await writer.write(row(n, 4000))
    await writer.close()
    const file = await readParquet(path)
    expect(file.metadata.row_groups.map((group) => Number(group.num_rows))).toEqual([5, 4])
    expect(file.rows.map((value) => value.shot?.bytes.length ?? 0)).toEqual([
      0, 4000, 4000, 0, 4000, 4000, 0, 4000, 4000,
    ])
  })

  it('types each column for datasets: the schema, and the features stored under "huggingface"', async () => {
    const wd = workdir()
    const path = wd.path('typed.parquet')
    const writer = await ParquetFileWriter.open(path, {columns: COLUMNS})
    await writer.write(row(1))
    await writer.close()
    const {metadata} = await readParquet(path)
    expect(schemaFeatures(metadata)).toEqual([
      {name: 'id', dtype: 'string'},
      {name: 'n', dtype: 'int64'},
      {name: 'ok', dtype: 'bool'},
      {name: 'shot', dtype: 'image'},
      {name: 'xy', list: 'float64'},
      {
        name: 'steps',
        list: [
          {name: 'at', dtype: 'float64'},
          {name: 'shot', dtype: 'image'},
        ],
      },
    ])
    expect(storedFeatures(metadata)).toEqual({
      id: {dtype: 'string', _type: 'Value'},
      n: {dtype: 'int64', _type: 'Value'},
      ok: {dtype: 'bool', _type: 'Value'},
      shot: {_type: 'Image'},
      xy: [{dtype: 'float64', _type: 'Value'}],
      steps: [{at: {dtype: 'float64', _type: 'Value'}, shot: {_type: 'Image'}}],
    })
  })

  it('abandoned, leaves nothing behind, and an older file of that name as it was', async () => {
    const wd = workdir()
    const path = wd.write('keep.parquet', 'an older file')
    const writer = await ParquetFileWriter.open(path, {columns: COLUMNS, rowGroupRows: 2})
    for (let n = 0; n < 5; n++) await writer.write(row(n))
    await writer.abandon()
    expect(readdirSync(wd.dir)).toEqual(['keep.parquet'])
    expect(wd.read('keep.parquet')).toBe('an older file')
  })

  it('with no rows, writes a valid file that has the columns and no row', async () => {
    const wd = workdir()
    const path = wd.path('empty.parquet')
    const writer = await ParquetFileWriter.open(path, {columns: COLUMNS})
    await writer.close()
    const file = await readParquet(path)
    expect(Number(file.metadata.num_rows)).toBe(0)
    expect(file.rows).toEqual([])
    expect(schemaFeatures(file.metadata).map((column: any) => column.name)).toEqual(COLUMNS.map((c) => c.name))
  })

  it('fails with one line naming the file when it cannot write there, and leaves nothing', async () => {
    const wd = workdir()
    writeFileSync(wd.path('not-a-folder'), 'x')
    await expect(ParquetFileWriter.open(wd.path('not-a-folder', 'rows.parquet'), {columns: COLUMNS})).rejects.toThrow(
      /not-a-folder\/rows\.parquet: cannot write the parquet file \((ENOTDIR|EEXIST)\)/,
    )
    expect(readdirSync(wd.dir)).toEqual(['not-a-folder'])
  })
})
