import {existsSync} from 'node:fs'
import {readFile, writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import type {Result} from 'execa'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {dump as dumpRun, root} from './helpers/cli.js'
import {startStandin, type Standin, type StandinReply, type StandinRequest} from './helpers/openai-standin.js'
import {jsonReply, schemaOf} from './helpers/structured.js'
import {workdir, type Workdir} from './helpers/workdir.js'
const SENTINEL_KEY = 'sk-decompose-sentinel-7f3a9c'

const group = (id: string, description: string, facts: string[]) => ({id, description, facts})
const provenance = {rubric: {model: 'rubric-model', prompt_version: 'rubric-v1', webgym_version: '0.1.0'}}

/** A complete task record (every default spelled out, so a parent that passes through compares equal). */
function task(id: string, intent: string, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    id,
    source: 'fx',
    intent,
    website: 'allrecipes.com',
    start_url: 'https://www.allrecipes.com/',
    reference_answer: null,
    domain: 'Lifestyle & Leisure',
    subdomain: 'Food & Cooking',
    rubric: null,
    difficulty: null,
    level: null,
    parent_id: null,
    meta: {},
    ...fields,
  }
}

// Eligible: g1 has 3 facts; the proper subsets that hold it are {g1}, {g1,g2}, {g1,g3}.
const RECIPE = task(
  'fx:recipe',
  'Find a vegan lasagna recipe rated 4 stars or more with over 100 reviews, and report its prep time and author',
  {
    reference_answer: '25 minutes, by Jane Doe',
    rubric: {
      fact_groups: [
        group('g1', 'The recipe found', [
          'The recipe is a lasagna',
          'The recipe is vegan',
          'The recipe is rated 4 stars or more',
        ]),
        group('g2', 'The recipe is popular', ['The recipe has over 100 reviews']),
        group('g3', 'The answer', ['The answer states the prep time', 'The answer names the author']),
      ],
    },
    difficulty: 6,
    level: 'medium',
    meta: {action_sequence: ['click', 'type']},
    provenance,
  },
)
// Eligible with one candidate: {h1}.
const FLIGHT = task('fx:flight', 'Book a flight from Boston to Denver on May 3 in economy and choose a window seat', {
  website: 'kayak.com',
  start_url: 'https://www.kayak.com/',
  rubric: {
    fact_groups: [
      group('h1', 'The flight', [
        'The flight departs from Boston',
        'The flight arrives in Denver',
        'The flight is on May 3',
      ]),
      group('h2', 'The seat', ['A window seat is chosen']),
    ],
  },
  difficulty: 4,
  level: 'medium',
  provenance,
})
const NO_RUBRIC = task('fx:no-rubric', 'Find the opening hours of the nearest library', {})
const NO_LARGE_GROUP = task('fx:small-groups', 'Find a pancake recipe and report its rating', {
  rubric: {
    fact_groups: [
      group('a', 'The recipe', ['The recipe is for pancakes', 'The recipe is shown']),
      group('b', 'The answer', ['The answer states the rating']),
    ],
  },
  difficulty: 3,
  level: 'easy',
})
const ONE_GROUP = task('fx:one-group', 'Find a chili recipe under 30 minutes with 5 stars and over 1,000 reviews', {
  rubric: {
    fact_groups: [
      group('a', 'The recipe', [
        'The recipe is chili',
        'It takes under 30 minutes',
        'It has 5 stars',
        'It has over 1,000 reviews',
      ]),
    ],
  },
  difficulty: 4,
  level: 'medium',
})
const ALREADY_SUB = task('fx:recipe/sub-x', 'Find a vegan lasagna recipe', {
  parent_id: 'fx:recipe',
  rubric: {fact_groups: [group('g1', 'The recipe found', ['a', 'b', 'c']), group('g2', 'More', ['d'])]},
  difficulty: 4,
  level: 'medium',
})

const ndjson = (records: unknown[]) => records.map((record) => JSON.stringify(record)).join('\n') + '\n'
const parseLines = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, any>)

/** The descriptions listed under "Keep" in a decompose request. */
function keptDescriptions(request: StandinRequest): string[] {
  const keep = /Keep these requirements[^\n]*\n([\s\S]*?)\n\nDrop these requirements/.exec(request.text)
  if (!keep) throw new Error(`not a decompose request:\n${request.text}`)
  return [...keep[1].matchAll(/^\d+\. (.+)$/gm)].map((match) => match[1])
}

/** The stand-in model: a rewritten intent naming the kept groups. */
const rewrite = (request: StandinRequest): StandinReply =>
  jsonReply({intent: `Sub-task: ${keptDescriptions(request).join(' and ')}`})

let wd: Workdir
let dir: string
let standin: Standin
beforeAll(async () => {
  if (!existsSync(join(root, 'dist', 'commands', 'tasks', 'decompose.js')))
    throw new Error('dist/ is missing: run `npx tsc -p tsconfig.build.json` before these tests')
  wd = workdir()
  dir = wd.dir
  standin = await startStandin({handler: rewrite})
})
afterAll(async () => {
  await standin?.close()
})
beforeEach(() => standin.reset())

/** Runs the built CLI in the file's working directory. */
const webgym = (args: string[], options: {input?: string; env?: Record<string, string>} = {}) => wd.run(args, options)

const modelArgs = () => ['--base-url', standin.url, '--model', 'standin-model']

function dump(result: Result): string {
  return dumpRun(result, `--- requests\n${standin.requests.map((r) => r.text).join('\n---\n')}`)
}

describe('webgym tasks decompose (built CLI, stand-in model)', () => {
  it('writes model-rewritten sub-tasks of eligible tasks, then every parent unchanged; ineligible tasks pass through', async () => {
    const input = [RECIPE, NO_RUBRIC, NO_LARGE_GROUP, ONE_GROUP, ALREADY_SUB]
    const result = await webgym(['tasks', 'decompose', ...modelArgs(), '--no-cache'], {input: ndjson(input)})
    expect(result.exitCode, dump(result)).toBe(0)
    const records = parseLines(String(result.stdout))
    expect(records.map((record) => record.id)).toEqual([
      'fx:recipe/sub-g1',
      'fx:recipe/sub-g1+g2',
      'fx:recipe/sub-g1+g3',
      'fx:recipe',
      'fx:no-rubric',
      'fx:small-groups',
      'fx:one-group',
      'fx:recipe/sub-x',
    ])
    expect(records.slice(3)).toEqual(input)

    const [only, popular, answered] = records
    expect(only.intent).toBe('Sub-task: The recipe found')
    expect(popular.intent).toBe('Sub-task: The recipe found and The recipe is popular')
    expect(answered.intent).toBe('Sub-task: The recipe found and The answer')
    const groups = (RECIPE.rubric as {fact_groups: unknown[]}).fact_groups
    expect(records.slice(0, 3).map((record) => record.rubric.fact_groups)).toEqual([
      [groups[0]],
      [groups[0], groups[1]],
      [groups[0], groups[2]],
    ])
    expect(records.slice(0, 3).map((record) => [record.difficulty, record.level])).toEqual([
      [3, 'easy'],
      [4, 'medium'],
      [5, 'medium'],
    ])
    for (const subtask of records.slice(0, 3)) {
      expect(subtask).toMatchObject({
        source: 'fx',
        website: 'allrecipes.com',
        start_url: 'https://www.allrecipes.com/',
        domain: 'Lifestyle & Leisure',
        subdomain: 'Food & Cooking',
        reference_answer: null,
        parent_id: 'fx:recipe',
        meta: {parent_reference_answer: '25 minutes, by Jane Doe'},
      })
      expect(subtask.meta.action_sequence).toBeUndefined()
      expect(subtask.provenance.rubric).toEqual(provenance.rubric)
      expect(subtask.provenance.decompose).toMatchObject({model: 'standin-model', prompt_version: 'decompose-v1'})
    }

    // One request per sub-task, each naming the parent, the kept facts and the dropped ones in their places.
    expect(standin.requests).toHaveLength(3)
    const byKept = new Map(standin.requests.map((request) => [keptDescriptions(request).join('|'), request]))
    const request = byKept.get('The recipe found|The answer')!
    expect(request, dump(result)).toBeDefined()
    expect(request.text).toContain(`Original task: ${RECIPE.intent}`)
    expect(request.text).toContain('allrecipes.com')
    const [kept, dropped] = request.text.split('Drop these requirements')
    for (const fact of ['The recipe is vegan', 'The answer states the prep time', 'The answer names the author'])
      expect(kept).toContain(fact)
    expect(kept).not.toContain('The recipe has over 100 reviews')
    expect(dropped).toContain('The recipe has over 100 reviews')
    expect(request.text).not.toContain('Jane Doe')
    expect(schemaOf(request)).toMatchObject({properties: {intent: {type: 'string'}}, required: ['intent']})

    expect(String(result.stderr)).toContain(
      'tasks decompose: 1 eligible tasks gave 3 sub-tasks; 4 passed through (1 without a rubric, 1 with one fact group, 1 with no group of 3+ facts, 1 already sub-tasks)',
    )
  })

  it('--max-per-task caps the sub-tasks of each task', async () => {
    const result = await webgym(['tasks', 'decompose', ...modelArgs(), '--no-cache', '--max-per-task', '1'], {
      input: ndjson([RECIPE, FLIGHT]),
    })
    expect(result.exitCode, dump(result)).toBe(0)
    const records = parseLines(String(result.stdout))
    expect(records.map((record) => record.parent_id)).toEqual(['fx:recipe', null, 'fx:flight', null])
    expect(standin.requests).toHaveLength(2)
  })

  it('a task whose model request fails goes to --failed with no record written, exit 1; --resume then completes it', async () => {
    standin.script([{match: 'Original task: Book a flight', reply: {status: 500}, times: 1}])
    await writeFile(join(dir, 'in.ndjson'), ndjson([FLIGHT, RECIPE, NO_RUBRIC]))
    const env = {OPENAI_API_KEY: SENTINEL_KEY}
    const args = [
      'tasks',
      'decompose',
      'in.ndjson',
      ...modelArgs(),
      '--no-cache',
      '--max-retries',
      '0',
      '--failed',
      'failed.ndjson',
    ]
    const first = await webgym([...args, '-o', 'out.ndjson'], {env})
    expect(first.exitCode, dump(first)).toBe(1)
    const written = parseLines(await readFile(join(dir, 'out.ndjson'), 'utf8'))
    expect(written.map((record) => record.id)).toEqual([
      'fx:recipe/sub-g1',
      'fx:recipe/sub-g1+g2',
      'fx:recipe/sub-g1+g3',
      'fx:recipe',
      'fx:no-rubric',
    ])
    const failed = parseLines(await readFile(join(dir, 'failed.ndjson'), 'utf8'))
    expect(failed).toHaveLength(1)
    expect(failed[0].id).toBe('fx:flight')
    expect(failed[0].error).toContain('500')
    expect(failed[0].record).toEqual(FLIGHT)
    expect(String(first.stderr)).toContain('tasks decompose: 1 of 3 records failed')

    standin.reset()
    const second = await webgym([...args, '--resume', 'out.ndjson'], {env})
    expect(second.exitCode, dump(second)).toBe(0)
    expect(standin.requests).toHaveLength(1)
    const all = parseLines(await readFile(join(dir, 'out.ndjson'), 'utf8'))
    expect(all.map((record) => record.id)).toEqual([
      ...written.map((record) => record.id),
      'fx:flight/sub-h1',
      'fx:flight',
    ])
    expect(all[5]).toMatchObject({
      intent: 'Sub-task: The flight',
      parent_id: 'fx:flight',
      difficulty: 3,
      level: 'easy',
      website: 'kayak.com',
    })

    const files = await Promise.all(['out.ndjson', 'failed.ndjson'].map((name) => readFile(join(dir, name), 'utf8')))
    for (const text of [
      String(first.stdout),
      String(first.stderr),
      String(second.stdout),
      String(second.stderr),
      ...files,
    ]) {
      expect(text).not.toContain(SENTINEL_KEY)
    }
  })

  it('--resume after a cut between sub-tasks and their parent writes each sub-task once', async () => {
    const out = join(dir, 'cut.ndjson')
    // A run that wrote two of the recipe's sub-tasks, then died.
    const full = await webgym(['tasks', 'decompose', ...modelArgs(), '--no-cache'], {input: ndjson([RECIPE])})
    expect(full.exitCode, dump(full)).toBe(0)
    const lines = String(full.stdout).split('\n').filter(Boolean)
    await writeFile(out, `${lines.slice(0, 2).join('\n')}\n${lines[2].slice(0, 30)}`)
    const resumed = await webgym(['tasks', 'decompose', ...modelArgs(), '--no-cache', '--resume', out], {
      input: ndjson([RECIPE]),
    })
    expect(resumed.exitCode, dump(resumed)).toBe(0)
    expect(await readFile(out, 'utf8')).toBe(String(full.stdout) + '\n')
  })

  it('a cached rerun makes no request and writes identical bytes', async () => {
    const input = ndjson([RECIPE, FLIGHT, NO_RUBRIC, ONE_GROUP])
    const args = ['tasks', 'decompose', ...modelArgs(), '--cache', join(dir, 'cache'), '--seed', '7']
    const first = await webgym(args, {input})
    expect(first.exitCode, dump(first)).toBe(0)
    expect(standin.requests).toHaveLength(4)
    standin.reset()
    const second = await webgym(args, {input})
    expect(second.exitCode, dump(second)).toBe(0)
    expect(standin.requests).toHaveLength(0)
    expect(String(second.stdout)).toBe(String(first.stdout))
    expect(String(second.stderr)).toContain('4 cache hits')
  })

  it('rejects --max-per-task 0 as a usage error', async () => {
    const result = await webgym(['tasks', 'decompose', ...modelArgs(), '--max-per-task', '0'], {
      input: ndjson([RECIPE]),
    })
    expect(result.exitCode, dump(result)).toBe(2)
    expect(String(result.stderr)).toMatch(/max-per-task/)
    expect(standin.requests).toHaveLength(0)
  })
})
