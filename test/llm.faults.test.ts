import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {LlmClient} from '../src/lib/llm/client.js'
import {assertBuilt} from './helpers/cli.js'
import {startStandin, type Standin} from './helpers/openai-standin.js'
import {fixtureSample, ndjson} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'
import {driveHeadlessShell} from './helpers/headless-shell.js'

// webgym's own logic is under test, not what Chromium draws (see test/helpers/headless-shell.ts).
driveHeadlessShell()

// Model-server faults the SDK's own retries miss: a 200 whose body is not JSON, a Retry-After of an hour, and the
// abort listeners a run with many requests in flight adds to its one stop signal.

let standin: Standin
beforeAll(async () => {
  assertBuilt()
  standin = await startStandin({models: ['m']})
})
afterAll(async () => {
  await standin?.close()
})

const client = (options: Partial<ConstructorParameters<typeof LlmClient>[0]> = {}) =>
  new LlmClient({
    baseURL: standin.url,
    model: 'm',
    timeoutMs: 10_000,
    maxRetries: 2,
    temperature: 0,
    jsonSchema: false,
    cacheDir: null,
    ...options,
  })

describe('model-server faults', () => {
  it('retries a 200 reply whose body is not valid JSON, like a dropped connection', async () => {
    standin.reset()
    standin.script([
      {reply: {raw: '{"id": "chatcmpl-1", "choices": [{"mess', status: 200}, times: 1},
      {reply: {content: 'fine'}},
    ])
    const llm = client()
    const reply = await llm.chat([{role: 'user', content: 'hello'}])
    expect(reply.content).toBe('fine')
    expect(standin.requests).toHaveLength(2)
    expect(llm.stats.retries).toBe(1)
  })

  it('names the fault when every reply is invalid JSON, after its retries', async () => {
    standin.reset()
    standin.script([{reply: {raw: 'upstream proxy error', status: 200}}])
    const error = (await client({maxRetries: 1})
      .chat([{role: 'user', content: 'hello'}])
      .then(
        () => new Error('the call did not fail'),
        (caught: unknown) => caught,
      )) as Error
    expect(error.message).toBe("the model server's replies were not valid JSON (after 1 retry)")
    expect(standin.requests).toHaveLength(2)
  })

  it('cuts a Retry-After of an hour to --max-retry-wait and says who asked to wait how long', async () => {
    standin.reset()
    standin.script([
      {reply: {status: 429, headers: {'retry-after': '3600'}}, times: 1},
      {reply: {content: JSON.stringify({fact_groups: [{id: 'g1', facts: ['The page shows the price']}]})}},
    ])
    const wd = workdir()
    const tasks = wd.write(
      'tasks.ndjson',
      ndjson([
        {
          id: 't:1',
          source: 't',
          intent: 'Find the price',
          website: 'shop.example.com',
          start_url: 'https://shop.example.com/',
          reference_answer: null,
        },
      ]),
    )
    const started = Date.now()
    const result = await wd.run([
      'rubric',
      'gen',
      '--base-url',
      standin.url,
      '--model',
      'm',
      '--no-cache',
      '--no-json-schema',
      '--max-retry-wait',
      '1',
      tasks,
    ])
    expect(Date.now() - started).toBeLessThan(30_000)
    expect(result.stderr).toContain(
      `the model server at ${standin.url} answered HTTP 429 and asked to wait 3600 s (Retry-After) before retrying; waiting 1 s (--max-retry-wait)`,
    )
    // The retry came after the wait that was cut, not an hour later.
    expect(standin.requests.length).toBeGreaterThanOrEqual(2)
    expect(result.stderr).not.toMatch(/internal error/)
  }, 60_000)

  it('sends a rubric with repeated group ids back for repair, and keeps each repeated fact once', async () => {
    standin.reset()
    const group = {id: 'g1', description: 'The price', facts: ['The answer gives the price']}
    const repaired = {
      fact_groups: [
        group,
        {id: 'g2', description: 'Again', facts: ['the answer  gives the PRICE', 'The answer names the shop']},
        {id: 'g3', description: 'Only a repeat', facts: ['The answer gives the price']},
      ],
    }
    standin.script([
      {reply: {content: JSON.stringify({fact_groups: [group, group, group]})}, times: 1},
      {reply: {content: JSON.stringify(repaired)}},
    ])
    const wd = workdir()
    const tasks = wd.write(
      'tasks.ndjson',
      ndjson([
        {
          id: 't:1',
          source: 't',
          intent: 'Find the price',
          website: 'shop.example.com',
          start_url: 'https://shop.example.com/',
          reference_answer: null,
        },
      ]),
    )
    const result = await wd.run([
      'rubric',
      'gen',
      '--base-url',
      standin.url,
      '--model',
      'm',
      '--no-cache',
      '--no-json-schema',
      tasks,
    ])
    expect(result.exitCode, result.stderr).toBe(0)
    expect(standin.requests).toHaveLength(2)
    expect(standin.requests[1]!.text).toContain('group id "g1" is used by more than one group')
    const task = JSON.parse(result.stdout)
    expect(task.rubric.fact_groups).toEqual([
      group,
      {id: 'g2', description: 'Again', facts: ['The answer names the shop']},
    ])
    expect(task.difficulty).toBe(2)
  })

  it('adds no abort listener that outlives its request: a rollout with 12 sessions and 40 model requests warns of none', async () => {
    standin.reset()
    const click = `Action: click\n<tool_call>\n${JSON.stringify({name: 'computer_use', arguments: {action: 'left_click', coordinate: [500, 500]}})}\n</tool_call>`
    standin.setHandler(() => ({content: click, delayMs: 30}))
    const wd = workdir()
    const tasks = fixtureSample(2).slice(0, 12)
    const result = await wd.run(
      [
        'rollout',
        '--base-url',
        standin.url,
        '--model',
        'm',
        '--concurrency',
        '12',
        '--browsers',
        '2',
        '--horizon',
        '4',
        '--shots',
        wd.path('shots'),
        '-o',
        wd.path('traj.ndjson'),
        '-',
      ],
      {
        input: ndjson(tasks),
        env: {NODE_OPTIONS: '--trace-warnings --throw-deprecation'},
      },
    )
    expect(result.exitCode, result.stderr).toBe(0)
    expect(standin.requests.length).toBeGreaterThanOrEqual(40)
    expect(result.stderr).not.toMatch(/MaxListenersExceededWarning|Warning:/)
  }, 600_000)
})
