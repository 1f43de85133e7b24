// `webgym tasks classify` through the built CLI against the local OpenAI-compatible stand-in.
import {existsSync} from 'node:fs'
import {readFile, writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import type {Result} from 'execa'
import {beforeAll, describe, expect, it} from 'vitest'
import {TAXONOMY} from '../src/lib/schema/taxonomy.js'
import {startStandin, type Standin, type StandinReply, type StandinRequest} from './helpers/openai-standin.js'
import {jsonReply, schemaOf} from './helpers/structured.js'
import {dump, root} from './helpers/cli.js'
import {workdir, type Workdir} from './helpers/workdir.js'

const MODEL = 'standin-model'
const ALL_SUBDOMAINS = Object.values(TAXONOMY).flat()

interface TestTask {
  id: string
  source: string
  intent: string
  website: string | null
  start_url: string | null
  domain?: string | null
  subdomain?: string | null
  meta?: Record<string, unknown>
  provenance?: Record<string, {model: string | null; prompt_version: string | null; webgym_version: string}>
  [key: string]: unknown
}

/** A task whose intent carries a case name, so the stand-in knows which reply to give. */
const task = (name: string, extra: Partial<TestTask> = {}): TestTask => ({
  id: `t:${name}`,
  source: 't',
  intent: `Case ${name}: do what the case asks on the web`,
  website: 'example.com',
  start_url: 'https://example.com/',
  ...extra,
})
const ndjson = (records: readonly unknown[]) => records.map((record) => `${JSON.stringify(record)}\n`).join('')
const caseOf = (request: StandinRequest): string => /Case (\w+):/.exec(request.text)?.[1] ?? '?'
const chatRequests = (standin: Standin) => standin.requests.filter((request) => request.path === '/v1/chat/completions')

/** Replies per case name: a fixed reply, or a list used in turn (the last one repeats). */
function caseHandler(replies: Record<string, StandinReply | StandinReply[]>) {
  const seen = new Map<string, number>()
  return (request: StandinRequest): StandinReply => {
    const name = caseOf(request)
    const reply = replies[name]
    if (reply === undefined) return {status: 400, body: {error: {message: `no reply for case ${name}`}}}
    if (!Array.isArray(reply)) return reply
    const turn = seen.get(name) ?? 0
    seen.set(name, turn + 1)
    return reply[Math.min(turn, reply.length - 1)]
  }
}

interface ClassifyRun {
  result: Result
  stdout: string
  stderr: string
  records: TestTask[]
  tally: {classified: number; passed: number; inferred: number; noSite: number} | null
  requests: number | null
}

/** Runs the built `webgym tasks classify ARGS` with the tasks on stdin, against the stand-in, with its own cache. */
async function classify(
  standin: Standin,
  cache: string,
  args: string[],
  input: readonly unknown[],
): Promise<ClassifyRun> {
  const result = await wd.run(
    ['tasks', 'classify', '--base-url', standin.url, '--model', MODEL, '--cache', cache, ...args],
    {input: ndjson(input), cleanEnv: true},
  )
  const stdout = String(result.stdout)
  const stderr = String(result.stderr)
  const records = stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TestTask)
  const tally =
    /tasks classify: (\d+) classified, (\d+) passed through, (\d+) websites inferred, (\d+) with no site named/.exec(
      stderr,
    )
  const [classified, passed, inferred, noSite] = (tally?.slice(1) ?? []).map(Number)
  const requests = /tasks classify: (\d+) model requests/.exec(stderr)
  return {
    result,
    stdout,
    stderr,
    records,
    tally: tally ? {classified, passed, inferred, noSite} : null,
    requests: requests ? Number(requests[1]) : null,
  }
}

let wd: Workdir
let counter = 0
beforeAll(() => {
  if (!existsSync(join(root, 'dist', 'commands', 'tasks', 'classify.js')))
    throw new Error('dist/ is missing: run `npx tsc -p tsconfig.build.json` before these tests')
  wd = workdir()
})

const fresh = (name: string) => wd.path(`${name}-${++counter}`)

/** Runs `fn` with a stand-in that answers each case as scripted, and closes it afterwards. */
async function withStandin(
  replies: Record<string, StandinReply | StandinReply[]>,
  fn: (standin: Standin) => Promise<void>,
): Promise<void> {
  const standin = await startStandin({handler: caseHandler(replies)})
  try {
    await fn(standin)
  } finally {
    await standin.close()
  }
}

describe('webgym tasks classify (built CLI, stand-in model)', () => {
  it('constrains the reply to the taxonomy, derives the domain from the subdomain and passes classified tasks through', async () => {
    const classified = task('done', {domain: 'Entertainment', subdomain: 'Music', meta: {kept: 1}})
    const input = [task('recipe'), task('news'), classified, task('mismatch')]
    await withStandin(
      {
        recipe: jsonReply({subdomain: 'Food & Cooking'}),
        news: jsonReply({subdomain: 'News'}),
        // An extra domain in the reply cannot make the pair inconsistent: only the subdomain is read.
        mismatch: jsonReply({subdomain: 'Jobs & Career', domain: 'Entertainment'}),
      },
      async (standin) => {
        const run = await classify(standin, fresh('cache'), [], input)
        expect(run.result.exitCode, dump(run.result)).toBe(0)
        const requests = chatRequests(standin)
        expect(requests.map(caseOf).sort()).toEqual(['mismatch', 'news', 'recipe'])
        for (const request of requests) {
          const schema = schemaOf(request) as {properties: Record<string, {enum?: string[]}>; required: string[]}
          expect(request.body.response_format.type).toBe('json_schema')
          expect(schema.properties.subdomain.enum).toEqual(ALL_SUBDOMAINS)
          expect(Object.keys(schema.properties)).toEqual(['subdomain'])
          expect(schema.required).toEqual(['subdomain'])
          for (const subdomain of ALL_SUBDOMAINS) expect(request.text).toContain(subdomain)
        }
        expect(ALL_SUBDOMAINS).toHaveLength(24)

        expect(run.records.map((record) => [record.id, record.domain, record.subdomain])).toEqual([
          ['t:recipe', 'Lifestyle & Leisure', 'Food & Cooking'],
          ['t:news', 'Misc.', 'News'],
          ['t:done', 'Entertainment', 'Music'],
          ['t:mismatch', 'Career & Education', 'Jobs & Career'],
        ])
        expect(run.records[0].provenance?.classify).toEqual({
          model: MODEL,
          prompt_version: 'classify-v1',
          webgym_version: expect.any(String),
        })
        expect(run.records[0].website).toBe('example.com')
        // The classified task is written as it came: no request, no provenance, its fields untouched.
        expect(run.records[2]).toEqual({
          ...classified,
          reference_answer: null,
          rubric: null,
          difficulty: null,
          level: null,
          parent_id: null,
        })
        expect(run.tally).toEqual({classified: 3, passed: 1, inferred: 0, noSite: 0})
      },
    )
  })

  it('classifies an already-classified task again with --force', async () => {
    await withStandin({done: jsonReply({subdomain: 'Books & Reading'})}, async (standin) => {
      const run = await classify(
        standin,
        fresh('cache'),
        ['--force'],
        [task('done', {domain: 'Misc.', subdomain: 'News'})],
      )
      expect(run.result.exitCode, dump(run.result)).toBe(0)
      expect(run.records.map((record) => [record.domain, record.subdomain])).toEqual([
        ['Entertainment', 'Books & Reading'],
      ])
      expect(run.tally).toEqual({classified: 1, passed: 0, inferred: 0, noSite: 0})
    })
  })

  it('repairs a reply outside the taxonomy once, then fails the task into --failed', async () => {
    const failed = fresh('failed.ndjson')
    await withStandin(
      {
        // Never valid: "Cooking" is not a subdomain.
        stubborn: jsonReply({subdomain: 'Cooking'}),
        // Invalid, then repaired.
        repaired: [jsonReply({subdomain: 'Movies'}), jsonReply({subdomain: 'Films & TV Shows'})],
      },
      async (standin) => {
        const run = await classify(standin, fresh('cache'), ['--failed', failed], [task('stubborn'), task('repaired')])
        expect(run.result.exitCode, dump(run.result)).toBe(1)
        const requests = chatRequests(standin)
        expect(requests.filter((request) => caseOf(request) === 'stubborn')).toHaveLength(2)
        expect(requests.filter((request) => caseOf(request) === 'repaired')).toHaveLength(2)
        const repairs = requests.filter((request) => request.text.includes('Your reply cannot be used'))
        expect(repairs).toHaveLength(2)
        for (const repair of repairs) expect(repair.text).toMatch(/subdomain/)

        expect(run.records.map((record) => [record.id, record.domain, record.subdomain])).toEqual([
          ['t:repaired', 'Entertainment', 'Films & TV Shows'],
        ])
        const failures = (await readFile(failed, 'utf8'))
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line))
        expect(failures).toHaveLength(1)
        expect(failures[0].id).toBe('t:stubborn')
        expect(failures[0].error).toMatch(/invalid reply after one repair request.*subdomain/)
        expect(failures[0].record.intent).toBe(task('stubborn').intent)
        expect(run.stderr).toMatch(/tasks classify: 1 done, 1 failed/)
      },
    )
  })

  describe('--infer-website', () => {
    const input = [
      task('bbc', {website: null, start_url: null}),
      task('portal', {website: null, start_url: 'https://portal.example.org/start'}),
      task('nosite', {website: null, start_url: null}),
      task('garbage', {website: null, start_url: null}),
      task('known', {website: 'allrecipes.com', start_url: 'https://www.allrecipes.com/'}),
      task('classified', {website: null, start_url: null, domain: 'Misc.', subdomain: 'News'}),
    ]
    const replies = {
      bbc: jsonReply({subdomain: 'News', website: 'www.bbc.co.uk'}),
      portal: jsonReply({subdomain: 'Legal & Government Services', website: 'https://Maps.Google.co.jp/search?q=x'}),
      nosite: jsonReply({subdomain: 'General Info.', website: null}),
      garbage: jsonReply({subdomain: 'Shopping', website: 'not a site'}),
      known: jsonReply({subdomain: 'Food & Cooking'}),
      classified: jsonReply({subdomain: 'Music', website: 'www.reuters.com'}),
    }

    it('normalises a named host to its registrable domain, leaves the rest null and counts them', async () => {
      await withStandin(replies, async (standin) => {
        const run = await classify(standin, fresh('cache'), ['--infer-website'], input)
        expect(run.result.exitCode, dump(run.result)).toBe(0)
        const byCase = new Map(run.records.map((record) => [record.id.slice(2), record]))
        expect(run.records.map((record) => record.id)).toEqual(input.map((t) => t.id))

        expect(byCase.get('bbc')).toMatchObject({
          website: 'bbc.co.uk',
          start_url: 'https://www.bbc.co.uk/',
          domain: 'Misc.',
          subdomain: 'News',
          meta: {website_inferred: true},
        })
        // A start URL the task already had is kept.
        expect(byCase.get('portal')).toMatchObject({
          website: 'google.co.jp',
          start_url: 'https://portal.example.org/start',
          meta: {website_inferred: true},
        })
        for (const name of ['nosite', 'garbage']) {
          const record = byCase.get(name)!
          expect(record.website, name).toBeNull()
          expect(record.start_url, name).toBeNull()
          expect(record.meta?.website_inferred, name).toBeUndefined()
        }
        expect(byCase.get('garbage')).toMatchObject({domain: 'Lifestyle & Leisure', subdomain: 'Shopping'})
        expect(byCase.get('known')).toMatchObject({
          website: 'allrecipes.com',
          start_url: 'https://www.allrecipes.com/',
          subdomain: 'Food & Cooking',
        })
        expect(byCase.get('known')!.meta?.website_inferred).toBeUndefined()
        // Already classified: the website is asked for, the classification is kept.
        expect(byCase.get('classified')).toMatchObject({
          website: 'reuters.com',
          start_url: 'https://www.reuters.com/',
          domain: 'Misc.',
          subdomain: 'News',
          meta: {website_inferred: true},
        })

        // Only tasks without a website are asked for one: their schema has a nullable website, the others none.
        for (const request of chatRequests(standin)) {
          const schema = schemaOf(request) as {
            properties: Record<string, {type?: unknown; enum?: string[]}>
            required: string[]
          }
          expect(schema.properties.subdomain.enum).toEqual(ALL_SUBDOMAINS)
          if (caseOf(request) === 'known') {
            expect(Object.keys(schema.properties)).toEqual(['subdomain'])
          } else {
            expect(schema.properties.website.type).toEqual(['string', 'null'])
            expect(schema.required).toEqual(['subdomain', 'website'])
          }
        }
        expect(run.tally).toEqual({classified: 5, passed: 0, inferred: 3, noSite: 2})
      })
    })

    it('reruns from the cache with no request and byte-identical output', async () => {
      await withStandin(replies, async (standin) => {
        const cache = fresh('cache')
        const first = await classify(standin, cache, ['--infer-website'], input)
        expect(first.result.exitCode, dump(first.result)).toBe(0)
        expect(chatRequests(standin)).toHaveLength(input.length)
        standin.reset()
        const second = await classify(standin, cache, ['--infer-website'], input)
        expect(second.result.exitCode, dump(second.result)).toBe(0)
        expect(chatRequests(standin)).toHaveLength(0)
        expect(second.requests).toBe(0)
        expect(second.stdout).toBe(first.stdout)
        expect(second.tally).toEqual(first.tally)
      })
    })

    it('asks for no website without the flag', async () => {
      await withStandin({bbc: jsonReply({subdomain: 'News'})}, async (standin) => {
        const run = await classify(standin, fresh('cache'), [], [task('bbc', {website: null, start_url: null})])
        expect(run.result.exitCode, dump(run.result)).toBe(0)
        const schema = schemaOf(chatRequests(standin)[0]) as {properties: Record<string, unknown>}
        expect(Object.keys(schema.properties)).toEqual(['subdomain'])
        expect(run.records[0]).toMatchObject({website: null, subdomain: 'News', domain: 'Misc.'})
        expect(run.tally).toEqual({classified: 1, passed: 0, inferred: 0, noSite: 0})
      })
    })
  })

  it('writes -o and completes only the missing tasks with --resume', async () => {
    const out = fresh('out.ndjson')
    await withStandin({a: jsonReply({subdomain: 'Music'}), b: jsonReply({subdomain: 'News'})}, async (standin) => {
      await writeFile(out, `${JSON.stringify({...task('a'), domain: 'Entertainment', subdomain: 'Music'})}\n`)
      const run = await classify(standin, fresh('cache'), ['--resume', out], [task('a'), task('b')])
      expect(run.result.exitCode, dump(run.result)).toBe(0)
      expect(chatRequests(standin).map(caseOf)).toEqual(['b'])
      const lines = (await readFile(out, 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as TestTask)
      expect(lines.map((record) => [record.id, record.subdomain])).toEqual([
        ['t:a', 'Music'],
        ['t:b', 'News'],
      ])
    })
  })
})
