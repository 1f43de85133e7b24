import {existsSync} from 'node:fs'
import {join} from 'node:path'
import fc from 'fast-check'
import {beforeAll, describe, expect, it} from 'vitest'
import {agreementOf, agreementReport, tallyConfusion, type ScoredPair} from '../src/lib/judge/agreement.js'
import {matchLabels, type Label, type Prediction} from '../src/lib/judge/match-labels.js'
import {LabelRecordSchema, labelValue} from '../src/lib/schema/label.js'
import {dump, root} from './helpers/cli.js'
import {workdir, type Workdir} from './helpers/workdir.js'

/** Pairs from two parallel 0/1 lists (predicted, actual). */
function pairsOf(predicted: number[], actual: number[]): ScoredPair[] {
  return predicted.map((p, i) => ({
    predicted: p as 0 | 1,
    actual: actual[i] as 0 | 1,
    level: null,
    source: 's',
    judge_error: false,
  }))
}

const agreement = (predicted: number[], actual: number[]) => agreementOf(tallyConfusion(pairsOf(predicted, actual)))

describe('agreement arithmetic', () => {
  it('scores a mixed set', () => {
    const result = agreement([1, 1, 1, 0, 0, 0, 0, 1], [1, 1, 0, 0, 0, 1, 0, 1])
    expect(result.confusion).toEqual({tp: 3, fp: 1, fn: 1, tn: 3})
    expect(result.n).toBe(8)
    expect(result.accuracy).toBe(0.75)
    expect(result.precision).toBe(0.75)
    expect(result.recall).toBe(0.75)
    expect(result.f1).toBe(0.75)
    expect(result.kappa).toBe(0.5)
  })

  it("gives Cohen's kappa of the textbook example (po 0.7, pe 0.5 -> 0.4)", () => {
    const result = agreementOf({tp: 20, fp: 5, fn: 10, tn: 15})
    expect(result.accuracy).toBeCloseTo(0.7, 12)
    expect(result.kappa).toBeCloseTo(0.4, 12)
    expect(result.precision).toBeCloseTo(0.8, 12)
    expect(result.recall).toBeCloseTo(2 / 3, 12)
    expect(result.f1).toBeCloseTo(40 / 55, 12)
  })

  it('kappa is below 0 when the judge disagrees more than chance', () => {
    expect(agreement([1, 0, 1, 0], [0, 1, 0, 1]).kappa).toBe(-1)
    expect(agreement([1, 1, 0, 0], [1, 0, 1, 0]).kappa).toBe(0)
  })

  it('all positive on both sides: perfect, kappa undefined', () => {
    const result = agreement([1, 1, 1], [1, 1, 1])
    expect(result).toMatchObject({
      n: 3,
      accuracy: 1,
      precision: 1,
      recall: 1,
      f1: 1,
      kappa: null,
      confusion: {tp: 3, fp: 0, fn: 0, tn: 0},
    })
  })

  it('all negative on both sides: accuracy 1, precision, recall, F1 and kappa undefined', () => {
    const result = agreement([0, 0, 0, 0], [0, 0, 0, 0])
    expect(result).toMatchObject({
      n: 4,
      accuracy: 1,
      precision: null,
      recall: null,
      f1: null,
      kappa: null,
      confusion: {tp: 0, fp: 0, fn: 0, tn: 4},
    })
  })

  it('no predicted positive: precision undefined, recall and F1 0', () => {
    const result = agreement([0, 0, 0, 0], [1, 1, 0, 0])
    expect(result).toMatchObject({accuracy: 0.5, precision: null, recall: 0, f1: 0, kappa: 0})
  })

  it('no actual positive: recall undefined, precision and F1 0', () => {
    const result = agreement([1, 1, 0, 0], [0, 0, 0, 0])
    expect(result).toMatchObject({accuracy: 0.5, precision: 0, recall: null, f1: 0, kappa: 0})
  })

  it('constant but opposite sides: kappa 0, accuracy 0', () => {
    expect(agreement([1, 1], [0, 0])).toMatchObject({accuracy: 0, precision: 0, recall: null, kappa: 0})
  })

  it('empty input: n 0 and every metric null', () => {
    expect(agreementOf(tallyConfusion([]))).toEqual({
      n: 0,
      accuracy: null,
      precision: null,
      recall: null,
      f1: null,
      kappa: null,
      confusion: {tp: 0, fp: 0, fn: 0, tn: 0},
      judge_errors: 0,
    })
  })

  it('never gives NaN or an infinity, and kappa agrees with (po - pe) / (1 - pe)', () => {
    const count = fc.integer({min: 0, max: 50})
    fc.assert(
      fc.property(count, count, count, count, (tp, fp, fn, tn) => {
        const result = agreementOf({tp, fp, fn, tn})
        for (const value of [result.accuracy, result.precision, result.recall, result.f1, result.kappa]) {
          expect(value === null || Number.isFinite(value)).toBe(true)
        }
        const n = tp + fp + fn + tn
        const pe = n === 0 ? 1 : ((tp + fp) * (tp + fn) + (fn + tn) * (fp + tn)) / (n * n)
        if (pe === 1) expect(result.kappa).toBeNull()
        else expect(result.kappa).toBeCloseTo(((tp + tn) / n - pe) / (1 - pe), 9)
      }),
    )
  })
})

describe('agreement by level and source', () => {
  const pair = (
    predicted: 0 | 1,
    actual: 0 | 1,
    level: ScoredPair['level'],
    source: string,
    judgeError = false,
  ): ScoredPair => ({predicted, actual, level, source, judge_error: judgeError})
  const pairs = [
    pair(1, 1, 'easy', 'webvoyager'),
    pair(1, 0, 'easy', 'mind2web'),
    pair(0, 1, 'hard', 'webvoyager'),
    pair(0, 0, null, 'webvoyager', true),
    pair(1, 1, 'hard', 'mind2web'),
  ]
  const report = agreementReport(pairs)

  it('groups by level, always all four, with empty ones null', () => {
    expect(Object.keys(report.by_level)).toEqual(['easy', 'medium', 'hard', 'unknown'])
    expect(report.by_level.easy).toMatchObject({
      n: 2,
      accuracy: 0.5,
      precision: 0.5,
      recall: 1,
      confusion: {tp: 1, fp: 1, fn: 0, tn: 0},
    })
    expect(report.by_level.medium).toMatchObject({
      n: 0,
      accuracy: null,
      precision: null,
      recall: null,
      f1: null,
      kappa: null,
    })
    expect(report.by_level.hard).toMatchObject({n: 2, accuracy: 0.5, precision: 1, recall: 0.5, kappa: 0})
    expect(report.by_level.unknown).toMatchObject({
      n: 1,
      accuracy: 1,
      judge_errors: 1,
      confusion: {tp: 0, fp: 0, fn: 0, tn: 1},
    })
  })

  it('groups by source in name order, and counts judge errors where they fall', () => {
    expect(Object.keys(report.by_source)).toEqual(['mind2web', 'webvoyager'])
    expect(report.by_source.mind2web.confusion).toEqual({tp: 1, fp: 1, fn: 0, tn: 0})
    expect(report.by_source.webvoyager).toMatchObject({n: 3, judge_errors: 1, confusion: {tp: 1, fp: 0, fn: 1, tn: 1}})
    expect(report.overall).toMatchObject({n: 5, judge_errors: 1, confusion: {tp: 2, fp: 1, fn: 1, tn: 1}})
  })

  it('the groups add up to the whole', () => {
    for (const groups of [report.by_level, report.by_source]) {
      const total = Object.values(groups).reduce((sum, group) => sum + group.n, 0)
      expect(total).toBe(report.overall.n)
    }
  })
})

describe('label records and matching', () => {
  it('accepts label or reward, 0/1 or booleans, by key or task_id', () => {
    const valid = [
      [{key: 'a@t', label: 1}, 1],
      [{task_id: 'a', label: 0}, 0],
      [{task_id: 'a', reward: true}, 1],
      [{key: 'a', label: false, note: 'kept'}, 0],
      [{key: 'a', label: 1, reward: true}, 1],
    ] as const
    for (const [record, expected] of valid) {
      const parsed = LabelRecordSchema.parse(record)
      expect(labelValue(parsed)).toBe(expected)
    }
  })

  it('rejects a record without a target or a label, a label of 2, and label and reward that disagree', () => {
    const fieldOf = (record: unknown) => LabelRecordSchema.safeParse(record).error?.issues[0]?.path.join('.')
    expect(fieldOf({label: 1})).toBe('key')
    expect(fieldOf({key: 'a'})).toBe('label')
    expect(fieldOf({key: 'a', label: 2})).toBe('label')
    expect(fieldOf({key: 'a', label: 1, reward: 0})).toBe('reward')
  })

  it('takes per-fact hand labels (as the report exports them) and refuses a fact without its text or with a label of 2', () => {
    const facts = [
      {group_id: 'g1', fact: 'lamp in cart', label: 1},
      {group_id: 2, fact: 'price shown', label: false},
    ]
    expect(LabelRecordSchema.parse({key: 'a@t', label: 1, facts}).facts).toEqual(facts)
    const fieldOf = (record: unknown) => LabelRecordSchema.safeParse(record).error?.issues[0]?.path.join('.')
    expect(fieldOf({key: 'a', label: 1, facts: [{group_id: 'g1', label: 1}]})).toBe('facts.0.fact')
    expect(
      fieldOf({
        key: 'a',
        label: 1,
        facts: [
          {group_id: 'g1', fact: 'x', label: 1},
          {group_id: 'g1', fact: 'y', label: 2},
        ],
      }),
    ).toBe('facts.1.label')
    expect(fieldOf({key: 'a', label: 1, facts: {g1: 1}})).toBe('facts')
  })

  const at = (line: number) => ({file: 'f', line})
  const prediction = (key: string, reward: 0 | 1, line: number, judgeError = false): Prediction => ({
    key,
    task_id: key.split('@')[0],
    level: 'easy',
    source: 's',
    reward,
    judge_error: judgeError,
    location: at(line),
  })
  const label = (by: 'key' | 'task_id', value: string, value01: 0 | 1, line: number): Label => ({
    target: {by, value},
    label: value01,
    judge_error: false,
    location: at(line),
  })

  it('scores a failed judgment as 0 whatever its reward says', () => {
    const match = matchLabels([prediction('a@1', 1, 1, true)], [label('key', 'a@1', 1, 1)])
    expect(match.pairs).toEqual([{predicted: 0, actual: 1, level: 'easy', source: 's', judge_error: true}])
  })

  it('refuses a task_id that names several trajectories, and two labels for one trajectory', () => {
    const predictions = [prediction('a@1', 1, 1), prediction('a@2', 0, 2), prediction('b', 1, 3)]
    expect(() => matchLabels(predictions, [label('task_id', 'a', 1, 4)])).toThrow(
      'f:4: task_id "a" matches 2 judged trajectories (f:1, f:2)',
    )
    expect(() => matchLabels(predictions, [label('key', 'b', 1, 1), label('task_id', 'b', 1, 2)])).toThrow(
      'f:2: labels trajectory "b" again (first at f:1)',
    )
    expect(() => matchLabels([...predictions, prediction('b', 0, 9)], [])).toThrow(
      'f:9: trajectory "b" is judged again (first at f:3)',
    )
  })
})

// ---- the built CLI ----

const START = '2025-01-01T00:00:00Z'

function judged(
  id: string,
  options: {
    level?: string | null
    source?: string
    reward: 0 | 1
    error?: string
    started?: string | null
    judge?: string
  },
): Record<string, unknown> {
  const started = options.started === undefined ? START : options.started
  return {
    task: {
      id,
      source: options.source ?? 'alpha',
      intent: `Do ${id}`,
      website: 'shop.example',
      start_url: 'https://shop.example/',
      level: options.level === undefined ? 'easy' : options.level,
    },
    run: {
      policy: 'oracle',
      model: null,
      prompt_version: null,
      viewport: {width: 1280, height: 768},
      horizon: 10,
      seed: 0,
      webgym_version: '0.1.0',
      ...(started ? {started_at: started} : {}),
    },
    status: 'answered',
    answer: 'done',
    error: null,
    steps: [],
    judgment: {
      reward: options.reward,
      facts: [],
      key_screenshots: [],
      answer_supported: null,
      reference_match: null,
      blocked: false,
      judge: options.judge ?? 'llm',
      model: 'judge-model',
      prompt_version: 'judge-v1',
      webgym_version: '0.1.0',
      error: options.error ?? null,
    },
  }
}

/**
 * Seven labelled trajectories and one (t:8) without a label. Against LABELS: t:1 tp, t:2 fp, t:3 fn, t:4 tn, t:5 tp,
 * t:6 fn (a failed judgment, so 0), t:7 tn: tp 2, fp 1, fn 2, tn 2.
 */
const PREDICTIONS = [
  judged('t:1', {level: 'easy', reward: 1}),
  judged('t:2', {level: 'easy', reward: 1}),
  judged('t:3', {level: 'medium', reward: 0}),
  judged('t:4', {level: 'medium', source: 'beta', reward: 0}),
  judged('t:5', {level: 'hard', source: 'beta', reward: 1}),
  judged('t:6', {level: null, source: 'beta', reward: 0, error: 'judge model timed out'}),
  judged('t:7', {level: 'hard', source: 'beta', reward: 0, started: null}),
  judged('t:8', {level: 'easy', reward: 1}),
]
/** By key (with and without a start time), by task_id, with `reward` and booleans; the last matches nothing. */
const LABELS = [
  {key: `t:1@${START}`, label: 1},
  {task_id: 't:2', label: 0},
  {task_id: 't:3', reward: 1},
  {task_id: 't:4', label: false},
  {key: `t:5@${START}`, label: true, annotator: 'ann-2'},
  {task_id: 't:6', label: 1},
  {key: 't:7', label: 0},
  {task_id: 't:99', label: 1},
]

const ndjson = (records: unknown[]) =>
  records.map((record) => JSON.stringify(record)).join('\n') + (records.length > 0 ? '\n' : '')

let wd: Workdir
const eval_ = (args: string[], input?: string) => wd.run(['judge', 'eval', ...args], {input})
const write = (name: string, records: unknown[]) => wd.write(name, ndjson(records))

beforeAll(() => {
  if (!existsSync(join(root, 'dist', 'commands', 'judge', 'eval.js')))
    throw new Error('dist/ is missing judge eval: run `npm run build` before these tests')
  wd = workdir()
  write('judged.ndjson', PREDICTIONS)
  write('labels.ndjson', LABELS)
  write('judged-all.ndjson', PREDICTIONS.slice(0, 7))
  write('labels-all.ndjson', LABELS.slice(0, 7))
})

describe('webgym judge eval (built CLI)', () => {
  it('prints the table: overall, per level and source, n/a for undefined metrics, unmatched counts', async () => {
    const result = await eval_(['judged.ndjson', '--labels', 'labels.ndjson'])
    expect(result.exitCode, dump(result)).toBe(0)
    const stdout = String(result.stdout)
    expect(stdout).toContain('judge eval: judged.ndjson against labels labels.ndjson (positive = reward 1)')
    expect(stdout).toMatch(/^\s+n\s+accuracy\s+precision\s+recall\s+F1\s+kappa\s+tp\s+fp\s+fn\s+tn\s+judge errors$/m)
    expect(stdout).toMatch(/^overall\s+7\s+0\.571\s+0\.667\s+0\.500\s+0\.571\s+0\.160\s+2\s+1\s+2\s+2\s+1$/m)
    expect(stdout).toMatch(/^ {2}medium\s+2\s+0\.500\s+n\/a\s+0\.000\s+0\.000\s+0\.000\s+0\s+0\s+1\s+1\s+0$/m)
    expect(stdout).toMatch(/^ {2}hard\s+2\s+1\.000\s+1\.000\s+1\.000\s+1\.000\s+1\.000\s+1\s+0\s+0\s+1\s+0$/m)
    expect(stdout).toMatch(/^ {2}unknown\s+1\s+0\.000\s+n\/a\s+0\.000\s+0\.000\s+0\.000\s+0\s+0\s+1\s+0\s+1$/m)
    expect(stdout).toMatch(/^ {2}alpha\s+3\s/m)
    expect(stdout).toMatch(/^ {2}beta\s+4\s/m)
    expect(stdout).toMatch(/^judged trajectories without a label\s+1$/m)
    expect(stdout).toMatch(/^labels without a judged trajectory\s+1$/m)
    expect(stdout).toMatch(/^judge errors \(scored as reward 0\)\s+1$/m)
    expect(stdout).not.toMatch(/NaN|Infinity/)
    const stderr = String(result.stderr)
    expect(stderr).toContain(
      '1 judged trajectory has no label (first: judged.ndjson:8, key "t:8@2025-01-01T00:00:00Z")',
    )
    expect(stderr).toContain('1 label matches no judged trajectory (first: labels.ndjson:8, task_id "t:99")')
    expect(stderr).toContain('judge eval: 7 pairs, accuracy 0.571, kappa 0.160')
  })

  it('prints one JSON object with the same numbers (matching by key and by task_id)', async () => {
    const result = await eval_(['judged.ndjson', '--labels', 'labels.ndjson', '--json'])
    expect(result.exitCode, dump(result)).toBe(0)
    const report = JSON.parse(String(result.stdout))
    expect(report.overall).toMatchObject({n: 7, confusion: {tp: 2, fp: 1, fn: 2, tn: 2}, judge_errors: 1})
    expect(report.overall.accuracy).toBeCloseTo(4 / 7, 12)
    expect(report.overall.precision).toBeCloseTo(2 / 3, 12)
    expect(report.overall.recall).toBe(0.5)
    expect(report.overall.f1).toBeCloseTo(4 / 7, 12)
    expect(report.overall.kappa).toBeCloseTo(0.16, 12)
    expect(Object.keys(report.by_level)).toEqual(['easy', 'medium', 'hard', 'unknown'])
    expect(report.by_level.easy).toMatchObject({n: 2, precision: 0.5, recall: 1, kappa: 0})
    expect(report.by_level.medium).toMatchObject({n: 2, precision: null, recall: 0})
    expect(report.by_level.unknown).toMatchObject({n: 1, judge_errors: 1, confusion: {tp: 0, fp: 0, fn: 1, tn: 0}})
    expect(report.by_source.alpha.confusion).toEqual({tp: 1, fp: 1, fn: 1, tn: 0})
    expect(report.by_source.beta.confusion).toEqual({tp: 1, fp: 0, fn: 1, tn: 2})
    expect(report.unmatched).toEqual({predictions: 1, labels: 1})
    expect(report.judge_errors).toBe(1)
    expect(String(result.stdout)).not.toContain('NaN')
  })

  it("takes judged trajectories as labels (the programmatic judge's output), and reads the judgements from stdin", async () => {
    const programmatic = [1, 0, 1, 0, 1, 1, 0, 1].map((reward, i) =>
      judged(`t:${i + 1}`, {reward: reward as 0 | 1, judge: 'programmatic', started: i === 6 ? null : START}),
    )
    write('programmatic.ndjson', programmatic)
    const result = await eval_(['--labels', 'programmatic.ndjson', '--json', '--strict'], ndjson(PREDICTIONS))
    expect(result.exitCode, dump(result)).toBe(0)
    const report = JSON.parse(String(result.stdout))
    expect(report.predictions).toBe('<stdin>')
    expect(report.overall).toMatchObject({n: 8, confusion: {tp: 3, fp: 1, fn: 2, tn: 2}})
    expect(report.unmatched).toEqual({predictions: 0, labels: 0})
  })

  it('predictions that match no label score nothing and print n/a, not NaN; an empty file is refused', async () => {
    write('empty.ndjson', [])
    const refused = await eval_(['empty.ndjson', '--labels', 'labels.ndjson'])
    expect(refused.exitCode, dump(refused)).toBe(1)
    expect(String(refused.stderr)).toMatch(/empty\.ndjson: holds no records/)
    write('unmatched.ndjson', [judged('nobody-labelled-this', {reward: 1})])
    const result = await eval_(['unmatched.ndjson', '--labels', 'labels.ndjson'])
    expect(result.exitCode, dump(result)).toBe(0)
    expect(String(result.stdout)).toMatch(/^overall\s+0\s+n\/a\s+n\/a\s+n\/a\s+n\/a\s+n\/a\s+0\s+0\s+0\s+0\s+0$/m)
    expect(String(result.stdout)).toMatch(/^labels without a judged trajectory\s+8$/m)
    expect(String(result.stdout)).not.toMatch(/NaN/)
    const json = await eval_(['unmatched.ndjson', '--labels', 'labels.ndjson', '--json'])
    expect(JSON.parse(String(json.stdout)).overall).toMatchObject({n: 0, accuracy: null, kappa: null})
  })

  it('--strict exits 1 when a record is unmatched, and 0 when all match', async () => {
    const failed = await eval_(['judged.ndjson', '--labels', 'labels.ndjson', '--strict'])
    expect(failed.exitCode, dump(failed)).toBe(1)
    expect(String(failed.stderr)).toMatch(
      /--strict: 1 judged trajectory has no label \(first: judged\.ndjson:8.*1 label matches no judged trajectory \(first: labels\.ndjson:8/,
    )
    expect(String(failed.stdout)).toBe('')
    const ok = await eval_(['judged-all.ndjson', '--labels', 'labels-all.ndjson', '--strict', '--json'])
    expect(ok.exitCode, dump(ok)).toBe(0)
    expect(JSON.parse(String(ok.stdout)).overall.n).toBe(7)
  })

  it('a duplicate label is an error naming the line (exit 1)', async () => {
    write('dup.ndjson', [LABELS[0], LABELS[1], {key: `t:1@${START}`, label: 0}])
    const result = await eval_(['judged.ndjson', '--labels', 'dup.ndjson'])
    expect(result.exitCode, dump(result)).toBe(1)
    expect(String(result.stderr)).toContain(
      `webgym: dup.ndjson:3: duplicate label for key "t:1@${START}" (first at dup.ndjson:1)`,
    )
    write('dup-task.ndjson', [
      {task_id: 't:2', label: 0},
      {task_id: 't:2', label: 0},
    ])
    const byTask = await eval_(['judged.ndjson', '--labels', 'dup-task.ndjson'])
    expect(byTask.exitCode, dump(byTask)).toBe(1)
    expect(String(byTask.stderr)).toContain(
      'dup-task.ndjson:2: duplicate label for task_id "t:2" (first at dup-task.ndjson:1)',
    )
  })

  it('a task_id label for a task judged several times is an error naming the line', async () => {
    write('twice.ndjson', [...PREDICTIONS, judged('t:2', {reward: 0, started: '2025-01-02T00:00:00Z'})])
    const result = await eval_(['twice.ndjson', '--labels', 'labels.ndjson'])
    expect(result.exitCode, dump(result)).toBe(1)
    expect(String(result.stderr)).toContain(
      'labels.ndjson:2: task_id "t:2" matches 2 judged trajectories (twice.ndjson:2, twice.ndjson:9)',
    )
  })

  it('a bad label line fails naming file:line and field, or is skipped and counted', async () => {
    write('bad.ndjson', [...LABELS.slice(0, 2), {task_id: 't:3', label: 'yes'}, ...LABELS.slice(3)])
    const failed = await eval_(['judged.ndjson', '--labels', 'bad.ndjson'])
    expect(failed.exitCode, dump(failed)).toBe(1)
    expect(String(failed.stderr)).toMatch(/bad\.ndjson:3: field "label"/)
    const skipped = await eval_(['judged.ndjson', '--labels', 'bad.ndjson', '--on-invalid', 'skip', '--json'])
    expect(skipped.exitCode, dump(skipped)).toBe(0)
    const report = JSON.parse(String(skipped.stdout))
    expect(report.invalid_skipped).toBe(1)
    expect(report.overall.n).toBe(6)
    expect(report.unmatched).toEqual({predictions: 2, labels: 1})
  })

  it('exits 2 on bad usage: no --labels, or both inputs on stdin', async () => {
    const missing = await eval_(['judged.ndjson'])
    expect(missing.exitCode, dump(missing)).toBe(2)
    expect(String(missing.stderr)).toMatch(/Missing required flag labels/)
    const bothStdin = await eval_(['--labels', '-'], ndjson(PREDICTIONS))
    expect(bothStdin.exitCode, dump(bothStdin)).toBe(2)
    expect(String(bothStdin.stderr)).toContain('FILE and --labels both read stdin')
  })

  it('a missing labels file is one clear line (exit 1)', async () => {
    const result = await eval_(['judged.ndjson', '--labels', 'nope.ndjson'])
    expect(result.exitCode, dump(result)).toBe(1)
    expect(String(result.stderr)).toMatch(/^webgym: nope\.ndjson: cannot read input \(no such file\)/)
  })
})
