// `webgym rubric gen` and the shared LLM client, through the built CLI against the local OpenAI-compatible stand-in.
import {existsSync} from 'node:fs'
import {readdir, readFile, writeFile} from 'node:fs/promises'
import {createServer} from 'node:net'
import {join} from 'node:path'
import type {Result} from 'execa'
import {beforeAll, describe, expect, it} from 'vitest'
import {
  errorBody,
  startStandin,
  type Standin,
  type StandinOptions,
  type StandinReply,
  type StandinRequest,
} from './helpers/openai-standin.js'
import {jsonReply, schemaOf} from './helpers/structured.js'
import {dump, root, runWebgym} from './helpers/cli.js'
import {workdir, type Workdir} from './helpers/workdir.js'

const MODEL = 'standin-model'
const SENTINEL = 'sk-SENTINEL-7f3a9'

// ---- tasks and replies -------------------------------------------------------------------------------------------

interface TestTask {
  id: string
  source: string
  intent: string
  website: string
  start_url: string
  reference_answer?: string | null
  rubric?: {fact_groups: Array<{id: string; description: string; facts: string[]}>} | null
  [key: string]: unknown
}

/** Task n: its intent names the number, so the stand-in knows which task a request is for. */
const task = (n: number, extra: Partial<TestTask> = {}): TestTask => ({
  id: `test:${n}`,
  source: 'test',
  intent: `Find item number ${n} on the site and report its price`,
  website: 'example.com',
  start_url: 'https://example.com/',
  ...extra,
})
const tasks = (count: number, from = 0) => Array.from({length: count}, (_, i) => task(from + i))
const ndjson = (records: readonly unknown[]) => records.map((record) => `${JSON.stringify(record)}\n`).join('')

/** The task number a chat request is about. */
const taskOf = (request: StandinRequest): number => Number(/item number (\d+)\b/.exec(request.text)?.[1] ?? -1)

/** A valid rubric with groups of the given sizes. */
const rubric = (...sizes: number[]) => ({
  fact_groups: sizes.map((size, g) => ({
    id: `g${g + 1}`,
    description: ` Group ${g + 1} `,
    facts: Array.from({length: size}, (_, f) => `Fact ${f + 1} of group ${g + 1} `),
  })),
})
const rubricReply = (...sizes: number[]): StandinReply => jsonReply(rubric(...sizes))
/** Replies a one-group rubric whose single fact names the task: outputs can be told apart. */
const echoRubric = (request: StandinRequest): StandinReply =>
  jsonReply({
    fact_groups: [
      {id: 'g1', description: 'The item', facts: [`The answer gives the price of item ${taskOf(request)}`]},
    ],
  })

const chatRequests = (standin: Standin) => standin.requests.filter((request) => request.path === '/v1/chat/completions')
const requestedTasks = (standin: Standin) => chatRequests(standin).map(taskOf)

// ---- running the CLI ---------------------------------------------------------------------------------------------

interface GenRun {
  result: Result
  stdout: string
  stderr: string
  records: TestTask[]
  summary: {
    requests: number
    http: number
    retries: number
    repairs: number
    cacheHits: number
    failures: number
  } | null
}

/** Runs the built `webgym rubric gen ARGS` with the tasks on stdin; no model, key or cache comes from the outside. */
async function rubricGen(
  args: string[],
  options: {input?: string; env?: Record<string, string>} = {},
): Promise<GenRun> {
  const result = await runWebgym(['rubric', 'gen', ...args], {input: options.input, env: options.env, cleanEnv: true})
  const stdout = String(result.stdout)
  const stderr = String(result.stderr)
  const records = stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TestTask)
  const match =
    /rubric gen: (\d+) model requests \((\d+) HTTP, (\d+) retries, (\d+) repairs\), (\d+) cache hits, (\d+) failures/.exec(
      stderr,
    )
  const [requests, http, retries, repairs, cacheHits, failures] = (match?.slice(1) ?? []).map(Number)
  return {
    result,
    stdout,
    stderr,
    records,
    summary: match ? {requests, http, retries, repairs, cacheHits, failures} : null,
  }
}

// One working directory for the file: its tests run concurrently, each in fresh folders of it.
let wd: Workdir
let counter = 0
beforeAll(() => {
  if (!existsSync(join(root, 'dist', 'commands', 'rubric', 'gen.js')))
    throw new Error('dist/ is missing: run `npm run build` before these tests')
  wd = workdir()
})

/** A fresh directory under the file's working directory. */
const fresh = (name: string) => wd.path(`${name}-${++counter}`)

/** Runs `fn` with a stand-in that closes afterwards; `flags` are the model flags pointing at it, with a fresh cache. */
async function withStandin(
  options: StandinOptions,
  fn: (standin: Standin, flags: string[], cache: string) => Promise<void>,
): Promise<void> {
  const standin = await startStandin(options)
  const cache = fresh('cache')
  try {
    await fn(standin, ['--base-url', standin.url, '--model', MODEL, '--cache', cache], cache)
  } finally {
    await standin.close()
  }
}

const readNdjson = async (path: string) =>
  (await readFile(path, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, any>)

async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return []
  const entries = await readdir(dir, {recursive: true, withFileTypes: true})
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

/** A TCP port on 127.0.0.1 that nothing listens on. */
async function deadPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as {port: number}
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

// ---- tests -------------------------------------------------------------------------------------------------------

// Every test has its own stand-in, cache and files, so they run concurrently (each CLI spawn is mostly start-up).
describe.concurrent('rubric gen', () => {
  describe('rubrics', () => {
    it('writes the fact groups, computes difficulty and level, and records provenance', async () => {
      await withStandin(
        {
          handler: (request) =>
            taskOf(request) === 1 ? rubricReply(2, 3) : taskOf(request) === 2 ? rubricReply(1) : rubricReply(3, 2, 2),
        },
        async (standin, flags) => {
          const input = [task(1, {reference_answer: '$42.50'}), task(2), task(3)]
          const run = await rubricGen(flags, {input: ndjson(input)})
          expect(run.result.exitCode, dump(run.result)).toBe(0)
          expect(run.records.map((record) => [record.id, record.difficulty, record.level])).toEqual([
            ['test:1', 5, 'medium'],
            ['test:2', 1, 'easy'],
            ['test:3', 7, 'hard'],
          ])
          const first = run.records[0]
          expect(first.rubric).toEqual({
            fact_groups: [
              {id: 'g1', description: 'Group 1', facts: ['Fact 1 of group 1', 'Fact 2 of group 1']},
              {
                id: 'g2',
                description: 'Group 2',
                facts: ['Fact 1 of group 2', 'Fact 2 of group 2', 'Fact 3 of group 2'],
              },
            ],
          })
          expect(first.provenance).toEqual({
            rubric: {
              model: MODEL,
              prompt_version: 'rubric-v1',
              webgym_version: expect.stringMatching(/^\d+\.\d+\.\d+/),
            },
          })
          expect(first).toMatchObject({intent: input[0].intent, website: 'example.com', reference_answer: '$42.50'})
          // The reference answer informs the rubric.
          const forFirst = chatRequests(standin).find((request) => taskOf(request) === 1)!
          expect(forFirst.text).toContain('Reference answer: $42.50')
          expect(forFirst.body.model).toBe(MODEL)
          expect(forFirst.body.temperature).toBe(0)
          expect(run.summary).toMatchObject({requests: 3, http: 3, retries: 0, repairs: 0, cacheHits: 0, failures: 0})
        },
      )
    })

    it('passes tasks that have a rubric through without a request, unless --force', async () => {
      await withStandin({handler: () => rubricReply(1, 1)}, async (standin, flags) => {
        const existing = {fact_groups: [{id: 'a', description: 'kept', facts: ['x', 'y', 'z']}]}
        const input = ndjson([task(1), task(2, {rubric: existing, difficulty: 3, level: 'easy'})])
        const run = await rubricGen(flags, {input})
        expect(run.result.exitCode, dump(run.result)).toBe(0)
        expect(requestedTasks(standin)).toEqual([1])
        expect(run.records[1]).toMatchObject({id: 'test:2', rubric: existing, difficulty: 3})
        expect(run.records[1].provenance).toBeUndefined()

        standin.reset()
        const forced = await rubricGen([...flags, '--force'], {input})
        expect(forced.result.exitCode, dump(forced.result)).toBe(0)
        expect(requestedTasks(standin)).toEqual([2])
        expect(forced.records[1]).toMatchObject({
          id: 'test:2',
          difficulty: 2,
          level: 'easy',
          provenance: {rubric: {model: MODEL}},
        })
        expect(forced.records[1].rubric!.fact_groups.map((group) => group.id)).toEqual(['g1', 'g2'])
      })
    })
  })

  describe('structured output', () => {
    it('sends the reply schema as response_format json_schema', async () => {
      await withStandin({handler: () => rubricReply(2)}, async (standin, flags) => {
        const run = await rubricGen(flags, {input: ndjson([task(1)])})
        expect(run.result.exitCode, dump(run.result)).toBe(0)
        const [request] = chatRequests(standin)
        expect(request.body.response_format).toMatchObject({
          type: 'json_schema',
          json_schema: {name: 'rubric', strict: true},
        })
        const schema = schemaOf(request) as any
        expect(schema).toMatchObject({type: 'object', required: ['fact_groups'], additionalProperties: false})
        const group = schema.properties.fact_groups.items
        expect(group).toMatchObject({
          type: 'object',
          required: ['id', 'description', 'facts'],
          additionalProperties: false,
        })
        expect(group.properties.facts).toMatchObject({type: 'array', items: {type: 'string'}})
        expect(request.text).not.toContain('It must match this JSON Schema')
      })
    })

    it('puts the schema in the prompt with --no-json-schema and accepts a fenced ```json reply', async () => {
      const fenced = `Here is the rubric:\n\`\`\`json\n${JSON.stringify(rubric(1, 3), null, 2)}\n\`\`\`\n`
      await withStandin({handler: () => ({content: fenced})}, async (standin, flags) => {
        const run = await rubricGen([...flags, '--no-json-schema'], {input: ndjson([task(1)])})
        expect(run.result.exitCode, dump(run.result)).toBe(0)
        const [request] = chatRequests(standin)
        expect(request.body.response_format).toBeUndefined()
        expect(request.text).toContain('It must match this JSON Schema')
        expect(request.text).toContain('"fact_groups"')
        expect(run.records[0]).toMatchObject({difficulty: 4, level: 'medium'})
        expect(run.summary).toMatchObject({requests: 1, repairs: 0})
      })
    })
  })

  describe('invalid replies', () => {
    it('sends one repair request quoting the problem, and uses the repaired reply', async () => {
      await withStandin({}, async (standin, flags) => {
        standin.script([
          {
            match: (request) => taskOf(request) === 1 && !request.text.includes('cannot be used'),
            reply: jsonReply({fact_groups: [{id: 'g1', description: 'd', facts: []}]}),
          },
          {reply: rubricReply(3)},
        ])
        const run = await rubricGen(flags, {input: ndjson([task(1), task(2)])})
        expect(run.result.exitCode, dump(run.result)).toBe(0)
        const forFirst = chatRequests(standin).filter((request) => taskOf(request) === 1)
        expect(forFirst).toHaveLength(2)
        const repair = forFirst[1].body.messages
        expect(repair.at(-2)).toMatchObject({
          role: 'assistant',
          content: JSON.stringify({fact_groups: [{id: 'g1', description: 'd', facts: []}]}),
        })
        expect(repair.at(-1).content).toContain('fact_groups.0.facts')
        expect(repair.at(-1).content).toMatch(/too small|>=1/i)
        expect(run.records.map((record) => record.difficulty)).toEqual([3, 3])
        expect(run.summary).toMatchObject({requests: 3, repairs: 1, failures: 0})
      })
    })

    it('fails a task whose repaired reply is still invalid into --failed; the others succeed; exit 1', async () => {
      await withStandin({}, async (standin, flags) => {
        standin.script([
          {match: (request) => taskOf(request) === 2, reply: {content: 'I cannot write a rubric for this.'}},
          // A 200 whose body is cut short is no reply at all: retried like a dropped connection, then the task fails
          // without a repair request.
          {match: (request) => taskOf(request) === 4, reply: {raw: '{"id": "chatcmpl-1", "choices": ['}},
          {reply: rubricReply(2)},
        ])
        const failed = join(fresh('failed'), 'failed.ndjson')
        const out = join(fresh('out'), 'out.ndjson')
        const input = ndjson(tasks(4, 1))
        const run = await rubricGen([...flags, '--failed', failed, '-o', out], {input})
        expect(run.result.exitCode, dump(run.result)).toBe(1)
        expect(run.stderr).toMatch(/rubric gen: 2 records failed/)
        expect((await readNdjson(out)).map((record) => record.id)).toEqual(['test:1', 'test:3'])
        const failures = await readNdjson(failed)
        expect(failures.map((failure) => failure.id)).toEqual(['test:2', 'test:4'])
        expect(failures[0]).toMatchObject({id: 'test:2', record: {id: 'test:2', intent: task(2).intent}})
        expect(failures[0].error).toMatch(/invalid reply after one repair request: the reply is not valid JSON/)
        expect(failures[1].error).toMatch(/the model server's replies were not valid JSON \(after \d+ retr(y|ies)\)/)
        expect(requestedTasks(standin).filter((n) => n === 2)).toHaveLength(2)
        expect(requestedTasks(standin).filter((n) => n === 4).length).toBeGreaterThan(1)
        expect(run.summary).toMatchObject({requests: 5, repairs: 1, failures: 2})

        const allowed = await rubricGen([...flags, '--no-cache', '--allow-failures', '--failed', failed, '-o', out], {
          input,
        })
        expect(allowed.result.exitCode, dump(allowed.result)).toBe(0)
        expect((await readNdjson(failed)).map((record) => record.id)).toEqual(['test:2', 'test:4'])
      })
    })
  })

  describe('retries', () => {
    it('retries a 429 after its Retry-After, a 500, a dropped connection and a timeout, and succeeds', async () => {
      const arrivals = new Map<number, number[]>()
      const handler = (request: StandinRequest): StandinReply => {
        const n = taskOf(request)
        const times = arrivals.get(n) ?? []
        times.push(Date.now())
        arrivals.set(n, times)
        if (times.length === 1 && n === 1)
          return {status: 429, headers: {'retry-after': '1'}, body: errorBody(429, 'Rate limit reached')}
        if (times.length === 1 && n === 2) return {status: 500}
        if (times.length === 1 && n === 3) return {drop: true}
        if (times.length === 1 && n === 4) return {...rubricReply(1, 1), delayMs: 5000}
        return rubricReply(1, 1)
      }
      await withStandin({handler}, async (standin, flags) => {
        const run = await rubricGen([...flags, '--timeout', '1'], {input: ndjson(tasks(5, 1))})
        expect(run.result.exitCode, dump(run.result)).toBe(0)
        expect(run.records.map((record) => [record.id, record.difficulty])).toEqual(
          [1, 2, 3, 4, 5].map((n) => [`test:${n}`, 2]),
        )
        expect(chatRequests(standin)).toHaveLength(9)
        expect([1, 2, 3, 4, 5].map((n) => arrivals.get(n)!.length)).toEqual([2, 2, 2, 2, 1])
        const [first, retried] = arrivals.get(1)!
        expect(retried - first).toBeGreaterThanOrEqual(950)
        const [sent, resent] = arrivals.get(4)!
        expect(resent - sent).toBeGreaterThanOrEqual(1000)
        expect(run.summary).toMatchObject({requests: 5, http: 9, retries: 4, failures: 0})
      })
    })

    it('fails every task into --failed when the endpoint is dead, losing none; exit 1', async () => {
      const port = await deadPort()
      const failed = join(fresh('failed'), 'failed.ndjson')
      const out = join(fresh('out'), 'out.ndjson')
      const input = tasks(5, 1)
      const run = await rubricGen(
        [
          '--base-url',
          `http://127.0.0.1:${port}/v1`,
          '--model',
          MODEL,
          '--cache',
          fresh('cache'),
          '--max-retries',
          '1',
          '--timeout',
          '2',
          '--failed',
          failed,
          '-o',
          out,
        ],
        {input: ndjson(input)},
      )
      expect(run.result.exitCode, dump(run.result)).toBe(1)
      const failures = await readNdjson(failed)
      const written = await readNdjson(out)
      expect([...failures, ...written].map((record) => record.id).sort()).toEqual(
        input.map((record) => record.id).sort(),
      )
      expect(written).toEqual([])
      for (const failure of failures)
        expect(failure.error).toContain(`cannot reach the model server at http://127.0.0.1:${port}/v1`)
      expect(run.stderr).toMatch(/rubric gen: 5 of 5 records failed; all of them are in /)
      expect(run.stderr).toMatch(/rerun with --resume/)
      expect(run.summary).toMatchObject({requests: 5, http: 10, retries: 5, failures: 5})
    })
  })

  describe('--resume', () => {
    it('completes exactly the tasks a failed run left out', async () => {
      await withStandin({handler: echoRubric}, async (standin, flags) => {
        standin.script([
          {
            match: (request) => [2, 5].includes(taskOf(request)),
            reply: {status: 400, body: errorBody(400, 'scripted refusal')},
          },
        ])
        const out = join(fresh('out'), 'out.ndjson')
        const input = ndjson(tasks(6, 1))
        const first = await rubricGen([...flags, '-o', out], {input})
        expect(first.result.exitCode, dump(first.result)).toBe(1)
        expect(first.stderr).toContain('scripted refusal')
        expect((await readNdjson(out)).map((record) => record.id)).toEqual(['test:1', 'test:3', 'test:4', 'test:6'])

        standin.reset()
        const resumed = await rubricGen([...flags, '--resume', out], {input})
        expect(resumed.result.exitCode, dump(resumed.result)).toBe(0)
        expect(resumed.stdout).toBe('')
        expect(requestedTasks(standin).sort()).toEqual([2, 5])
        expect(resumed.stderr).toMatch(/2 done, 0 failed, 4 already in/)
        const all = await readNdjson(out)
        expect(all.map((record) => record.id).sort()).toEqual(
          tasks(6, 1)
            .map((record) => record.id)
            .sort(),
        )
        for (const record of all)
          expect(record.rubric!.fact_groups[0].facts[0]).toBe(
            `The answer gives the price of item ${record.id.slice(5)}`,
          )
      })
    })

    it('resumes after a crash that left a partial last line', async () => {
      await withStandin({handler: echoRubric}, async (standin, flags) => {
        const out = join(fresh('out'), 'out.ndjson')
        const first = await rubricGen([...flags, '-o', out], {input: ndjson(tasks(3, 1))})
        expect(first.result.exitCode, dump(first.result)).toBe(0)
        const complete = await readFile(out, 'utf8')
        const lines = complete.split('\n')
        // A crash while writing task 3's line: half of it, no line break.
        await writeFile(out, `${lines[0]}\n${lines[1]}\n${lines[2].slice(0, 40)}`)

        standin.reset()
        const resumed = await rubricGen([...flags, '--no-cache', '--resume', out], {input: ndjson(tasks(5, 1))})
        expect(resumed.result.exitCode, dump(resumed.result)).toBe(0)
        expect(requestedTasks(standin).sort()).toEqual([3, 4, 5])
        const all = await readNdjson(out)
        expect(all.map((record) => record.id)).toEqual(['test:1', 'test:2', 'test:3', 'test:4', 'test:5'])
        expect((await readFile(out, 'utf8')).startsWith(complete.split('\n').slice(0, 3).join('\n'))).toBe(true)
      })
    })
  })

  describe('output order', () => {
    // Random latencies per request: completion order differs from input order.
    const randomLatency = (request: StandinRequest): StandinReply => ({
      ...echoRubric(request),
      delayMs: Math.floor(Math.random() * 60),
    })

    it('writes in input order whatever the latencies (concurrency 8)', async () => {
      await withStandin({handler: randomLatency}, async (standin, flags) => {
        const input = tasks(48)
        const run = await rubricGen([...flags, '--concurrency', '8'], {input: ndjson(input)})
        expect(run.result.exitCode, dump(run.result)).toBe(0)
        expect(run.records.map((record) => record.id)).toEqual(input.map((record) => record.id))
        for (const record of run.records)
          expect(record.rubric!.fact_groups[0].facts[0]).toBe(
            `The answer gives the price of item ${record.id.slice(5)}`,
          )
        expect(chatRequests(standin)).toHaveLength(48)
      })
    })

    it('--unordered writes every task exactly once, first done first out', async () => {
      const slowFirst = (request: StandinRequest): StandinReply => ({
        ...echoRubric(request),
        delayMs: taskOf(request) === 0 ? 800 : Math.floor(Math.random() * 30),
      })
      await withStandin({handler: slowFirst}, async (_standin, flags) => {
        const input = tasks(24)
        const run = await rubricGen([...flags, '--concurrency', '8', '--unordered'], {input: ndjson(input)})
        expect(run.result.exitCode, dump(run.result)).toBe(0)
        const ids = run.records.map((record) => record.id)
        expect(ids).toHaveLength(24)
        expect([...ids].sort()).toEqual(input.map((record) => record.id).sort())
        // In input order the slow first task would hold back every other one.
        expect(ids[0]).not.toBe('test:0')
      })
    })
  })

  describe('cache', () => {
    it('reruns from the cache with no request and byte-identical output', async () => {
      await withStandin(
        {handler: (request) => ({...echoRubric(request), delayMs: Math.floor(Math.random() * 20)})},
        async (standin, flags) => {
          const input = ndjson([task(1, {reference_answer: '12'}), ...tasks(7, 2)])
          const first = await rubricGen([...flags, '--concurrency', '4'], {input})
          expect(first.result.exitCode, dump(first.result)).toBe(0)
          expect(first.summary).toMatchObject({requests: 8, cacheHits: 0})

          standin.reset()
          const second = await rubricGen([...flags, '--concurrency', '4'], {input})
          expect(second.result.exitCode, dump(second.result)).toBe(0)
          expect(standin.requests).toHaveLength(0)
          expect(second.stdout).toBe(first.stdout)
          expect(second.summary).toMatchObject({requests: 0, http: 0, cacheHits: 8})

          // A different prompt mode is a different cache key.
          const other = await rubricGen([...flags, '--no-json-schema'], {
            input: ndjson([task(1, {reference_answer: '12'})]),
          })
          expect(other.result.exitCode, dump(other.result)).toBe(0)
          expect(chatRequests(standin)).toHaveLength(1)
        },
      )
    })
  })

  describe('the API key', () => {
    it('sends the key but never writes it: not to stdout, stderr, output, --failed or the cache, even when the server echoes it', async () => {
      const echoKey =
        (status: number) =>
        (request: StandinRequest): StandinReply => ({
          status,
          body: errorBody(status, `request rejected; you sent Authorization: ${String(request.headers.authorization)}`),
        })
      await withStandin({requireApiKey: SENTINEL, handler: echoRubric}, async (standin, flags, cache) => {
        standin.script([
          {match: (request) => taskOf(request) === 2, reply: echoKey(401)},
          {match: (request) => taskOf(request) === 3, reply: echoKey(500)},
        ])
        const failed = join(fresh('failed'), 'failed.ndjson')
        const out = join(fresh('out'), 'out.ndjson')
        const input = ndjson(tasks(3, 1))
        const runs = [
          await rubricGen([...flags, '--max-retries', '1', '--failed', failed, '-o', out, '--debug'], {
            input,
            env: {OPENAI_API_KEY: SENTINEL},
          }),
          // Without --failed the reasons go to stderr; stdout gets the records.
          await rubricGen([...flags, '--max-retries', '0', '--api-key', SENTINEL], {input}),
        ]
        const chat = chatRequests(standin)
        expect(chat.length).toBeGreaterThanOrEqual(6)
        for (const request of chat) expect(request.headers.authorization).toBe(`Bearer ${SENTINEL}`)
        const failures = await readNdjson(failed)
        expect(failures.map((failure) => failure.id)).toEqual(['test:2', 'test:3'])
        expect(failures[0].error).toContain('HTTP 401: request rejected; you sent Authorization: Bearer [redacted]')
        expect(failures[1].error).toContain('HTTP 500: request rejected; you sent Authorization: Bearer [redacted]')
        expect(runs[1].stderr).toContain('Bearer [redacted]')
        for (const run of runs) {
          expect(run.result.exitCode, dump(run.result)).toBe(1)
          expect(run.stdout).not.toContain(SENTINEL)
          expect(run.stderr).not.toContain(SENTINEL)
        }
        expect(runs[1].records.map((record) => record.id)).toEqual(['test:1'])
        const written = [out, failed, ...(await filesUnder(cache))]
        expect(written.length).toBeGreaterThanOrEqual(3)
        for (const file of written) expect(await readFile(file, 'utf8'), file).not.toContain(SENTINEL)
      })
    })
  })

  describe('usage errors', () => {
    it('exits 2 without a model', async () => {
      const run = await rubricGen(['--base-url', 'http://127.0.0.1:9/v1', '--cache', fresh('cache')], {
        input: ndjson([task(1)]),
      })
      expect(run.result.exitCode, dump(run.result)).toBe(2)
      expect(run.stderr).toMatch(/no model given.*--model NAME or set WEBGYM_MODEL/)
      expect(run.stdout).toBe('')
    })

    it('exits 2 on a bad --temperature', async () => {
      const run = await rubricGen(['--model', MODEL, '--temperature', 'hot', '--cache', fresh('cache')], {
        input: ndjson([task(1)]),
      })
      expect(run.result.exitCode, dump(run.result)).toBe(2)
      expect(run.stderr).toContain('--temperature must be a number from 0 to 2, got "hot"')
      expect(run.stdout).toBe('')
    })
  })
})
