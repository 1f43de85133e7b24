// `webgym filter --format parquet` through the built CLI: the kept trajectories, one row per trajectory or per step,
// screenshots as store paths or as the image files' bytes, read back with hyparquet and compared field by field with
// the NDJSON records the same filter writes; the dataset card's types against the file's schema; and the refusals.
import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import sharp from 'sharp'
import {beforeAll, describe, expect, it} from 'vitest'
import {ArtefactStore} from '../src/lib/io/artefact-store.js'
import {assertBuilt, dump} from './helpers/cli.js'
import {judgedRecord, type Json} from './helpers/judged-records.js'
import {cardFrontMatter, readParquet, schemaFeatures, storedFeatures} from './helpers/parquet.js'
import {solidScreenshot} from './helpers/synthetic-steps.js'
import {workdir} from './helpers/workdir.js'

const wd = workdir()
const ndjson = (records: readonly unknown[]) => records.map((record) => `${JSON.stringify(record)}\n`).join('')
const store = () => wd.path('store')

/** Three judged trajectories with what the columns must carry: set and missing values, a PNG, later fields. */
async function trajectories(): Promise<Json[]> {
  const jpegs = [] as string[]
  for (let n = 0; n < 4; n++) jpegs.push(await solidScreenshot(store(), n))
  const png = await new ArtefactStore(store()).put(
    await sharp({create: {width: 640, height: 384, channels: 3, background: {r: 10, g: 200, b: 90}}})
      .png()
      .toBuffer(),
    'png',
  )

  // Answered after a click that changed nothing (the same screen twice: --drop-repeated-steps marks it).
  const answered = judgedRecord({
    task: 'fx:1',
    shots: [jpegs[0], jpegs[1], jpegs[1]],
    ended: '2026-03-01T10:00:00.000Z',
  })
  Object.assign(answered, {id: 'fx:1#1', attempt: 1, cause: {kind: 'answered'}})
  Object.assign(answered.task as Json, {
    difficulty: 2,
    rubric: {fact_groups: [{id: 'g1', description: 'The lamp', facts: ['A lamp is in the cart', 'It is red']}]},
    reference_answer: 'red lamp',
  })
  Object.assign(answered.run as Json, {model: 'Qwen/Qwen3-VL-8B-Instruct', prompt_version: 'qwen3vl-v1', window: 4})
  const steps = answered.steps as Json[]
  Object.assign(steps[0], {title: 'Lamps', memory: 'red lamps are on page 2', settle_ms: 12, settled: true})
  Object.assign(steps[1], {action_error: 'no element at (500, 500)'})
  Object.assign(steps[2], {action: {name: 'answer', text: 'red lamp'}, reasoning: 'The cart shows it.'})

  // A failure: no answer, a step without screenshot, reply or action, an unknown task level.
  const failed = judgedRecord({task: 'fx:2', reward: 0, status: 'horizon', level: null, shots: [jpegs[2], null]})
  Object.assign(failed, {answer: null, error: 'horizon reached'})
  Object.assign((failed.steps as Json[])[1], {response: null, action: null, repeated: true})

  // A PNG screenshot and a type action with text.
  const typed = judgedRecord({task: 'fx:3', shots: [png, jpegs[3]], website: 'news.webgym.test'})
  Object.assign((typed.steps as Json[])[0], {action: {name: 'type', coordinate: [120.5, 33], text: 'lamp'}})
  return [answered, failed, typed]
}

let kept: Json[]
beforeAll(async () => {
  assertBuilt()
  wd.write('judged.ndjson', ndjson(await trajectories()))
  const result = await wd.run(['filter', '--drop-repeated-steps', 'judged.ndjson', '-o', 'kept.ndjson'])
  expect(result.exitCode, dump(result)).toBe(0)
  kept = wd
    .read('kept.ndjson')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Json)
})

/** The columns of a trajectory, from its NDJSON record, as the card documents them. */
function episodeColumns(record: Json): Json {
  const {task, run, status, answer, error, steps: _steps, judgment, ...extra} = record as Record<string, any>
  return {
    trajectory_id: run.started_at ? `${task.id}@${run.started_at}` : task.id,
    task_id: task.id,
    intent: task.intent,
    website: task.website ?? '',
    level: task.level ?? '',
    difficulty: BigInt(task.difficulty ?? -1),
    status,
    answer: answer ?? '',
    error: error ?? '',
    reward: BigInt(judgment.reward),
    model: run.model ?? '',
    task: task,
    run: run,
    judgment: judgment,
    extra: extra,
  }
}

/** The columns of a step, from its NDJSON record; screenshots as the store's bytes or as the path. */
function stepColumns(step: Record<string, any>, images: 'path' | 'bytes'): Json {
  const {
    index,
    url,
    title,
    screenshot,
    response,
    action,
    memory,
    action_error,
    repeated,
    train,
    observe_ms,
    policy_ms,
    act_ms,
    ...extra
  } = step
  return {
    step_index: BigInt(index),
    url,
    title: title ?? '',
    screenshot:
      images === 'path'
        ? (screenshot ?? '')
        : screenshot
          ? {bytes: readFileSync(join(store(), screenshot)).toString('hex'), path: screenshot}
          : null,
    response: response ?? '',
    action_name: action?.name ?? '',
    action: action ?? null,
    coordinate: action?.coordinate ?? [],
    memory: memory ?? '',
    action_error: action_error ?? '',
    repeated: repeated ?? false,
    train: train !== false,
    observe_ms,
    policy_ms,
    act_ms,
    step_extra: extra,
  }
}

const JSON_COLUMNS = ['task', 'run', 'judgment', 'extra', 'action', 'step_extra']

/** A row as read, JSON text parsed and image bytes as hex, to compare with the records' values. */
function comparable(row: Record<string, any>): Json {
  const out: Json = {}
  for (const [name, value] of Object.entries(row)) {
    if (JSON_COLUMNS.includes(name)) out[name] = JSON.parse(value as string)
    else if (name === 'steps') out[name] = (value as Record<string, any>[]).map(comparable)
    else if (name === 'screenshot' && value && typeof value === 'object')
      out[name] = {bytes: Buffer.from(value.bytes as Uint8Array).toString('hex'), path: value.path}
    else out[name] = value
  }
  return out
}

describe.each([
  ['trajectory', 'path'],
  ['trajectory', 'bytes'],
  ['step', 'path'],
  ['step', 'bytes'],
] as const)('filter --format parquet --rows %s --images %s', (rows, images) => {
  const output = `out/${rows}-${images}.parquet`
  let file: Awaited<ReturnType<typeof readParquet>>
  beforeAll(async () => {
    const args = ['filter', '--drop-repeated-steps', 'judged.ndjson', '--format', 'parquet', '--rows', rows]
    args.push('--images', images, ...(images === 'bytes' ? ['--shots', 'store'] : []), '-o', output)
    const result = await wd.run(args)
    expect(result.exitCode, dump(result)).toBe(0)
    expect(String(result.stdout)).toBe('')
    const stepsWritten = kept.reduce((sum, record) => sum + (record.steps as Json[]).length, 0)
    const rowCount = rows === 'step' ? stepsWritten : kept.length
    expect(String(result.stderr)).toContain(
      `filter: wrote ${rowCount} rows (one per ${rows}, screenshots as ${images === 'bytes' ? 'image bytes' : 'store paths'}) to ${output}`,
    )
    file = await readParquet(wd.path(output))
  })

  it('holds every kept trajectory, field by field as its NDJSON record has it', () => {
    const expected = kept.flatMap((record) => {
      const episode = episodeColumns(record)
      const steps = (record.steps as Record<string, any>[]).map((step) => stepColumns(step, images))
      return rows === 'step' ? steps.map((step) => ({...episode, ...step})) : [{...episode, steps}]
    })
    expect(file.rows.map(comparable)).toEqual(expected)
  })

  it('keeps what the records say: the steps marked not to train on, a missing screenshot, a PNG, an answer', () => {
    const steps = rows === 'step' ? file.rows : file.rows.flatMap((row) => row.steps as Record<string, any>[])
    expect(steps.map((step) => step.train)).toEqual([true, false, true, true, false, true, true])
    expect(steps.map((step) => step.repeated)).toEqual([false, false, false, false, true, false, false])
    const missing = steps[4].screenshot
    expect(missing).toBe(images === 'bytes' ? null : '')
    if (images === 'bytes') {
      const bytes = Buffer.from(steps[5].screenshot.bytes as Uint8Array)
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
      expect(steps[5].screenshot.path).toMatch(/^[0-9a-f]{64}\.png$/)
    } else expect(steps[5].screenshot).toMatch(/^[0-9a-f]{64}\.png$/)
    expect(steps[2]).toMatchObject({action_name: 'answer', coordinate: []})
    expect(JSON.parse(steps[2].step_extra)).toEqual({custom: 2, reasoning: 'The cart shows it.'})
    expect(steps[5].coordinate).toEqual([120.5, 33])
  })

  it('types its columns in the schema, and stores the datasets features (images as Image)', () => {
    const features = schemaFeatures(file.metadata) as {name: string; dtype?: string; list?: unknown}[]
    const shot = images === 'bytes' ? {name: 'screenshot', dtype: 'image'} : {name: 'screenshot', dtype: 'string'}
    const stepFeatures = [
      {name: 'step_index', dtype: 'int64'},
      {name: 'url', dtype: 'string'},
      {name: 'title', dtype: 'string'},
      shot,
      {name: 'response', dtype: 'string'},
      {name: 'action_name', dtype: 'string'},
      {name: 'action', dtype: 'string'},
      {name: 'coordinate', list: 'float64'},
      {name: 'memory', dtype: 'string'},
      {name: 'action_error', dtype: 'string'},
      {name: 'repeated', dtype: 'bool'},
      {name: 'train', dtype: 'bool'},
      {name: 'observe_ms', dtype: 'float64'},
      {name: 'policy_ms', dtype: 'float64'},
      {name: 'act_ms', dtype: 'float64'},
      {name: 'step_extra', dtype: 'string'},
    ]
    const episodeFeatures = Object.keys(episodeColumns(kept[0])).map((name) => ({
      name,
      dtype: ['difficulty', 'reward'].includes(name) ? 'int64' : 'string',
    }))
    expect(features).toEqual(
      rows === 'step'
        ? [...episodeFeatures, ...stepFeatures]
        : [...episodeFeatures, {name: 'steps', list: stepFeatures}],
    )
    const stored = storedFeatures(file.metadata) as Record<string, any>
    const storedShot = rows === 'step' ? stored.screenshot : stored.steps[0].screenshot
    expect(storedShot).toEqual(images === 'bytes' ? {_type: 'Image'} : {dtype: 'string', _type: 'Value'})
  })
})

describe('filter --format parquet --card', () => {
  it('writes a dataset card whose declared types are the file schema, with counts and how to load it', async () => {
    const result = await wd.run([
      ...['filter', '--drop-repeated-steps', 'judged.ndjson', '--format', 'parquet', '--rows', 'step'],
      ...['--images', 'bytes', '--shots', 'store', '-o', 'hub/data/train.parquet', '--card', 'hub/README.md'],
    ])
    expect(result.exitCode, dump(result)).toBe(0)
    expect(String(result.stderr)).toContain('and the dataset card hub/README.md')
    const {metadata} = await readParquet(wd.path('hub', 'data', 'train.parquet'))
    const card = wd.read('hub', 'README.md')
    const front = cardFrontMatter(card)
    expect(front.dataset_info.features).toEqual(schemaFeatures(metadata))
    expect(front.dataset_info.splits).toEqual([{name: 'train', num_examples: 7}])
    expect(front.configs[0].data_files).toEqual([{split: 'train', path: 'data/train.parquet'}])
    expect(card).toContain('3 trajectories of 7 steps (2 of them marked not to train on')
    expect(card).toContain('| answered | 2 | 2 |')
    expect(card).toContain('| horizon | 1 | 0 |')
    expect(card).toContain('| `screenshot` | image |')
    expect(card).toContain('load_dataset("parquet", data_files="data/train.parquet", split="train")')
    expect(card).toContain('pq.read_table("data/train.parquet")')
  })
})

describe('filter --format parquet refusals', () => {
  it('to stdout: exit 2, one line, nothing written', async () => {
    const result = await wd.run(['filter', 'judged.ndjson', '--format', 'parquet'])
    expect(result.exitCode).toBe(2)
    expect(String(result.stdout)).toBe('')
    expect(String(result.stderr).trim().split('\n')).toHaveLength(1)
    expect(String(result.stderr)).toMatch(/parquet needs -o FILE: .* cannot go to stdout \(e\.g\. -o /)
  })

  it.each([
    [['--rows', 'step', '-o', 'x.ndjson'], /--rows shapes a parquet export/],
    [['--card', 'README.md', '-o', 'x.ndjson'], /--card shapes a parquet export/],
    [['--format', 'parquet', '--shots', 'store', '-o', 'refused/x.parquet'], /--shots is where --images bytes reads/],
    [['--format', 'parquet', '-o', 'refused/x.parquet.gz'], /compresses its own pages/],
    [['--format', 'parquet', '--card', 'refused/README.md'], /parquet needs -o FILE/],
  ])('%j: exit 2 with one line', async (flags, message) => {
    const result = await wd.run(['filter', 'judged.ndjson', ...flags])
    expect(result.exitCode, dump(result)).toBe(2)
    expect(String(result.stderr).trim().split('\n')).toHaveLength(1)
    expect(String(result.stderr)).toMatch(message)
    expect(readdirSync(wd.dir)).not.toContain('refused')
  })

  it('a screenshot missing from the store: exit 1 naming the record and step, and no file left', async () => {
    const records = wd.read('judged.ndjson').split('\n').filter(Boolean)
    const broken = JSON.parse(records[2]) as Json
    ;(broken.steps as Json[])[1].screenshot = 'gone.jpg'
    wd.write('broken.ndjson', ndjson([JSON.parse(records[0]), broken]))
    const result = await wd.run([
      ...['filter', 'broken.ndjson', '--format', 'parquet', '--images', 'bytes', '--shots', 'store'],
      ...['-o', 'torn/kept.parquet'],
    ])
    expect(result.exitCode, dump(result)).toBe(1)
    expect(String(result.stderr).trim().split('\n')).toHaveLength(1)
    expect(String(result.stderr)).toMatch(
      /broken\.ndjson:2: step 1: screenshot gone\.jpg not found \(looked at .*store/,
    )
    expect(readdirSync(wd.path('torn'))).toEqual([])
  })
})
