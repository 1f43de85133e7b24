// Fixture-web trajectories from the oracle with noise (real Chromium, the fixture web's check recorded by rollout):
// `judge --judge programmatic` must agree with each task's check, the LLM judge must read the real screenshots, and
// `judge eval` must run end to end with the programmatic judgments as labels.
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {JudgedTrajectorySchema} from '../src/lib/schema/judged.js'
import {assertBuilt, runWebgym} from './helpers/cli.js'
import {startStandin, type Standin, type StandinRequest} from './helpers/openai-standin.js'
import {fixtureSample, ndjson, readNdjson, spawnWebgym} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'
import {jsonReply} from './helpers/structured.js'
import {driveHeadlessShell} from './helpers/headless-shell.js'

// webgym's own logic is under test, not what Chromium draws (see test/helpers/headless-shell.ts).
driveHeadlessShell()

const sample = fixtureSample(2)
const dir = workdir().dir
const tasksFile = join(dir, 'tasks.ndjson')
const trajFile = join(dir, 'traj.ndjson')
const truthFile = join(dir, 'truth.ndjson')
const text = (value: unknown) => String(value ?? '')

let trajectories: any[]

beforeAll(async () => {
  assertBuilt()
  writeFileSync(tasksFile, ndjson(sample))
  const rollout = await spawnWebgym(
    [
      'rollout',
      '--policy',
      'oracle',
      '--oracle-noise',
      '0.35',
      '--seed',
      '3',
      '--concurrency',
      '8',
      '--browsers',
      '3',
      '--horizon',
      '30',
      '--shots',
      join(dir, 'shots'),
      '-o',
      trajFile,
      tasksFile,
    ],
    {tmp: dir},
  )
  expect(rollout.exitCode, rollout.stderr).toBe(0)
  trajectories = readNdjson(trajFile)
}, 600_000)

describe('judge --judge programmatic on oracle-with-noise trajectories', () => {
  let judged: any[]
  let result: Awaited<ReturnType<typeof runWebgym>>

  beforeAll(async () => {
    result = await runWebgym(['judge', '--judge', 'programmatic', trajFile, '-o', truthFile])
    judged = readNdjson(truthFile)
  })

  it('has both outcomes to judge: noise made some episodes fail their check', () => {
    expect(trajectories).toHaveLength(sample.length)
    const passed = trajectories.filter((t) => t.check?.pass === true).length
    expect(passed).toBeGreaterThan(0)
    expect(passed).toBeLessThan(trajectories.length)
  })

  it('agrees with every task check, fact by fact', () => {
    expect(result.exitCode, text(result.stderr)).toBe(0)
    expect(judged.map((record) => record.task.id)).toEqual(trajectories.map((t) => t.task.id))
    judged.forEach((record, index) => {
      const check = trajectories[index].check
      expect(JudgedTrajectorySchema.safeParse(record).success).toBe(true)
      expect(record.judgment.reward).toBe(check.pass && trajectories[index].status !== 'blocked' ? 1 : 0)
      expect(record.judgment.facts.map((fact: any) => [fact.fact, fact.pass])).toEqual(
        check.facts.map((fact: any) => [fact.fact, fact.pass]),
      )
      const rubricGroups = record.task.rubric.fact_groups.map((group: any) => group.id)
      for (const fact of record.judgment.facts) expect(rubricGroups).toContain(fact.group_id)
      expect(record.judgment).toMatchObject({judge: 'programmatic', error: null})
    })
    expect(text(result.stderr)).toMatch(
      new RegExp(
        `judge \\(programmatic\\): ${judged.filter((r) => r.judgment.reward === 1).length} of ${judged.length} rewarded`,
      ),
    )
  })

  it('names a trajectory that has no recorded check and exits 1', async () => {
    const [first, second] = trajectories
    const {check: _check, ...noCheck} = second
    const failed = join(dir, 'no-check-failed.ndjson')
    const bad = await runWebgym(['judge', '--judge', 'programmatic', '--failed', failed], {
      input: ndjson([first, noCheck]),
    })
    expect(bad.exitCode).toBe(1)
    expect(text(bad.stderr)).toMatch(new RegExp(`${second.task.id}.*has no recorded check`))
    expect(text(bad.stdout).trim().split('\n')).toHaveLength(1)
    expect(readNdjson(failed)[0].error).toMatch(/no recorded check/)
  })
})

describe('the LLM judge on the same trajectories, measured with judge eval', () => {
  let standin: Standin
  const llmFile = join(dir, 'llm.ndjson')

  // A lenient scripted judge: every screenshot relevant, every fact passes, unless the final answer is missing.
  const handler = (request: StandinRequest) => {
    const name = request.body?.response_format?.json_schema?.name
    if (name === 'screenshot_relevance') return jsonReply({reason: 'relevant', score: 4})
    if (name === 'reference_check') return jsonReply({match: true, reason: 'same'})
    const ids = [...request.text.matchAll(/^- \[([^\]]+)\]/gm)].map((match) => match[1])
    const answered = !/gave no final answer/.test(request.text)
    return jsonReply({
      blocked: false,
      blocked_reason: '',
      answer_supported: answered ? true : null,
      answer_reason: '',
      facts: ids.map((id) => ({id, pass: answered, reason: 'lenient'})),
    })
  }

  beforeAll(async () => {
    standin = await startStandin({handler})
  })
  afterAll(async () => {
    await standin?.close()
  })

  it('judges real fixture screenshots (final screen included, at most --max-images), and judge eval scores it against the programmatic labels', async () => {
    const judge = await runWebgym([
      'judge',
      '--base-url',
      standin.url,
      '--model',
      'judge-model',
      '--no-cache',
      '--max-images',
      '6',
      '--shots',
      join(dir, 'shots'),
      trajFile,
      '-o',
      llmFile,
    ])
    expect(judge.exitCode, text(judge.stderr)).toBe(0)
    const llm = readNdjson(llmFile)
    const verdicts = standin.requests.filter(
      (request) => request.body?.response_format?.json_schema?.name === 'trajectory_verdict',
    )
    expect(verdicts).toHaveLength(trajectories.length)
    for (const request of verdicts) expect(request.images).toBeGreaterThan(0)
    for (const request of verdicts) expect(request.images).toBeLessThanOrEqual(6)
    llm.forEach((record, index) => {
      expect(record.judgment.error).toBeNull()
      const last = trajectories[index].steps.filter((step: any) => step.screenshot).at(-1)
      expect(record.judgment.key_screenshots.at(-1)).toBe(last.screenshot)
    })

    const evaluated = await runWebgym(['judge', 'eval', llmFile, '--labels', truthFile, '--json', '--strict'])
    expect(evaluated.exitCode, text(evaluated.stderr)).toBe(0)
    const report = JSON.parse(text(evaluated.stdout))
    const truth = readNdjson(truthFile).map((record) => record.judgment.reward)
    const predicted = llm.map((record) => record.judgment.reward)
    const count = (p: number, l: number) => predicted.filter((value, i) => value === p && truth[i] === l).length
    expect(report.overall.n).toBe(trajectories.length)
    expect(report.overall.confusion).toEqual({tp: count(1, 1), fp: count(1, 0), fn: count(0, 1), tn: count(0, 0)})
    expect(report.overall.accuracy).toBeCloseTo((count(1, 1) + count(0, 0)) / trajectories.length, 10)

    const table = await runWebgym(['judge', 'eval', llmFile, '--labels', truthFile])
    expect(table.exitCode).toBe(0)
    expect(text(table.stdout)).toMatch(/accuracy/i)
  }, 300_000)
})
