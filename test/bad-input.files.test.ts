// Bad input files: empty, binary, cut short, oversized, missing, of an unknown source. Each gets one line naming the
// file (and the line where there is one) and exit 1; CRLF line ends and a UTF-8 BOM are not bad input at all.
import {readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {gzipSync} from 'node:zlib'
import {parquetWriteBuffer} from 'hyparquet-writer'
import {beforeAll, describe, expect, it} from 'vitest'
import {
  assertBuilt,
  corpus,
  dump,
  expectOneError,
  expectSkipped,
  garbageBytes,
  linesOf,
  tasksOn,
  webgym,
  webvoyagerRow,
} from './helpers/bad-input.js'
import {workdir, type Workdir} from './helpers/workdir.js'

const TEN_MB = 10 * 1024 * 1024

beforeAll(assertBuilt)

/** Writes a generated input into a working directory; commands then run there, so messages name it as given. */
function generated(wd: Workdir, name: string, data: string | Buffer): string {
  wd.write(name, data)
  return name
}

describe('empty input to `tasks build` (built CLI)', () => {
  it('an empty file fails naming it', async () => {
    expectOneError(await webgym(['tasks', 'build', '--source', 'webvoyager', 'empty.jsonl']), {
      exitCode: 1,
      at: 'empty.jsonl: ',
      says: /no task rows/,
    })
  })

  it('a file of only blank lines fails naming it', async () => {
    expectOneError(await webgym(['tasks', 'build', '--source', 'webvoyager', 'blank-lines.jsonl']), {
      exitCode: 1,
      at: 'blank-lines.jsonl: ',
      says: /no task rows/,
    })
  })

  it('an empty file whose format must be sniffed (no known extension) fails instead of hanging', async () => {
    const wd = workdir()
    const name = generated(wd, 'tasks.json', '')
    expectOneError(await wd.run(['tasks', 'build', name]), {exitCode: 1, at: 'tasks.json: ', says: /no task rows/})
  })

  it('an empty stdin pipe fails naming <stdin>', async () => {
    expectOneError(await webgym(['tasks', 'build', '--source', 'webvoyager', '-'], {input: ''}), {
      exitCode: 1,
      at: '<stdin>: ',
      says: /no task rows/,
    })
  })
})

describe('empty input: one rule in every command that reads records (built CLI)', () => {
  // An empty file is a failed download or an upstream stage that broke: exit 1, one line naming it, nothing written.
  it.each([
    [['rollout', '--policy', 'random']],
    [['judge', '--judge', 'programmatic']],
    [['filter']],
    [['rubric', 'gen', '--model', 'm', '--base-url', 'http://127.0.0.1:9/v1']],
    [['tasks', 'classify', '--model', 'm', '--base-url', 'http://127.0.0.1:9/v1']],
    [['tasks', 'decompose', '--model', 'm', '--base-url', 'http://127.0.0.1:9/v1']],
    [['tasks', 'export']],
    [['stats']],
    [['split', '--test', 'test.ndjson', '--train', 'train.ndjson']],
  ])('%j on an empty file or stdin', async (args) => {
    const wd = workdir()
    wd.write('empty.ndjson', '\n\n')
    for (const [input, name] of [
      ['empty.ndjson', 'empty.ndjson'],
      ['-', '<stdin>'],
    ]) {
      const result = await wd.run([...args, input], {input: ''})
      expectOneError(result, {
        exitCode: 1,
        at: `${name}: `,
        says: /holds no records \(it is empty, or only blank lines\)/,
      })
      expect(result.stdout).toBe('')
    }
  })
})

describe('CRLF line ends and a UTF-8 BOM are accepted (built CLI)', () => {
  const expected = [
    {
      id: 'webvoyager:Allrecipes--0',
      intent: 'Find a vegetarian lasagna recipe with more than 100 reviews.',
      website: 'allrecipes.com',
    },
    {
      id: 'webvoyager:Allrecipes--1',
      intent: 'Find a chocolate cake recipe that takes under an hour.',
      website: 'allrecipes.com',
    },
    {id: 'webvoyager:Amazon--0', intent: 'Search an Xbox Wireless controller with green color.', website: 'amazon.com'},
  ]

  it('JSONL from a file and from a stdin pipe: every record, with no BOM or CR left in any field', async () => {
    const input = await readFile(join(corpus, 'crlf-bom.jsonl'))
    for (const result of [
      await webgym(['tasks', 'build', '--source', 'webvoyager', 'crlf-bom.jsonl']),
      await webgym(['tasks', 'build', '--source', 'webvoyager', '-'], {input}),
    ]) {
      expect(result.exitCode, dump(result)).toBe(0)
      expect(String(result.stdout), dump(result)).not.toMatch(/\uFEFF|\\r|\r/)
      const tasks = tasksOn(result)
      expect(
        tasks.map(({id, intent, website}) => ({id, intent, website})),
        dump(result),
      ).toEqual(expected)
      expect(tasks[0].meta, dump(result)).toEqual({web_name: 'Allrecipes'})
    }
  })

  it('CSV: the BOM is not part of the first column name, and no value ends in CR', async () => {
    const result = await webgym(['tasks', 'build', '--map', 'intent=question,website=site,answer=gold', 'crlf-bom.csv'])
    expect(result.exitCode, dump(result)).toBe(0)
    const tasks = tasksOn(result)
    expect(
      tasks.map((task) => [task.intent, task.website, task.reference_answer]),
      dump(result),
    ).toEqual([
      ['What time does the Rijksmuseum open on weekdays?', 'rijksmuseum.nl', '09:00'],
      ['How many pages does the paperback of "The Overstory" have?', 'bookshop.org', '512'],
      ['Which line runs to Schiphol?', 'ns.nl', 'Intercity'],
    ])
  })
})

describe('binary garbage (built CLI)', () => {
  it('random bytes with no extension fail naming file:line as not text', async () => {
    const wd = workdir()
    const name = generated(wd, 'garbage.bin', garbageBytes(4096))
    expectOneError(await wd.run(['tasks', 'build', '--source', 'webvoyager', name]), {
      exitCode: 1,
      at: 'garbage.bin:',
      says: /^webgym: garbage\.bin:\d+: not UTF-8/,
    })
  })

  it('random bytes named .jsonl fail on line 1; under skip every good line around binary lines still comes out', async () => {
    const wd = workdir()
    const name = generated(wd, 'garbage.jsonl', garbageBytes(4096, 7))
    expectOneError(await wd.run(['tasks', 'build', '--source', 'webvoyager', name]), {
      exitCode: 1,
      at: 'garbage.jsonl:1: ',
      says: /not UTF-8|NUL bytes|not valid JSON/,
    })
    const mixed = generated(
      wd,
      'mixed.jsonl',
      Buffer.concat([
        Buffer.from(`${webvoyagerRow(0, 'Find a cake')}\n`),
        garbageBytes(300, 3).map((byte) => (byte === 0x0a ? 0x20 : byte)),
        Buffer.from(`\n${webvoyagerRow(1, 'Find a pie')}\n\u0000\u0000\n${webvoyagerRow(2, 'Find a tart')}\n`),
      ]),
    )
    const result = await wd.run(['tasks', 'build', '--source', 'webvoyager', '--on-invalid', 'skip', mixed])
    expectSkipped(result, {file: 'mixed.jsonl', lines: [2, 4], intents: ['Find a cake', 'Find a pie', 'Find a tart']})
  })
})

describe('a 10 MB line (built CLI)', () => {
  let name: string
  let wd: Workdir
  const longIntent = `Find ${'a very long recipe name '.repeat(Math.ceil(TEN_MB / 24))}`
  beforeAll(() => {
    wd = workdir()
    name = generated(
      wd,
      'long-line.jsonl',
      [webvoyagerRow(0, 'Find a cake'), webvoyagerRow(1, longIntent), webvoyagerRow(2, 'Find a pie')].join('\n') + '\n',
    )
  })

  it('is rejected by the default --max-line-bytes, naming the line and the flag', async () => {
    const result = await wd.run(['tasks', 'build', '--source', 'webvoyager', name])
    expectOneError(result, {
      exitCode: 1,
      at: 'long-line.jsonl:2: ',
      says: /longer than the limit of \d+ bytes.*--max-line-bytes/,
    })
  })

  it('is skipped and counted under --on-invalid skip', async () => {
    const result = await wd.run(['tasks', 'build', '--source', 'webvoyager', '--on-invalid', 'skip', name])
    expectSkipped(result, {file: 'long-line.jsonl', lines: [2], intents: ['Find a cake', 'Find a pie']})
  })

  it('is accepted, whole, when --max-line-bytes is raised', async () => {
    const result = await wd.run([
      'tasks',
      'build',
      '--source',
      'webvoyager',
      '--max-line-bytes',
      String(2 * TEN_MB),
      name,
    ])
    expect(result.exitCode, dump(result)).toBe(0)
    const tasks = tasksOn(result)
    expect(tasks.map((task) => task.intent.length)).toEqual([
      'Find a cake'.length,
      longIntent.trim().length,
      'Find a pie'.length,
    ])
  })

  it('a CSV row over the limit names its line and the flag', async () => {
    const csv = generated(
      wd,
      'long-row.csv',
      `question,site\nFind a cake,allrecipes.com\n"${'x'.repeat(4096)}",allrecipes.com\nFind a pie,allrecipes.com\n`,
    )
    const result = await wd.run([
      'tasks',
      'build',
      '--map',
      'intent=question,website=site',
      '--max-line-bytes',
      '2048',
      csv,
    ])
    expectOneError(result, {
      exitCode: 1,
      at: 'long-row.csv:3: ',
      says: /longer than the limit of 2048 bytes.*--max-line-bytes/,
    })
  })
})

describe('compressed and binary formats cut short (built CLI)', () => {
  let gz: Buffer
  beforeAll(() => {
    const rows = Array.from({length: 2000}, (_, i) =>
      webvoyagerRow(i, `Find recipe number ${i} with at least ${i % 5} stars`),
    )
    gz = gzipSync(`${rows.join('\n')}\n`)
  })

  it('a gzip file cut short fails naming the file, even under skip, with nothing written', async () => {
    const wd = workdir()
    const name = generated(wd, 'cut.jsonl.gz', gz.subarray(0, Math.floor(gz.length / 2)))
    for (const mode of ['fail', 'skip']) {
      const result = await wd.run(['tasks', 'build', '--source', 'webvoyager', '--on-invalid', mode, name])
      expectOneError(result, {exitCode: 1, at: 'cut.jsonl.gz: ', says: /gzip data is cut short/})
      expect(linesOf(result.stdout), dump(result)).toEqual([])
    }
  })

  it('a gzip stream cut short on a stdin pipe fails naming <stdin>', async () => {
    const result = await webgym(['tasks', 'build', '--source', 'webvoyager', '-'], {
      input: gz.subarray(0, gz.length - 8),
    })
    expectOneError(result, {exitCode: 1, at: '<stdin>: ', says: /gzip data is cut short/})
  })

  it('a .parquet file that is not parquet fails naming the file', async () => {
    expectOneError(await webgym(['tasks', 'build', '--map', 'intent=question', 'not-parquet.parquet']), {
      exitCode: 1,
      at: 'not-parquet.parquet: ',
      says: /not a readable parquet file/,
    })
  })

  it('a parquet file cut short fails naming the file', async () => {
    const parquet = Buffer.from(
      parquetWriteBuffer({columnData: [{name: 'question', data: ['Find a cake', 'Find a pie']}]}),
    )
    const wd = workdir()
    const name = generated(wd, 'cut.parquet', parquet.subarray(0, Math.floor(parquet.length * 0.6)))
    expectOneError(await wd.run(['tasks', 'build', '--map', 'intent=question', name]), {
      exitCode: 1,
      at: 'cut.parquet: ',
      says: /not a readable parquet file/,
    })
  })
})

describe('inputs that are not there, or not task files (built CLI)', () => {
  it('a missing input file (ENOENT)', async () => {
    expectOneError(await webgym(['tasks', 'build', '--source', 'webvoyager', 'no-such-file.jsonl']), {
      exitCode: 1,
      at: 'no-such-file.jsonl: ',
      says: /no such file/,
    })
  })

  it('a missing .parquet input file (ENOENT), not an internal error', async () => {
    expectOneError(await webgym(['tasks', 'build', '--source', 'webgym', 'no-such-file.parquet']), {
      exitCode: 1,
      at: 'no-such-file.parquet: ',
      says: /cannot read input \(no such file\)/,
    })
  })

  it('a missing input file for split', async () => {
    const wd = workdir()
    const result = await webgym([
      'split',
      'no-such-tasks.ndjson',
      '--train',
      wd.path('train.ndjson'),
      '--test',
      wd.path('test.ndjson'),
    ])
    expectOneError(result, {exitCode: 1, at: 'no-such-tasks.ndjson: ', says: /no such file/})
  })

  it('a directory as input', async () => {
    const wd = workdir()
    wd.mkdir('tasks-dir')
    expectOneError(await wd.run(['tasks', 'build', '--source', 'webvoyager', 'tasks-dir']), {
      exitCode: 1,
      at: 'tasks-dir: ',
      says: /is a directory/,
    })
  })

  it('an ambiguous source (auto-detect) names the candidates and the flag that settles it', async () => {
    const line = expectOneError(await webgym(['tasks', 'build', 'ambiguous.jsonl']), {
      exitCode: 1,
      at: 'ambiguous.jsonl: ',
      says: /ambiguous source/,
    })
    expect(line).toMatch(/webvoyager/)
    expect(line).toMatch(/--source/)
  })

  it('rows of no known source name their fields and the way out', async () => {
    const line = expectOneError(await webgym(['tasks', 'build', 'unknown-shape.jsonl']), {
      exitCode: 1,
      at: 'unknown-shape.jsonl: ',
      says: /cannot tell which source/,
    })
    expect(line).toMatch(/prompt, url/)
    expect(line).toMatch(/--source generic --map/)
  })
})
