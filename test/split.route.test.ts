import {readFile, writeFile} from 'node:fs/promises'
import {describe, expect, it} from 'vitest'
import {RecordWriter} from '../src/lib/io/record-writer.js'
import {routeLines} from '../src/lib/split/route-lines.js'
import {Side} from '../src/lib/split/sides.js'
import type {TaskIndex} from '../src/lib/split/task-index.js'
import {workdir} from './helpers/workdir.js'

const wd = workdir()

/** Pass 1's index of tasks on the given lines, all of one website and stratum. */
function indexOf(lines: number[]): TaskIndex {
  return {
    lines: Int32Array.from(lines),
    websiteOf: new Int32Array(lines.length),
    stratumOf: new Int32Array(lines.length),
    websiteCount: 1,
    websites: ['a.com'],
    strata: [{domain: null, subdomain: null, level: null}],
  }
}

async function route(text: string, lines: number[], sides: Side[]) {
  const path = wd.path('in.ndjson')
  await writeFile(path, text)
  const train = await RecordWriter.open(wd.path('train.ndjson'))
  const test = await RecordWriter.open(wd.path('test.ndjson'))
  try {
    return await routeLines({
      path,
      name: 'in.ndjson',
      index: indexOf(lines),
      sides: Uint8Array.from(sides),
      train,
      test,
    })
  } finally {
    await Promise.all([train.close(), test.close()])
  }
}

describe('split pass 2 (routeLines)', () => {
  it('copies the indexed lines to their sides and tallies them', async () => {
    const routed = await route('{"n":1}\n\n{"n":2}\r\n{"n":3}', [1, 3, 4], [Side.train, Side.test, Side.train])
    expect(await readFile(wd.path('train.ndjson'), 'utf8')).toBe('{"n":1}\n{"n":3}\n')
    expect(await readFile(wd.path('test.ndjson'), 'utf8')).toBe('{"n":2}\n')
    expect([routed.train.tasks, routed.test.tasks]).toEqual([2, 1])
    expect([...routed.train.websites]).toEqual([['a.com', 2]])
  })

  it('says the input changed when a line pass 1 indexed is now blank or missing', async () => {
    await expect(route('{"n":1}\n   \n', [1, 2], [Side.train, Side.train])).rejects.toThrow(
      /in\.ndjson:2: the input changed while it was being split/,
    )
    await expect(route('{"n":1}\n', [1, 2], [Side.train, Side.train])).rejects.toThrow(
      /1 tasks missing on the second read/,
    )
  })
})
