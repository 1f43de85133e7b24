import {execa} from 'execa'
import {beforeAll, describe, expect, it} from 'vitest'
import {
  assertPythonClient,
  driver,
  oracleRun,
  python,
  shortTasks,
  startEnvServe,
  type ServedEnv,
} from './helpers/env-serve.js'
import {ndjson, readNdjson, waitFor} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'
import {driveHeadlessShell} from './helpers/headless-shell.js'

// webgym's own logic is under test, not what Chromium draws (see test/helpers/headless-shell.ts).
driveHeadlessShell()

// A client's mistakes and departures against `webgym env serve --max-sessions 2`: a client killed mid-episode,
// malformed JSON, an unknown message type, a step before reset, bad fields, a third session over capacity, OpenEnv's
// stateless HTTP routes, and SIGTERM with an episode running. Each gets OpenEnv's error code, the server keeps
// serving, and the trajectory file holds every episode that ended, once.

const wd = workdir()
const [killed, whole, held] = shortTasks(3, ['shop', 'recipes', 'listings'])
const LIMITS = ['--horizon', '20', '--navigation-timeout', '90']
// Long enough that no session here waits that long for its own client but the silent one.
const IDLE_S = 20

let server: ServedEnv
let answers: any
let afterStop: any
let idle: {after: string; seconds: number}
let http: Record<string, {status: number; body: any}>
let served: {exitCode: number | undefined; stderr: string}
let records: any[]

async function request(path: string, init?: RequestInit): Promise<{status: number; body: any}> {
  const response = await fetch(`${server.url}${path}`, init)
  return {status: response.status, body: await response.json()}
}

const activeSessions = async () => (await request('/state')).body.active_sessions as number

beforeAll(async () => {
  await assertPythonClient()
  wd.write('tasks.ndjson', ndjson([killed, whole, held]))
  await oracleRun(wd, 'tasks.ndjson', 'oracle.ndjson', LIMITS)
  server = await startEnvServe(wd, [
    'tasks.ndjson',
    '--max-sessions',
    '2',
    '--idle-timeout',
    String(IDLE_S),
    ...LIMITS,
    '-o',
    'env.ndjson',
  ])

  // A client killed (SIGKILL) after its first step: its socket drops mid-episode.
  const holder = execa(python, [driver, 'hold', server.url, wd.path('oracle.ndjson'), killed!.id], {
    reject: false,
    buffer: false,
  })
  let said = ''
  holder.stdout!.on('data', (chunk) => (said += String(chunk)))
  await waitFor(() => said.includes('stepped'), 300_000, 'the held client to take its first step')
  expect(await activeSessions()).toBe(1)
  holder.kill('SIGKILL')
  await holder
  const freed = Date.now() + 60_000
  while ((await activeSessions()) > 0 && Date.now() < freed) await new Promise((resolve) => setTimeout(resolve, 200))

  http = {
    health: await request('/health'),
    metadata: await request('/metadata'),
    schema: await request('/schema'),
    state: await request('/state'),
    stepNoEpisode: await request('/step', {method: 'POST', body: JSON.stringify({action: {reply: 'Action: wait'}})}),
    stepBadBody: await request('/step', {method: 'POST', body: JSON.stringify({action: {action: {coordinate: 3}}})}),
    resetBadJson: await request('/reset', {method: 'POST', body: '{"task_id": '}),
    reset: await request('/reset', {method: 'POST', body: JSON.stringify({task_id: held!.id})}),
  }

  // A client that resets and then says nothing.
  idle = JSON.parse(
    (await execa(python, [driver, 'idle', server.url, wd.path('oracle.ndjson'), killed!.id], {reject: false})).stdout,
  )
  const idleFreed = Date.now() + 60_000
  while ((await activeSessions()) > 0 && Date.now() < idleFreed)
    await new Promise((resolve) => setTimeout(resolve, 200))

  // Bad messages, capacity, a whole episode; then a session holds an episode while the server is stopped.
  const faults = execa(python, [driver, 'faults', server.url, wd.path('oracle.ndjson'), whole!.id, held!.id], {
    reject: false,
  })
  let out = ''
  faults.stdout!.on('data', (chunk) => (out += String(chunk)))
  let faultsEnded = false
  void faults.then(() => (faultsEnded = true))
  await waitFor(() => out.includes('\n') || faultsEnded, 600_000, 'the faults client to hold its episode')
  answers = JSON.parse(out.split('\n')[0]!)
  server.child.kill('SIGTERM')
  const ended = await server.child
  served = {exitCode: ended.exitCode, stderr: server.stderr.text}
  const finished = await faults
  expect(finished.exitCode, `${finished.stdout}\n${finished.stderr}`).toBe(0)
  afterStop = JSON.parse(finished.stdout.trim().split('\n').at(-1)!).held_after_stop
  records = readNdjson(wd.path('env.ndjson'))
}, 1_500_000)

const error = (code: string) => ({type: 'error', data: expect.objectContaining({code, message: expect.any(String)})})

describe("env serve: a client's mistakes", () => {
  it("answers each bad message with OpenEnv's error code, and the session goes on", () => {
    expect(answers.malformed).toEqual(error('INVALID_JSON'))
    expect(answers.malformed.data.message).toMatch(/^Invalid JSON: /)
    expect(answers.unknown_type).toEqual(error('UNKNOWN_TYPE'))
    expect(answers.unknown_type.data.message).toMatch(/^Unknown message type: teleport/)
    expect(answers.step_before_reset).toEqual(error('EXECUTION_ERROR'))
    expect(answers.step_before_reset.data.message).toMatch(/send reset first/)
    // A validation error names the field, as OpenEnv's (pydantic's) errors do.
    expect(answers.bad_field).toEqual(error('VALIDATION_ERROR'))
    expect(answers.bad_field.data.errors).toEqual([expect.objectContaining({loc: ['data', 'task_id']})])
    expect(answers.unknown_field.data.errors).toEqual([
      expect.objectContaining({type: 'extra_forbidden', loc: ['data', 'tsk_id']}),
    ])
    expect(answers.unknown_task).toEqual(error('VALIDATION_ERROR'))
    expect(answers.unknown_task.data.message).toMatch(/no task no\/such-task among the 3 served tasks/)
    // The same session then runs a whole episode: the server kept serving it.
    expect(answers.whole).toMatchObject({task_id: whole!.id, done: true, reward: 1, outcome: {status: 'answered'}})
  })

  it('refuses a session over --max-sessions with CAPACITY_REACHED and closes it; a freed place is taken again', () => {
    expect(answers.over_capacity).toEqual({
      type: 'error',
      data: expect.objectContaining({code: 'CAPACITY_REACHED', active_sessions: 2, max_sessions: 2}),
    })
    expect(answers.over_capacity_after).toMatch(/^ConnectionClosed/)
    expect(answers.held_reset).toMatchObject({step: 0, url: held!.start_url})
  })

  it("answers OpenEnv's HTTP routes: health, metadata, schema, state, and the stateless reset and step", () => {
    expect(http.health).toEqual({status: 200, body: {status: 'healthy'}})
    expect(http.metadata.body).toMatchObject({name: 'webgym', version: expect.any(String)})
    expect(Object.keys(http.schema.body).sort()).toEqual(['action', 'observation', 'state'])
    expect(http.schema.body.observation.properties).toHaveProperty('screenshot')
    expect(http.state.body).toMatchObject({episode_id: null, step_count: 0, active_sessions: 0, max_sessions: 2})
    expect(http.stepNoEpisode.status).toBe(409)
    expect(http.stepNoEpisode.body.detail).toMatch(/\/ws/)
    expect(http.stepBadBody.status).toBe(422)
    expect(http.stepBadBody.body.detail[0].loc.slice(0, 3)).toEqual(['body', 'action', 'action'])
    expect(http.resetBadJson.status).toBe(422)
    expect(http.resetBadJson.body.detail[0]).toMatchObject({type: 'json_invalid', loc: ['body']})
    expect(http.reset.status).toBe(200)
    expect(http.reset.body).toMatchObject({
      reward: null,
      done: false,
      observation: {task_id: held!.id, step: 0, url: held!.start_url},
    })
    expect(http.reset.body.observation.screenshot).toMatch(/^\/9j\//) // base64 JPEG
  })

  it('ends a silent session at --idle-timeout: its episode aborted, its connection closed', () => {
    expect(idle.after).toMatch(/^ConnectionClosed/)
    expect(idle.seconds).toBeGreaterThanOrEqual(IDLE_S - 1)
    expect(idle.seconds).toBeLessThan(IDLE_S + 30)
  })

  it('drains on SIGTERM: the running episode ends as aborted, its client is disconnected, and it exits 0', () => {
    expect(served.exitCode, served.stderr).toBe(0)
    expect(served.stderr).toMatch(/SIGTERM: starting no new episodes/)
    expect(served.stderr).toMatch(/env serve: 5 episodes \(1 answered, 4 aborted\)/)
    expect(afterStop).toMatch(/^ConnectionClosed/)
  })

  it('holds every episode that ended exactly once, each aborted one with why', () => {
    const summary = records.map((record) => [record.id, record.status, record.steps.length, record.error])
    expect(summary).toHaveLength(5)
    expect(new Set(summary.map(([id]) => id)).size).toBe(5)
    expect(summary).toEqual(
      expect.arrayContaining([
        [`${killed!.id}#1`, 'aborted', 1, expect.stringMatching(/client went away/)],
        [
          `${killed!.id}#2`,
          'aborted',
          0,
          expect.stringMatching(/sent no message for 20 s: the session's idle timeout/),
        ],
        [`${held!.id}#1`, 'aborted', 0, expect.stringMatching(/HTTP \/reset/)],
        [`${whole!.id}#1`, 'answered', expect.any(Number), null],
        [`${held!.id}#2`, 'aborted', 0, expect.stringMatching(/server was stopped/)],
      ]),
    )
  })
})
