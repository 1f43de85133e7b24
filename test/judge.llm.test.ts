// `webgym judge --judge llm` through the built CLI against the OpenAI-compatible stand-in with scripted replies:
// the reward rule, blocked pages, unsupported answers, judge failures, votes, the image cap, and resuming.
import {existsSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import sharp from 'sharp'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {JudgedTrajectorySchema} from '../src/lib/schema/judged.js'
import {assertBuilt, runWebgym} from './helpers/cli.js'
import {startStandin, type Standin, type StandinReply, type StandinRequest} from './helpers/openai-standin.js'
import {jsonReply} from './helpers/structured.js'
import {solidScreenshot, syntheticSteps} from './helpers/synthetic-steps.js'
import {workdir} from './helpers/workdir.js'

const MODEL = 'judge-model'
const wd = workdir()
const shotsDir = wd.path('shots')

// ---- screenshots and trajectories --------------------------------------------------------------------------------

/** A distinct 1280x768 JPEG per number, stored content-addressed like rollout does; returns its name. */
const screenshot = (n: number) => solidScreenshot(shotsDir, n)

interface TrajectoryOptions {
  /** Scenario tag in the intent, read by the stand-in. */
  tag: string
  steps?: number
  answer?: string | null
  reference?: string | null
  facts?: number
  status?: string
  title?: string
  /** Screenshot numbers per step (default: distinct). */
  shots?: number[]
}

let shotBase = 0
async function trajectory(options: TrajectoryOptions) {
  const count = options.steps ?? 3
  const numbers = options.shots ?? Array.from({length: count}, (_, i) => ++shotBase * 100 + i)
  const names = await Promise.all(numbers.map((n) => screenshot(n)))
  const factCount = options.facts ?? 2
  return {
    task: {
      id: `test:${options.tag}`,
      source: 'test',
      intent: `[case:${options.tag}] Find the cheapest red kettle and report its price`,
      website: 'shop.example',
      start_url: 'https://shop.example/',
      reference_answer: options.reference ?? null,
      rubric:
        factCount === 0
          ? null
          : {
              fact_groups: [
                {
                  id: 'g1',
                  description: 'The kettle',
                  facts: Array.from({length: factCount}, (_, i) => `Fact ${i + 1} holds`),
                },
              ],
            },
      level: 'easy',
    },
    run: {
      policy: 'openai',
      model: 'policy',
      prompt_version: 'qwen3vl-v1',
      viewport: {width: 1280, height: 768},
      horizon: 30,
      seed: 0,
      webgym_version: '0.1.0',
      started_at: `2026-12-01T00:00:${String(shotBase % 60).padStart(2, '0')}.000Z`,
    },
    status: options.status ?? 'answered',
    answer: options.answer === undefined ? '$12.99' : options.answer,
    error: null,
    steps: syntheticSteps(names, {
      url: (index) => `https://shop.example/page/${index}`,
      title: (index) => (index === names.length - 1 && options.title ? options.title : `Page ${index}`),
      answer: options.answer ?? '$12.99',
    }),
  }
}

const ndjson = (records: readonly unknown[]) => records.map((record) => `${JSON.stringify(record)}\n`).join('')
const readJudged = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line))

// ---- the scripted judge ------------------------------------------------------------------------------------------

const schemaName = (request: StandinRequest): string | undefined => request.body?.response_format?.json_schema?.name
const caseOf = (request: StandinRequest): string => /\[case:([\w-]+)\]/.exec(request.text)?.[1] ?? '?'
const factIds = (request: StandinRequest): string[] =>
  [...request.text.matchAll(/^- \[([^\]]+)\]/gm)].map((match) => match[1])
const imagesOf = (request: StandinRequest): string[] =>
  (request.body?.messages ?? []).flatMap((message: any) =>
    Array.isArray(message.content)
      ? message.content.filter((part: any) => part.type === 'image_url').map((part: any) => part.image_url.url)
      : [],
  )

interface VerdictScript {
  blocked?: boolean
  answer?: boolean | null
  /** Fact ids that fail. */
  failing?: string[]
}

function verdict(request: StandinRequest, script: VerdictScript = {}): StandinReply {
  return jsonReply({
    blocked: script.blocked ?? false,
    blocked_reason: script.blocked ? 'a CAPTCHA fills the final screen' : '',
    answer_supported: script.answer === undefined ? true : script.answer,
    answer_reason: 'the price is on screenshot 2',
    facts: factIds(request).map((id) => ({id, pass: !script.failing?.includes(id), reason: `evidence for ${id}`})),
  })
}

/** Vote k (from the request seed) of case "votes-*": each vote fails a different fact. */
function voteVerdict(request: StandinRequest): StandinReply {
  const vote = Number(request.body.seed ?? 0)
  const tag = caseOf(request)
  // votes-2of3: fact g1.1 fails in vote 0 only (passes by majority); g1.2 fails in votes 1 and 2 (fails by majority).
  if (tag === 'votes-split') return verdict(request, {failing: vote === 0 ? ['g1.1'] : ['g1.2']})
  // votes-pass: one dissenting vote on g1.1 only.
  return verdict(request, {failing: vote === 2 ? ['g1.1'] : []})
}

function handler(request: StandinRequest): StandinReply {
  const name = schemaName(request)
  const tag = caseOf(request)
  if (name === 'screenshot_relevance') {
    if (tag === 'select-fails') return {status: 500}
    // Odd-coloured screenshots are relevant in the cap case; otherwise every screenshot is.
    return jsonReply({reason: 'shows the kettle', score: tag === 'cap' ? 5 : 4})
  }
  if (name === 'reference_check') return jsonReply({match: tag === 'reference-model-yes', reason: 'compared'})
  if (name !== 'trajectory_verdict') return {status: 400}
  switch (tag) {
    case 'fact-fails':
      return verdict(request, {failing: ['g1.2']})
    case 'blocked':
      return verdict(request, {blocked: true})
    case 'unsupported':
      return verdict(request, {answer: false})
    case 'judge-down':
      return {status: 500}
    case 'missing-fact':
      return jsonReply({
        blocked: false,
        blocked_reason: '',
        answer_supported: true,
        answer_reason: '',
        facts: [{id: 'g1.1', pass: true, reason: 'ok'}],
      })
    case 'votes-split':
    case 'votes-pass':
      return voteVerdict(request)
    default:
      return verdict(request)
  }
}

let standin: Standin

interface Run {
  exitCode: number | undefined
  stdout: string
  stderr: string
}

async function webgym(args: string[], input = ''): Promise<Run> {
  const result = await runWebgym(args, {input})
  return {exitCode: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr)}
}

function judge(args: string[], input: string): Promise<Run> {
  return webgym(
    [
      'judge',
      '--base-url',
      standin.url,
      '--model',
      MODEL,
      '--no-cache',
      '--max-retries',
      '0',
      '--shots',
      shotsDir,
      ...args,
    ],
    input,
  )
}

beforeAll(async () => {
  assertBuilt()
  standin = await startStandin({handler})
})
afterAll(async () => {
  await standin?.close()
})

describe('judge --judge llm: the reward rule', () => {
  let cases: Record<string, any>
  let judged: Record<string, any>
  let result: Run

  beforeAll(async () => {
    cases = {
      pass: await trajectory({tag: 'pass'}),
      'fact-fails': await trajectory({tag: 'fact-fails'}),
      blocked: await trajectory({tag: 'blocked'}),
      unsupported: await trajectory({tag: 'unsupported'}),
      'reference-plain-yes': await trajectory({tag: 'reference-plain-yes', reference: '12.99', answer: '$12.99'}),
      'reference-plain-no': await trajectory({tag: 'reference-plain-no', reference: '12.99', answer: '$14.50'}),
      'reference-model-yes': await trajectory({
        tag: 'reference-model-yes',
        reference: 'The Rapid Boil kettle',
        answer: 'It is the Rapid-Boil 2000 kettle, in red',
      }),
      'reference-model-no': await trajectory({
        tag: 'reference-model-no',
        reference: 'The Rapid Boil kettle',
        answer: 'The Steam Pro kettle',
      }),
      'rollout-blocked': await trajectory({tag: 'rollout-blocked', status: 'blocked'}),
      'wall-title': await trajectory({tag: 'wall-title', title: 'Just a moment...'}),
      'no-answer': await trajectory({tag: 'no-answer', answer: null, status: 'horizon'}),
    }
    standin.reset()
    result = await judge([], ndjson(Object.values(cases)))
    judged = Object.fromEntries(
      result.stdout
        .trim()
        .split('\n')
        .map((line: string) => JSON.parse(line))
        .map((record: any) => [record.task.id.slice(5), record]),
    )
  }, 120_000)

  it('writes one valid judged trajectory per input, in input order, and exits 0', () => {
    expect(result.exitCode).toBe(0)
    expect(Object.keys(judged)).toEqual(Object.keys(cases))
    for (const record of Object.values(judged)) expect(JudgedTrajectorySchema.safeParse(record).success).toBe(true)
    expect(result.stderr).toMatch(/judge \(llm\): 4 of 11 rewarded/)
  })

  it('gives 1 only when every fact passes, the answer is supported and the reference matches', () => {
    const rewarded = Object.entries(judged)
      .filter(([, record]) => record.judgment.reward === 1)
      .map(([tag]) => tag)
    expect(rewarded.sort()).toEqual(['no-answer', 'pass', 'reference-model-yes', 'reference-plain-yes'].sort())
    expect(judged.pass.judgment).toMatchObject({
      blocked: false,
      answer_supported: true,
      reference_match: null,
      error: null,
      judge: 'llm',
      model: MODEL,
      prompt_version: 'judge-v1',
    })
    expect(judged.pass.judgment.facts).toEqual([
      {group_id: 'g1', fact: 'Fact 1 holds', pass: true, reason: 'evidence for g1.1'},
      {group_id: 'g1', fact: 'Fact 2 holds', pass: true, reason: 'evidence for g1.2'},
    ])
    expect(judged['fact-fails'].judgment.facts.map((fact: any) => fact.pass)).toEqual([true, false])
    expect(judged['no-answer'].judgment.answer_supported).toBeNull()
  })

  it('gives 0 with blocked on a blocked page, and asks no model when the rollout or the title already shows it', () => {
    expect(judged.blocked.judgment).toMatchObject({reward: 0, blocked: true, error: null})
    for (const tag of ['rollout-blocked', 'wall-title']) {
      expect(judged[tag].judgment).toMatchObject({reward: 0, blocked: true, error: null})
      expect(standin.requests.filter((request) => caseOf(request) === tag)).toHaveLength(0)
    }
  })

  it('gives 0 to an answer no screenshot supports', () => {
    expect(judged.unsupported.judgment).toMatchObject({reward: 0, answer_supported: false})
  })

  it('checks the reference plainly first and asks the model only when that cannot decide', () => {
    expect(judged['reference-plain-yes'].judgment.reference_match).toBe(true)
    expect(judged['reference-plain-no'].judgment).toMatchObject({reward: 0, reference_match: false})
    expect(judged['reference-model-yes'].judgment.reference_match).toBe(true)
    expect(judged['reference-model-no'].judgment).toMatchObject({reward: 0, reference_match: false})
    const referenceRequests = standin.requests
      .filter((request) => schemaName(request) === 'reference_check')
      .map(caseOf)
    expect(referenceRequests.sort()).toEqual(['reference-model-no', 'reference-model-yes'])
  })

  it('scores every screenshot but the final one with the selection model, at the selection width', async () => {
    const selection = standin.requests.filter(
      (request) => caseOf(request) === 'pass' && schemaName(request) === 'screenshot_relevance',
    )
    expect(selection).toHaveLength(2)
    for (const request of selection) {
      const [url] = imagesOf(request)
      const meta = await sharp(Buffer.from(url.split(',')[1], 'base64')).metadata()
      expect(meta.width).toBe(640)
    }
    expect(judged.pass.judgment.key_screenshots).toEqual(cases.pass.steps.map((step: any) => step.screenshot))
    expect(judged.pass.judgment.cost).toEqual({requests: 3, images: 3, selection_images: 2})
  })
})

describe('judge --judge llm: the image cap and the final screenshot', () => {
  it('sends at most --max-images screenshots with the final one always among them (recorded requests)', async () => {
    // 14 steps: the last three show the same screen, so 12 distinct screenshots; every one scores 5.
    const long = await trajectory({
      tag: 'cap',
      steps: 14,
      shots: [...Array.from({length: 11}, (_, i) => 9000 + i), 9999, 9999, 9999],
    })
    standin.reset()
    const result = await judge(['--max-images', '4', '--select-model', 'cheap-model'], ndjson([long]))
    expect(result.exitCode).toBe(0)
    const record = JSON.parse(result.stdout)
    const verdicts = standin.requests.filter((request) => schemaName(request) === 'trajectory_verdict')
    expect(verdicts).toHaveLength(1)
    const images = imagesOf(verdicts[0])
    expect(images).toHaveLength(4)
    const finalBytes = readFileSync(join(shotsDir, long.steps.at(-1)!.screenshot)).toString('base64')
    expect(images.at(-1)).toBe(`data:image/jpeg;base64,${finalBytes}`)
    // Ties on score keep the most recent.
    expect(record.judgment.key_screenshots).toEqual([
      long.steps[8].screenshot,
      long.steps[9].screenshot,
      long.steps[10].screenshot,
      long.steps[13].screenshot,
    ])
    const selection = standin.requests.filter((request) => schemaName(request) === 'screenshot_relevance')
    expect(selection).toHaveLength(11)
    expect(new Set(selection.map((request) => request.body.model))).toEqual(new Set(['cheap-model']))
    expect(verdicts[0].body.model).toBe(MODEL)
  })

  it('falls back to the most recent screenshots up to the cap when selection fails', async () => {
    const long = await trajectory({tag: 'select-fails', steps: 8})
    standin.reset()
    const result = await judge(['--max-images', '3'], ndjson([long]))
    expect(result.exitCode).toBe(0)
    const record = JSON.parse(result.stdout)
    expect(record.judgment.reward).toBe(1)
    expect(record.judgment.selection.fallback).toMatch(/selection failed .*HTTP 500.*kept the 3 most recent/)
    expect(record.judgment.key_screenshots).toEqual(long.steps.slice(5).map((step: any) => step.screenshot))
    const verdicts = standin.requests.filter((request) => schemaName(request) === 'trajectory_verdict')
    expect(imagesOf(verdicts[0])).toHaveLength(3)
  })

  it('resizes screenshots to --image-width for the judge model', async () => {
    const short = await trajectory({tag: 'pass', steps: 1})
    standin.reset()
    const result = await judge(['--image-width', '320'], ndjson([short]))
    expect(result.exitCode).toBe(0)
    const [url] = imagesOf(standin.requests.find((request) => schemaName(request) === 'trajectory_verdict')!)
    expect(url).toMatch(/^data:image\/jpeg;base64,/)
    expect(await sharp(Buffer.from(url.split(',')[1], 'base64')).metadata()).toMatchObject({width: 320, height: 192})
  })
})

describe('judge --judge llm: votes', () => {
  it('--votes 3 takes the majority per fact, with distinct seeds per vote', async () => {
    const split = await trajectory({tag: 'votes-split'})
    const pass = await trajectory({tag: 'votes-pass'})
    standin.reset()
    const result = await judge(['--votes', '3', '--seed', '0'], ndjson([split, pass]))
    expect(result.exitCode).toBe(0)
    const [a, b] = result.stdout
      .trim()
      .split('\n')
      .map((line: string) => JSON.parse(line))
    expect(a.judgment.facts.map((fact: any) => fact.pass)).toEqual([true, false])
    expect(a.judgment.facts[1].reason).toMatch(/\(1 of 3 votes\)/)
    expect(a.judgment.reward).toBe(0)
    expect(b.judgment.facts.map((fact: any) => fact.pass)).toEqual([true, true])
    expect(b.judgment).toMatchObject({reward: 1, votes: 3})
    const seeds = standin.requests
      .filter((request) => schemaName(request) === 'trajectory_verdict' && caseOf(request) === 'votes-split')
      .map((request) => request.body.seed)
    expect(seeds.sort()).toEqual([0, 1, 2])
  })
})

describe('judge --judge llm: the reply cache', () => {
  it('a rerun with the same cache sends no request and writes the same bytes', async () => {
    const records = [
      await trajectory({tag: 'pass', steps: 4}),
      await trajectory({tag: 'reference-model-yes', reference: 'The Rapid Boil kettle', answer: 'the red Rapid-Boil'}),
    ]
    const cache = wd.path('cache')
    const args = ['judge', '--base-url', standin.url, '--model', MODEL, '--cache', cache, '--shots', shotsDir]
    standin.reset()
    const first = await webgym(args, ndjson(records))
    const sent = standin.requests.length
    expect(first.exitCode).toBe(0)
    expect(sent).toBe(3 + 1 + 2 + 1 + 1)
    const second = await webgym(args, ndjson(records))
    expect(second.exitCode).toBe(0)
    expect(standin.requests).toHaveLength(sent)
    expect(second.stdout).toBe(first.stdout)
  })
})

describe('judge --judge llm: fail-safe', () => {
  it('a judge failure gives reward 0 with the error, is listed in --failed, exits 1, and --resume judges it again', async () => {
    const good = await trajectory({tag: 'pass'})
    const down = await trajectory({tag: 'judge-down'})
    const out = wd.path('failsafe.ndjson')
    const failed = wd.path('failed.ndjson')
    const input = wd.path('failsafe-in.ndjson')
    writeFileSync(input, ndjson([good, down]))
    const first = await judge(['-o', out, '--failed', failed, input], '')
    expect(first.exitCode).toBe(1)
    expect(first.stderr).toMatch(/1 records failed \(written with reward 0 and the error\)/)
    const records = readJudged(out)
    expect(records).toHaveLength(2)
    expect(records[1].judgment).toMatchObject({reward: 0, blocked: false})
    expect(records[1].judgment.error).toMatch(/HTTP 500/)
    expect(records[1].judgment.facts.every((fact: any) => fact.pass === false)).toBe(true)
    expect(readJudged(failed).map((failure) => failure.id)).toEqual([`test:judge-down@${down.run.started_at}`])

    // The judge comes back: --resume keeps the good record and judges the failed one again, once.
    standin.script([
      {
        match: '[case:judge-down]',
        reply: (request) =>
          schemaName(request) === 'trajectory_verdict' ? verdict(request) : jsonReply({reason: 'x', score: 4}),
      },
    ])
    const second = await judge(['--resume', out, input], '')
    standin.script([])
    expect(second.exitCode).toBe(0)
    const after = readJudged(out)
    expect(after.map((record) => record.task.id)).toEqual(['test:pass', 'test:judge-down'])
    expect(after.map((record) => record.judgment.reward)).toEqual([1, 1])
    expect(second.stderr).toMatch(/1 already in/)
  })

  it('a reply that leaves out a fact is repaired once, then fails safe', async () => {
    const record = await trajectory({tag: 'missing-fact'})
    standin.reset()
    const result = await judge(['--allow-failures'], ndjson([record]))
    expect(result.exitCode).toBe(0)
    const judged = JSON.parse(result.stdout)
    expect(judged.judgment.reward).toBe(0)
    expect(judged.judgment.error).toMatch(/invalid reply after one repair request: .*missing g1\.2/)
    expect(standin.requests.filter((request) => schemaName(request) === 'trajectory_verdict')).toHaveLength(2)
  })

  it('a missing screenshot, or a task with nothing to judge against, gives 0 with the error', async () => {
    const missing = await trajectory({tag: 'pass', steps: 2})
    missing.steps[1].screenshot = 'f'.repeat(64) + '.jpg'
    const bare = await trajectory({tag: 'pass', facts: 0})
    const result = await judge(['--allow-failures'], ndjson([missing, bare]))
    expect(result.exitCode).toBe(0)
    const [a, b] = result.stdout
      .trim()
      .split('\n')
      .map((line: string) => JSON.parse(line))
    expect(a.judgment).toMatchObject({reward: 0})
    expect(a.judgment.error).toMatch(/screenshot f{64}\.jpg not found/)
    expect(b.judgment.error).toMatch(/neither a rubric nor a reference answer/)
  })

  it('finds screenshots in the input file’s shots/ folder without --shots, and names the model flag when none is set', async () => {
    const record = await trajectory({tag: 'pass', steps: 1})
    const input = wd.path('beside.ndjson')
    writeFileSync(input, ndjson([record]))
    const found = await webgym(['judge', '--base-url', standin.url, '--model', MODEL, '--no-cache', input])
    expect(found.exitCode).toBe(0)
    expect(JSON.parse(found.stdout).judgment.reward).toBe(1)
    expect(existsSync(wd.path('shots'))).toBe(true)
    const noModel = await webgym(['judge', '--base-url', standin.url, input])
    expect(noModel.exitCode).toBe(2)
    expect(noModel.stderr).toMatch(/WEBGYM_JUDGE_MODEL/)
  })
})
