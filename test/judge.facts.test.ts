// `judge eval` per fact: a label's verdicts on rubric facts against the judgment's, matched by group id and fact
// text; the arithmetic on a small hand-made set, then the built CLI's table, JSON and stderr on the same set.
import {describe, expect, it} from 'vitest'
import {matchLabels, type Label, type Prediction} from '../src/lib/judge/match-labels.js'
import {dump} from './helpers/cli.js'
import {judgedRecord, type Json} from './helpers/judged-records.js'
import {workdir} from './helpers/workdir.js'

type Fact = [group: string | number, fact: string, value: 0 | 1]
const marks = (facts: Fact[]) => facts.map(([group_id, fact, value]) => ({group_id, fact, value}))
const at = (file: string, line: number) => ({file, line})

/**
 * a: x agrees (tp), y the judge missed (fn), z judged but not labelled, w labelled but not judged. b: group 2 given as
 * a number on one side and text on the other, agreeing on 0 (tn). c: a label without facts (its judged facts are not
 * compared). d: a failed judgment whose fact verdict of 1 counts as 0 (fn). So tp 1, fp 0, fn 2, tn 1.
 */
const PREDICTED: [key: string, reward: 0 | 1, facts: Fact[], error?: string][] = [
  [
    'a',
    1,
    [
      ['g1', 'x', 1],
      ['g1', 'y', 0],
      ['g2', 'z', 1],
    ],
  ],
  ['b', 0, [[2, 'f', 0]]],
  ['c', 1, [['g1', 'x', 1]]],
  ['d', 0, [['g1', 'x', 1]], 'judge model timed out'],
]
const LABELLED: [key: string, label: 0 | 1, facts: Fact[] | undefined][] = [
  [
    'a',
    1,
    [
      ['g1', 'x', 1],
      ['g1', 'y', 1],
      ['g3', 'w', 0],
    ],
  ],
  ['b', 0, [['2', 'f', 0]]],
  ['c', 1, undefined],
  ['d', 1, [['g1', 'x', 1]]],
]

describe('per-fact agreement arithmetic', () => {
  it('pairs facts by group id and text, counts what one side lacks, and scores a failed judgment as 0', () => {
    const predictions: Prediction[] = PREDICTED.map(([key, reward, facts, error], i) => ({
      key,
      task_id: key,
      level: null,
      source: 's',
      reward,
      judge_error: error !== undefined,
      facts: marks(facts),
      location: at('judged', i + 1),
    }))
    const labels: Label[] = LABELLED.map(([key, label, facts], i) => ({
      target: {by: 'key', value: key},
      label,
      judge_error: false,
      facts: facts && marks(facts),
      location: at('labels', i + 1),
    }))
    const {facts} = matchLabels(predictions, labels)
    const report = facts.report()
    expect(report.trajectories).toBe(3)
    expect(report.overall.n).toBe(4)
    expect(report.overall.confusion).toEqual({tp: 1, fp: 0, fn: 2, tn: 1})
    expect(report.overall.accuracy).toBe(0.5)
    // po 0.5, pe 1/4·3/4 + 3/4·1/4 = 0.375: kappa (0.5 − 0.375) / 0.625 = 0.2.
    expect(report.overall.kappa).toBeCloseTo(0.2, 12)
    expect(report.overall.judge_errors).toBe(1)
    expect(report.unmatched).toEqual({labelled_not_judged: 1, judged_not_labelled: 1})
    expect(facts.labelledNotJudged).toEqual([{key: 'a', group_id: 'g3', fact: 'w', location: at('labels', 1)}])
    expect(facts.judgedNotLabelled).toEqual([{key: 'a', group_id: 'g2', fact: 'z', location: at('judged', 1)}])
  })
})

function judged(key: string, reward: 0 | 1, facts: Fact[], error?: string): Json {
  const record = judgedRecord({task: key, reward})
  const judgment = record.judgment as Json
  judgment.facts = facts.map(([group_id, fact, value]) => ({group_id, fact, pass: value === 1, reason: 'seen'}))
  judgment.error = error ?? null
  return record
}

const ndjson = (records: unknown[]) => records.map((record) => `${JSON.stringify(record)}\n`).join('')

describe('webgym judge eval per fact (built CLI)', () => {
  const wd = workdir()
  wd.write('judged.ndjson', ndjson(PREDICTED.map(([key, reward, facts, error]) => judged(key, reward, facts, error))))
  const labelLine = ([key, label, facts]: (typeof LABELLED)[number]) => ({
    key,
    label,
    ...(facts ? {facts: facts.map(([group_id, fact, value]) => ({group_id, fact, label: value}))} : {}),
  })
  wd.write('labels.ndjson', ndjson(LABELLED.map(labelLine)))

  it('prints the facts beside the trajectories in the table, the JSON and the summary, and names the unscored facts in one line', async () => {
    const json = await wd.run(['judge', 'eval', 'judged.ndjson', '--labels', 'labels.ndjson', '--json'])
    expect(json.exitCode, dump(json)).toBe(0)
    const report = JSON.parse(json.stdout)
    expect(report.overall.n).toBe(4)
    expect(report.facts).toMatchObject({
      trajectories: 3,
      overall: {n: 4, accuracy: 0.5, confusion: {tp: 1, fp: 0, fn: 2, tn: 1}, judge_errors: 1},
      unmatched: {labelled_not_judged: 1, judged_not_labelled: 1},
    })
    expect(report.facts.overall.kappa).toBeCloseTo(0.2, 12)
    const stderr = json.stderr.split('\n')
    expect(stderr.filter((line) => line.includes('facts left unscored'))).toEqual([
      'webgym: judge eval: facts left unscored: 1 labelled fact is not in the judgment (first: labels.ndjson:1, key "a", group g3 fact "w"); 1 judged fact has no label (first: judged.ndjson:1, key "a", group g2 fact "z")',
    ])
    expect(json.stderr).toContain('; facts: 4 compared, accuracy 0.500, kappa 0.200;')

    const table = await wd.run(['judge', 'eval', 'judged.ndjson', '--labels', 'labels.ndjson'])
    expect(table.exitCode, dump(table)).toBe(0)
    expect(table.stdout).toMatch(/^overall\s+4\s/m)
    expect(table.stdout).toMatch(/^facts\s+4\s+0\.500\s+1\.000\s+0\.333\s+0\.500\s+0\.200\s+1\s+0\s+2\s+1\s+1$/m)
    expect(table.stdout).toMatch(/^labelled facts not in the judgment\s+1$/m)
    expect(table.stdout).toMatch(/^judged facts without a label\s+1$/m)
  })

  it('labels without facts print no facts row; a fact labelled twice is an error naming the line and field', async () => {
    wd.write('plain.ndjson', ndjson(LABELLED.map(([key, label]) => ({key, label}))))
    const plain = await wd.run(['judge', 'eval', 'judged.ndjson', '--labels', 'plain.ndjson'])
    expect(plain.exitCode, dump(plain)).toBe(0)
    expect(plain.stdout).not.toMatch(/^facts/m)
    expect(plain.stderr).not.toContain('facts')

    wd.write(
      'twice.ndjson',
      ndjson([
        {
          key: 'a',
          label: 1,
          facts: [
            {group_id: 'g1', fact: 'x', label: 1},
            {group_id: 'g1', fact: 'x', label: 0},
          ],
        },
      ]),
    )
    const twice = await wd.run(['judge', 'eval', 'judged.ndjson', '--labels', 'twice.ndjson'])
    expect(twice.exitCode, dump(twice)).toBe(1)
    expect(twice.stderr).toMatch(
      /^webgym: twice\.ndjson:1: field "facts\.1": fact "x" of group g1 is labelled again \(first at facts\.0\)/,
    )
  })
})
