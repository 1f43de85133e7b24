import {basename, join} from 'node:path'
import sharp from 'sharp'
import {execa} from 'execa'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {QWEN3VL_PROMPT_VERSION} from '../src/lib/prompts/qwen3vl.js'
import {TrajectorySchema} from '../src/lib/schema/trajectory.js'
import {dump, root} from './helpers/cli.js'
import {assertPythonClient, drive, oracleRun, python, shortTasks, startEnvServe} from './helpers/env-serve.js'
import {startStandin, type Standin} from './helpers/openai-standin.js'
import {ndjson, readNdjson} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'
import {driveHeadlessShell} from './helpers/headless-shell.js'

// webgym's own logic is under test, not what Chromium draws (see test/helpers/headless-shell.ts).
driveHeadlessShell()

// `webgym env serve` on the fixture web, driven as a trainer drives an OpenEnv environment: 16 WebSocket sessions at
// once from the Python client (examples/openenv) through the reference solutions of 16 tasks as structured actions
// (the oracle's recorded actions), and 4 more from the example loop (examples/openenv/openai_loop.py), which asks for
// webgym's prompt and sends a model's raw qwen3vl replies (the oracle's, from a local OpenAI-compatible stand-in).
// The trajectory file is then held against what the client was shown and against `rollout --policy replay` of the
// same replies.

const wd = workdir()
const ALL_FAMILIES = ['shop', 'travel', 'encyclopedia', 'news', 'recipes', 'portal', 'listings']
const structured = shortTasks(16, ALL_FAMILIES)
const replied = shortTasks(
  4,
  ['shop', 'recipes', 'encyclopedia', 'listings'],
  4,
  new Set(structured.map((t) => t.website!)),
)
// The step cap, and the page-load limit: 20 sessions on 2 cores shared with other work can take a start page past the
// 30 s default (seen once: "loading the start page ... timed out").
const LIMITS = ['--horizon', '20', '--navigation-timeout', '90']
const byId = (records: any[]) => new Map(records.map((record) => [record.task.id as string, record]))

let oracle: Map<string, any>
let clients: any[]
let loop: {exitCode: number | undefined; lines: any[]; output: string}
let served: {exitCode: number | undefined; stderr: string}
let env: Map<string, any>
let envRecords: any[]
let replay: Map<string, any>
let standin: Standin

beforeAll(async () => {
  await assertPythonClient()
  wd.write('tasks.ndjson', ndjson([...structured, ...replied]))
  wd.write('replied.ndjson', ndjson(replied))
  oracle = byId(await oracleRun(wd, 'tasks.ndjson', 'oracle.ndjson', LIMITS))
  wd.write('replied-oracle.ndjson', ndjson(replied.map((task) => oracle.get(task.id))))

  // The policy model: for each replied task, the oracle's replies in turn (its prompt names the task's intent).
  const turns = new Map<string, number>()
  standin = await startStandin({
    handler: (request) => {
      const task = replied.find((candidate) => request.text.includes(candidate.intent))
      if (!task) return {status: 400, body: {error: {message: 'no replied task in the prompt'}}}
      const turn = turns.get(task.id) ?? 0
      turns.set(task.id, turn + 1)
      return {content: oracle.get(task.id).steps[turn]?.response ?? 'Action: {"name": "answer", "text": ""}'}
    },
  })

  const server = await startEnvServe(wd, ['tasks.ndjson', '--max-sessions', '20', ...LIMITS, '-o', 'env.ndjson'])
  const [actions, example] = await Promise.all([
    drive(['actions', server.url, wd.path('oracle.ndjson'), ...structured.map((task) => task.id)], wd.dir),
    execa(
      python,
      [
        `${root}/examples/openenv/openai_loop.py`,
        '--env',
        server.url,
        '--base-url',
        standin.url,
        '--model',
        'standin-model',
        '--sessions',
        '4',
        ...replied.flatMap((task) => ['--task-id', task.id]),
      ],
      {reject: false, cwd: wd.dir, timeout: 600_000, env: {PYTHONDONTWRITEBYTECODE: '1'}},
    ),
  ])
  clients = actions
  loop = {
    exitCode: example.exitCode,
    lines: example.stdout.trim()
      ? example.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line))
      : [],
    output: `${example.stdout}\n${example.stderr}`,
  }
  server.child.kill('SIGTERM')
  const ended = await server.child
  served = {exitCode: ended.exitCode, stderr: server.stderr.text}
  envRecords = readNdjson(wd.path('env.ndjson'))
  env = byId(envRecords)

  const replayed = await wd.run(
    [
      'rollout',
      'replied.ndjson',
      '--policy',
      'replay',
      '--replay',
      'replied-oracle.ndjson',
      ...LIMITS,
      '-o',
      'replay.ndjson',
    ],
    {cleanEnv: true, timeout: 600_000},
  )
  expect(replayed.exitCode, dump(replayed)).toBe(0)
  replay = byId(readNdjson(wd.path('replay.ndjson')))
}, 1_500_000)

afterAll(async () => standin?.close())

describe('env serve: 16 sessions of structured actions, 4 of raw replies', () => {
  it('ends all 16 reference solutions with reward 1, the episode answered and its check passed', () => {
    expect(clients).toHaveLength(16)
    for (const client of clients) {
      expect({task: client.task_id, done: client.done, reward: client.reward, status: client.outcome.status}).toEqual({
        task: client.task_id,
        done: true,
        reward: 1,
        status: 'answered',
      })
      expect(client.outcome.judgment).toMatchObject({reward: 1})
      expect(client.state).toMatchObject({task_id: client.task_id, done: true, status: 'answered', cum_reward: 1})
      expect(client.state.step_count).toBe(oracle.get(client.task_id).steps.length)
    }
  })

  it('shows each client the pages its trajectory records, screenshot for screenshot', () => {
    for (const client of clients) {
      const record = env.get(client.task_id)
      expect(client.observations.map((seen: any) => seen.step)).toEqual(record.steps.map((_: any, i: number) => i))
      expect(client.observations.map((seen: any) => [seen.url, seen.title, seen.screenshot])).toEqual(
        record.steps.map((step: any) => [step.url, step.title, basename(step.screenshot)]),
      )
      // What the client is told about its last action is what the record says of it.
      expect(client.observations.slice(1).map((seen: any) => seen.last_action_error)).toEqual(
        record.steps.slice(0, -1).map((step: any) => step.action_error),
      )
    }
  })

  it('runs the example loop against an OpenAI-compatible policy: webgym prompts in, raw replies out, reward 1', () => {
    expect(loop.exitCode, loop.output).toBe(0)
    expect(loop.lines.map((line) => [line.task_id, line.reward, line.status]).sort()).toEqual(
      replied.map((task) => [task.id, 1, 'answered']).sort(),
    )
    // The model was sent webgym's own prompt: the screenshot and the task's intent, once per step.
    const requests = standin.requests.filter((request) => request.path.endsWith('/chat/completions'))
    expect(requests).toHaveLength(replied.reduce((sum, task) => sum + oracle.get(task.id).steps.length, 0))
    for (const request of requests) expect(request.images).toBeGreaterThanOrEqual(1)
  })

  it('records the raw replies as rollout --policy replay of the same replies records them', async () => {
    for (const task of replied) {
      const mine = env.get(task.id)
      const theirs = replay.get(task.id)
      const fields = (record: any) => ({
        status: record.status,
        answer: record.answer,
        cause: record.cause,
        pass: record.check?.pass,
        steps: record.steps.map((step: any) => ({
          url: step.url,
          title: step.title,
          response: step.response,
          action: step.action,
          memory: step.memory,
          action_error: step.action_error,
          repeated: step.repeated,
        })),
      })
      expect(fields(mine)).toEqual(fields(theirs))
      // The same screenshots: byte for byte as a rule; two Chromium runs may raster a few pixels a level or two apart
      // (22 pixels of one 8x8 block, at most 2 levels, seen once), which is the same observation.
      for (const [index, step] of mine.steps.entries()) {
        const other = theirs.steps[index].screenshot
        if (step.screenshot === other) continue
        const difference = await pixelDifference(wd.path(join('shots', step.screenshot)), wd.path(join('shots', other)))
        expect(difference, `${task.id} step ${index}: ${step.screenshot} vs ${other}`).toMatchObject({sameSize: true})
        expect(difference.maxLevel, `${task.id} step ${index}`).toBeLessThanOrEqual(2)
        expect(difference.share, `${task.id} step ${index}`).toBeLessThan(0.001)
      }
      expect(mine.run).toMatchObject({policy: 'env', model: 'standin-model', prompt_version: QWEN3VL_PROMPT_VERSION})
    }
  })

  it("appends every episode once, in rollout's record shape, and stops on SIGTERM with a summary", () => {
    expect(served.exitCode, served.stderr).toBe(0)
    expect(served.stderr).toMatch(/env serve: 20 episodes \(20 answered\)/)
    expect(envRecords).toHaveLength(20)
    expect(new Set(envRecords.map((record) => record.id)).size).toBe(20)
    for (const record of envRecords) {
      expect(TrajectorySchema.safeParse(record).success, record.id).toBe(true)
      expect(Object.keys(record).sort()).toEqual(Object.keys(oracle.get(record.task.id)).sort())
      expect(record.run).toMatchObject({policy: 'env', policy_version: 'env-v1', horizon: 20})
    }
  })

  it('gives judge what it reads: the programmatic judge rewards every env-driven trajectory 1', async () => {
    const judged = await wd.run(['judge', 'env.ndjson', '--judge', 'programmatic'], {cleanEnv: true})
    expect(judged.exitCode, dump(judged)).toBe(0)
    const rewards = judged.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).judgment.reward)
    expect(rewards).toEqual(Array.from({length: 20}, () => 1))
  })
})

/** How far two screenshots are apart: the largest channel difference and the share of pixels that differ at all. */
async function pixelDifference(a: string, b: string): Promise<{sameSize: boolean; maxLevel: number; share: number}> {
  const [first, second] = await Promise.all([a, b].map((file) => sharp(file).raw().toBuffer({resolveWithObject: true})))
  if (first!.info.width !== second!.info.width || first!.info.height !== second!.info.height)
    return {sameSize: false, maxLevel: 255, share: 1}
  const channels = first!.info.channels
  let maxLevel = 0
  let differing = 0
  for (let i = 0; i < first!.data.length; i += channels) {
    let level = 0
    for (let k = 0; k < channels; k++) level = Math.max(level, Math.abs(first!.data[i + k]! - second!.data[i + k]!))
    if (level > 0) differing++
    maxLevel = Math.max(maxLevel, level)
  }
  return {sameSize: true, maxLevel, share: differing / (first!.info.width * first!.info.height)}
}
