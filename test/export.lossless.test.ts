// `tasks export --format tasks` and `--format hf`, and `tasks build` reading each back, through the built CLI: real
// samples of several sources (with source-made rubrics, reference answers, source levels, taxonomy and webgym rows'
// rubrics) plus one record holding what later stages add (a parent, provenance with times, an unknown top-level
// field), exported and built again, must come back as the same records.
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import {gunzipSync} from 'node:zlib'
import {stringify as toCsv} from 'csv-stringify/sync'
import {parquetWriteFile} from 'hyparquet-writer'
import {beforeAll, describe, expect, it} from 'vitest'
import {HfRowSchema} from '../src/lib/schema/hf-row.js'
import {TaskSchema, type Task} from '../src/lib/schema/task.js'
import {dump} from './helpers/cli.js'
import {cardFrontMatter, readParquet, schemaFeatures, storedFeatures} from './helpers/parquet.js'
import {assertBuilt, fixture, tasksBuild} from './helpers/sources.js'
import {workdir} from './helpers/workdir.js'

const wd = workdir()
const ndjson = (records: readonly unknown[]) => records.map((record) => `${JSON.stringify(record)}\n`).join('')
const lines = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)

/** A task as decompose and classify leave it: parent, taxonomy, provenance of three stages, and a field of its own. */
const LATER_STAGES = TaskSchema.parse({
  id: 'webvoyager:Allrecipes--0/sub-g2',
  source: 'webvoyager',
  intent: 'Find a vegetarian lasagna recipe on Allrecipes and report its total time.',
  website: 'allrecipes.com',
  start_url: 'https://www.allrecipes.com/',
  reference_answer: '1 hr 45 mins',
  domain: 'Lifestyle & Leisure',
  subdomain: 'Food & Cooking',
  rubric: {
    fact_groups: [
      {id: 1, description: 'The recipe', facts: ['The recipe is vegetarian lasagna']},
      {id: 'g2', description: 'Time', facts: ['The answer gives the total time']},
    ],
  },
  difficulty: 2,
  level: 'easy',
  parent_id: 'webvoyager:Allrecipes--0',
  meta: {parent_reference_answer: null, nested: {list: [1, 'two', {three: null}]}, text: 'café – ✓ "quoted"'},
  provenance: {
    rubric: {
      model: 'Qwen/Qwen3-32B',
      prompt_version: 'rubric-v1',
      webgym_version: '0.1.0',
      at: '2026-03-01T10:00:00.000Z',
    },
    classify: {model: 'Qwen/Qwen3-32B', prompt_version: 'classify-v1', webgym_version: '0.1.0'},
    decompose: {model: 'Qwen/Qwen3-32B', prompt_version: 'decompose-v1', webgym_version: '0.1.0'},
  },
  split: 'train',
})

let built: Task[]
let builtText: string
let input: string

beforeAll(async () => {
  assertBuilt()
  const run = await tasksBuild([
    fixture('deepshop', 'deepshop_test.jsonl'),
    fixture('mind2web-live', 'mind2web-live_test_20241024.json'),
    fixture('webvoyager', 'WebVoyager_data.jsonl'),
    fixture('gaia', 'GAIA_web.jsonl'),
    fixture('webgym', 'webgym_train_sample.jsonl'),
    fixture('travelplanner', 'validation.csv'),
    fixture('agentsynth', 'task_sequences.jsonl'),
  ])
  expect(run.result.exitCode, dump(run.result)).toBe(0)
  builtText = String(run.result.stdout)
  built = [...run.tasks, LATER_STAGES]
  input = wd.write('tasks.ndjson', ndjson(built))
})

describe('the samples cover what must survive', () => {
  it('has source-made and model-less rubrics, reference answers, source levels, taxonomy, meta and a parent', () => {
    expect(built.filter((task) => task.provenance?.rubric?.made_by === 'source').length).toBeGreaterThan(20)
    expect(built.some((task) => task.rubric && !task.provenance)).toBe(true)
    expect(built.some((task) => task.reference_answer)).toBe(true)
    expect(built.some((task) => task.website === null)).toBe(true)
    expect(built.some((task) => task.domain !== null)).toBe(true)
    expect(new Set(built.map((task) => task.source)).size).toBe(7)
  })
})

describe('--format tasks', () => {
  it('writes every record whole, and tasks build (source detected) gives the same records, byte for byte', async () => {
    const exported = await wd.run(['tasks', 'export', '--format', 'tasks', input, '-o', 'export/tasks.ndjson', '-q'])
    expect(exported.exitCode, dump(exported)).toBe(0)
    expect(lines(wd.read('export', 'tasks.ndjson'))).toEqual(built)
    const rebuilt = await tasksBuild([wd.path('export', 'tasks.ndjson')])
    expect(rebuilt.result.exitCode, dump(rebuilt.result)).toBe(0)
    expect(rebuilt.summary?.bySource).toMatchObject({deepshop: {records: 12}, 'mind2web-live': {records: 11}})
    // Every field, provenance and the unknown top-level field included: nothing is expected to differ.
    expect(rebuilt.tasks).toEqual(built)
    // (execa drops the output's final line break.)
    expect(`${String(rebuilt.result.stdout)}\n`).toBe(ndjson(built))
    expect(String(rebuilt.result.stdout).startsWith(builtText)).toBe(true)
  })

  it('stops on a record that is not a Task, naming the line and field', async () => {
    const bad = wd.write('bad-tasks.ndjson', ndjson([built[0], {...built[1], level: 'very hard'}]))
    const result = await tasksBuild(['--source', 'tasks', bad])
    expect(result.result.exitCode, dump(result.result)).toBe(1)
    expect(String(result.result.stderr)).toMatch(/bad-tasks\.ndjson:2: field "level"/)
  })
})

describe('--format hf', () => {
  let rows: Record<string, unknown>[]
  beforeAll(async () => {
    const exported = await wd.run(['tasks', 'export', '--format', 'hf', input, '-o', 'hub/tasks.jsonl', '-q'])
    expect(exported.exitCode, dump(exported)).toBe(0)
    rows = lines(wd.read('hub', 'tasks.jsonl'))
  })

  it('writes flat rows: the same columns in every row, each of one JSON type, never null', () => {
    const columns = Object.keys(HfRowSchema.shape)
    expect(rows).toHaveLength(built.length)
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(columns)
      expect(HfRowSchema.safeParse(row).success).toBe(true)
    }
    for (const column of columns) {
      const types = new Set(rows.map((row) => (Number.isInteger(row[column]) ? 'integer' : typeof row[column])))
      expect([...types], column).toEqual([column === 'difficulty' ? 'integer' : 'string'])
    }
    // The parts whose shape varies by source are JSON text: a rubric or null, objects for the others.
    for (const row of rows) {
      const rubric = JSON.parse(row.rubric as string)
      expect(rubric === null || Array.isArray(rubric.fact_groups)).toBe(true)
      for (const column of ['meta', 'provenance', 'extra'])
        expect(typeof JSON.parse(row[column] as string)).toBe('object')
    }
  })

  it('says "missing" with "" and -1, and keeps rubric and provenance readable (a Mind2Web-Live and a GAIA row)', () => {
    const live = rows.find((row) => row.id === 'mind2web-live:0')!
    expect(live).toMatchObject({
      website: 'gamestop.com',
      reference_answer: '',
      domain: '',
      difficulty: 2,
      level: 'easy',
      parent_id: '',
    })
    expect(JSON.parse(live.rubric as string).fact_groups[0].facts[1]).toBe(
      'The agent reaches a page whose URL has store=2630 in its query (on https://www.gamestop.com/search/?store=2630)',
    )
    expect(JSON.parse(live.provenance as string)).toEqual({
      rubric: {
        model: null,
        prompt_version: 'source:mind2web-live-v1',
        webgym_version: expect.any(String),
        made_by: 'source',
      },
    })
    const gaia = rows.find((row) => row.source === 'gaia')!
    expect(gaia).toMatchObject({website: '', rubric: 'null', difficulty: -1, provenance: '{}', extra: '{}'})
    expect(rows.find((row) => row.id === LATER_STAGES.id)!.extra).toBe('{"split":"train"}')
  })

  it('is read back by tasks build (source detected) into the same records, every field', async () => {
    const rebuilt = await tasksBuild([wd.path('hub', 'tasks.jsonl')])
    expect(rebuilt.result.exitCode, dump(rebuilt.result)).toBe(0)
    expect(rebuilt.tasks).toEqual(built)
  })

  it('is read back from parquet too, as a datasets user may save it (integer column as INT64)', async () => {
    const columns = Object.keys(HfRowSchema.shape)
    const path = wd.path('hub', 'train-00000-of-00001.parquet')
    parquetWriteFile({
      filename: path,
      columnData: columns.map((name) =>
        name === 'difficulty'
          ? {name, data: rows.map((row) => BigInt(row[name] as number)), type: 'INT64' as const}
          : {name, data: rows.map((row) => row[name] as string), type: 'STRING' as const},
      ),
    })
    const rebuilt = await tasksBuild(['--source', 'hf', path])
    expect(rebuilt.result.exitCode, dump(rebuilt.result)).toBe(0)
    expect(rebuilt.tasks).toEqual(built)
  })

  it('is read back from CSV, numbers as text (source detected)', async () => {
    const path = wd.write('hub/tasks.csv', toCsv(rows, {header: true}))
    const rebuilt = await tasksBuild([path])
    expect(rebuilt.result.exitCode, dump(rebuilt.result)).toBe(0)
    expect(rebuilt.tasks).toEqual(built)
  })

  it('differs in one documented way: an empty reference answer comes back as null (both mean none)', async () => {
    const empty = {
      ...LATER_STAGES,
      id: 'test:empty-answer',
      intent: 'A task whose answer is an empty text',
      reference_answer: '',
    }
    const exported = await wd.run(['tasks', 'export', '--format', 'hf', '-q'], {input: ndjson([empty])})
    expect(exported.exitCode, dump(exported)).toBe(0)
    const rebuilt = await tasksBuild(['--source', 'hf', '-q', '-'], {input: String(exported.stdout)})
    expect(rebuilt.result.exitCode, dump(rebuilt.result)).toBe(0)
    expect(rebuilt.tasks).toEqual([{...empty, reference_answer: null}])
  })

  it('stops on a row whose JSON column does not parse, naming line and column', async () => {
    const broken = rows.slice(0, 3).map((row, index) => (index === 2 ? {...row, meta: '{"web_name": '} : row))
    const path = wd.write('broken.jsonl', ndjson(broken))
    const result = await tasksBuild([path])
    expect(result.result.exitCode, dump(result.result)).toBe(1)
    expect(String(result.result.stderr).trim().split('\n')).toHaveLength(1)
    expect(String(result.result.stderr)).toMatch(/broken\.jsonl:3: field "meta": expected JSON text of an object/)
  })
})

describe('--format hf --card', () => {
  it('writes a dataset card beside the data: data file, column types, counts per source, how to load it', async () => {
    const result = await wd.run([
      'tasks',
      'export',
      '--format',
      'hf',
      input,
      '-o',
      'repo/data/tasks.jsonl.gz',
      '--card',
      'repo/README.md',
    ])
    expect(result.exitCode, dump(result)).toBe(0)
    expect(String(result.stderr)).toContain(`wrote ${built.length} rows and the dataset card repo/README.md`)
    const rows = lines(gunzipSync(readFileSync(wd.path('repo', 'data', 'tasks.jsonl.gz'))).toString('utf8'))
    expect(rows).toHaveLength(built.length)
    const card = wd.read('repo', 'README.md')
    const yaml = card.split('---\n')[1]
    expect(yaml).toContain('  data_files:\n  - split: train\n    path: "data/tasks.jsonl.gz"\n')
    const features = [...yaml.matchAll(/ {2}- name: (\w+)\n {4}dtype: (\w+)/g)].map((match) => [match[1], match[2]])
    expect(features).toEqual(
      Object.entries(HfRowSchema.shape).map(([name]) => [name, name === 'difficulty' ? 'int64' : 'string']),
    )
    expect(yaml).toContain(`num_examples: ${built.length}`)
    expect(card).toContain('| deepshop | 12 | 12 | 12 |')
    expect(card).toContain('| mind2web-live | 11 | 11 | 11 |')
    expect(card).toContain('load_dataset("json", data_files="data/tasks.jsonl.gz", split="train")')
  })

  it('is refused, before anything is written, without -o FILE, with another format or on an input file', async () => {
    const withoutOutput = await wd.run(['tasks', 'export', '--format', 'hf', input, '--card', 'card/README.md'])
    expect(withoutOutput.exitCode).toBe(2)
    expect(String(withoutOutput.stderr)).toMatch(/--card needs -o FILE/)
    const webgym = await wd.run(['tasks', 'export', input, '-o', 'card/rows.jsonl', '--card', 'card/README.md'])
    expect(webgym.exitCode).toBe(2)
    expect(String(webgym.stderr)).toMatch(/--card describes --format hf or parquet rows, not webgym/)
    const overInput = await wd.run([
      'tasks',
      'export',
      '--format',
      'hf',
      input,
      '-o',
      'card/rows.jsonl',
      '--card',
      input,
    ])
    expect(overInput.exitCode).toBe(2)
    expect(String(overInput.stderr)).toMatch(/--card .* is an input file/)
    expect(() => readFileSync(wd.path('card', 'rows.jsonl'))).toThrow()
    expect(lines(readFileSync(input, 'utf8'))).toHaveLength(built.length)
  })
})

describe('--format parquet', () => {
  let hfRows: Record<string, unknown>[]
  beforeAll(async () => {
    const hf = await wd.run(['tasks', 'export', '--format', 'hf', input, '-q'])
    expect(hf.exitCode, dump(hf)).toBe(0)
    hfRows = lines(String(hf.stdout))
    const exported = await wd.run([
      'tasks',
      'export',
      '--format',
      'parquet',
      input,
      '-o',
      'pq/data/train.parquet',
      '--card',
      'pq/README.md',
    ])
    expect(exported.exitCode, dump(exported)).toBe(0)
    expect(String(exported.stderr)).toContain(`wrote ${built.length} rows and the dataset card pq/README.md`)
  })

  it('writes the hf rows with real types: difficulty int64, every other column text, in the same order', async () => {
    const {metadata, rows} = await readParquet(wd.path('pq', 'data', 'train.parquet'))
    const columns = Object.keys(HfRowSchema.shape)
    expect(schemaFeatures(metadata)).toEqual(
      columns.map((name) => ({name, dtype: name === 'difficulty' ? 'int64' : 'string'})),
    )
    expect(Number(metadata.num_rows)).toBe(built.length)
    expect(rows.map((row) => ({...row, difficulty: Number(row.difficulty)}))).toEqual(hfRows)
    expect(rows.every((row) => typeof row.difficulty === 'bigint')).toBe(true)
  })

  it('is read back by tasks build (source detected) into the same records, every field', async () => {
    const rebuilt = await tasksBuild([wd.path('pq', 'data', 'train.parquet')])
    expect(rebuilt.result.exitCode, dump(rebuilt.result)).toBe(0)
    expect(rebuilt.summary?.bySource).toMatchObject({deepshop: {records: 12}, 'mind2web-live': {records: 11}})
    expect(rebuilt.tasks).toEqual(built)
  })

  it('declares in its card, and in the file for datasets, the types the file has', async () => {
    const {metadata} = await readParquet(wd.path('pq', 'data', 'train.parquet'))
    const card = wd.read('pq', 'README.md')
    const front = cardFrontMatter(card)
    expect(front.configs[0].data_files).toEqual([{split: 'train', path: 'data/train.parquet'}])
    expect(front.dataset_info.features).toEqual(schemaFeatures(metadata))
    expect(front.dataset_info.splits).toEqual([{name: 'train', num_examples: built.length}])
    expect(storedFeatures(metadata)).toEqual(
      Object.fromEntries(
        Object.keys(HfRowSchema.shape).map((name) => [
          name,
          {dtype: name === 'difficulty' ? 'int64' : 'string', _type: 'Value'},
        ]),
      ),
    )
    expect(card).toContain('load_dataset("parquet", data_files="data/train.parquet", split="train")')
    expect(card).toContain('pq.read_table("data/train.parquet")')
    expect(card).toContain('| deepshop | 12 | 12 | 12 |')
  })

  it('is refused with one line, exit 2, to stdout or to a .gz name, before anything is written', async () => {
    const toStdout = await wd.run(['tasks', 'export', '--format', 'parquet', input])
    expect(toStdout.exitCode).toBe(2)
    expect(String(toStdout.stdout)).toBe('')
    expect(String(toStdout.stderr).trim().split('\n')).toHaveLength(1)
    expect(String(toStdout.stderr)).toMatch(/parquet needs -o FILE: .* cannot go to stdout/)
    const dash = await wd.run(['tasks', 'export', '--format', 'parquet', input, '-o', '-'])
    expect(dash.exitCode).toBe(2)
    expect(String(dash.stderr)).toMatch(/parquet needs -o FILE/)
    const gzipped = await wd.run(['tasks', 'export', '--format', 'parquet', input, '-o', 'refused/tasks.parquet.gz'])
    expect(gzipped.exitCode).toBe(2)
    expect(String(gzipped.stderr).trim().split('\n')).toHaveLength(1)
    expect(String(gzipped.stderr)).toMatch(/compresses its own pages/)
    expect(existsSync(wd.path('refused'))).toBe(false)
  })

  it('leaves no file, not even a partial one, when a record is bad', async () => {
    const bad = wd.write('bad-for-parquet.ndjson', ndjson([built[0], built[1], {id: 'x'}, built[2]]))
    const result = await wd.run(['tasks', 'export', '--format', 'parquet', bad, '-o', 'torn/tasks.parquet'])
    expect(result.exitCode, dump(result)).toBe(1)
    expect(String(result.stderr).trim().split('\n')).toHaveLength(1)
    expect(String(result.stderr)).toMatch(/bad-for-parquet\.ndjson:3: field "source"/)
    expect(readdirSync(wd.path('torn'))).toEqual([])
  })
})
