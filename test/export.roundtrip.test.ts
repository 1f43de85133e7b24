import {readFileSync} from 'node:fs'
import {gunzipSync} from 'node:zlib'
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {levelForDifficulty} from '../src/lib/schema/level.js'
import {countFacts} from '../src/lib/schema/level.js'
import {TaskSchema, type Task} from '../src/lib/schema/task.js'
import {webgym} from '../src/lib/sources/webgym.js'
import {registrableDomain} from '../src/lib/sources/website.js'
import {finalizeTask} from '../src/lib/tasks/finalize.js'
import {toWebgymRow} from '../src/lib/tasks/to-webgym-row.js'
import {runWebgym} from './helpers/cli.js'
import {fixture, tasksBuild} from './helpers/sources.js'
import {workdir} from './helpers/workdir.js'

// The fields a microsoft/webgym row carries, which must survive export and import unchanged.
const CARRIED = [
  'id',
  'source',
  'intent',
  'website',
  'start_url',
  'reference_answer',
  'domain',
  'subdomain',
  'rubric',
  'difficulty',
] as const

function carried(task: Task): Record<string, unknown> {
  return Object.fromEntries(CARRIED.map((field) => [field, task[field]]))
}

const word = fc.stringMatching(/^[a-z]{2,10}$/)
const factGroup = fc.record({
  id: fc.oneof(word, fc.integer({min: 1, max: 99})),
  description: word,
  facts: fc.array(
    fc.string({minLength: 1, maxLength: 30}).filter((fact) => fact.trim() === fact && fact !== ''),
    {minLength: 1, maxLength: 4},
  ),
})
const taskArbitrary = fc
  .record({
    source: fc.constantFrom('webvoyager', 'insta', 'mind2web-live', 'webgym', 'generic'),
    native: fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/),
    intent: fc.string({minLength: 1, maxLength: 80}).filter((text) => text.trim() === text && text !== ''),
    host: fc.option(
      fc.tuple(word, fc.constantFrom('com', 'org', 'co.uk', 'de')).map(([name, tld]) => `www.${name}.${tld}`),
      {nil: null},
    ),
    answer: fc.option(
      fc.string({minLength: 1, maxLength: 20}).filter((text) => text.trim() === text && text !== ''),
      {nil: null},
    ),
    taxonomy: fc.option(
      fc.constantFrom(['Entertainment', 'Music'], ['Misc.', 'News'], ['Career & Education', 'Jobs & Career']),
      {nil: null},
    ),
    groups: fc.option(fc.array(factGroup, {minLength: 1, maxLength: 3}), {nil: null}),
    // A level from the source itself (GAIA's, DeepShop's), where there is no rubric to derive it from.
    ownLevel: fc.option(fc.constantFrom('easy', 'medium', 'hard'), {nil: null}),
  })
  .map(({source, native, intent, host, answer, taxonomy, groups, ownLevel}): Task => {
    const rubric = groups ? {fact_groups: groups} : null
    const difficulty = rubric ? countFacts(rubric) : null
    return TaskSchema.parse({
      id: `${source}:${native}`,
      source,
      intent,
      // The registrable domain by the public suffix list (za.com, for one, is itself a suffix).
      website: host ? registrableDomain(host) : null,
      start_url: host ? `https://${host}/` : null,
      reference_answer: answer,
      domain: taxonomy?.[0] ?? null,
      subdomain: taxonomy?.[1] ?? null,
      rubric,
      difficulty,
      level: difficulty === null ? ownLevel : levelForDifficulty(difficulty),
      parent_id: null,
      meta: {},
    })
  })

describe('export to microsoft/webgym rows and import back', () => {
  it('keeps every field the rows carry, and the level, given or following from the difficulty (property)', async () => {
    const extra = await webgym.prepare!('rows.jsonl', {})
    fc.assert(
      fc.property(taskArbitrary, (task) => {
        const row = JSON.parse(JSON.stringify(toWebgymRow(task))) as Record<string, unknown>
        const back = finalizeTask(webgym.toTask(row, {file: 'rows.jsonl', extra}), 'webgym')
        expect(carried(back)).toEqual(carried(task))
        expect(back.level).toBe(task.level)
      }),
      {numRuns: 300},
    )
  })

  it('round-trips real task sets through the built CLI: tasks build -> tasks export -> tasks build --source webgym', async () => {
    const built = await tasksBuild([
      fixture('webvoyager', 'WebVoyager_data.jsonl'),
      fixture('webgym', 'webgym_train_sample.jsonl'),
      fixture('online-mind2web', 'Online_Mind2Web.json'),
      '-q',
    ])
    expect(built.result.exitCode).toBe(0)
    const exported = await runWebgym(['tasks', 'export', '--format', 'webgym', '-q'], {
      input: String(built.result.stdout),
    })
    expect(exported.exitCode).toBe(0)
    const rows = String(exported.stdout)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(Object.keys(rows[0])).toEqual(
      expect.arrayContaining([
        'task_name',
        'website',
        'domain',
        'subdomain',
        'difficulty',
        'level',
        'evaluator_reference',
        'definite_answer',
        'attempt_level',
        'task_id',
      ]),
    )
    const imported = await tasksBuild(['--source', 'webgym', '-q', '-'], {input: String(exported.stdout)})
    expect(imported.result.exitCode).toBe(0)
    expect(imported.tasks.map(carried)).toEqual(built.tasks.map(carried))
    expect(imported.tasks.map((task) => task.level)).toEqual(built.tasks.map((task) => task.level))
    expect(imported.tasks.filter((task) => task.rubric).length).toBeGreaterThan(0)
  })
})

// The fields microsoft/webgym's task loader reads from a row (async_webgym.py: task_name, domain, subdomain, website,
// difficulty, evaluator_reference, definite_answer, attempt_level, task_id).
const MICROSOFT_ROW_FIELDS = [
  'task_id',
  'task_name',
  'website',
  'domain',
  'subdomain',
  'difficulty',
  'evaluator_reference',
  'definite_answer',
  'attempt_level',
]

/** The facts of any evaluator_reference shape: fact groups, plain strings, or {description} criteria. */
function referenceFacts(reference: unknown): string[] {
  if (!Array.isArray(reference)) return []
  return reference.flatMap((item) =>
    typeof item === 'string' ? [item] : 'facts' in item ? (item.facts as string[]) : [item.description as string],
  )
}

describe('microsoft/webgym rows through build and export', () => {
  it('keep the value of every field a row holds, and a second pass changes nothing', async () => {
    const originals = readFileSync(fixture('webgym', 'webgym_train_sample.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, any>)
    const built = await tasksBuild([fixture('webgym', 'webgym_train_sample.jsonl'), '-q'])
    expect(built.result.exitCode).toBe(0)
    const exported = await runWebgym(['tasks', 'export', '-q'], {input: String(built.result.stdout)})
    expect(exported.exitCode).toBe(0)
    const rows = String(exported.stdout)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, any>)
    expect(rows).toHaveLength(originals.length)
    rows.forEach((row, index) => {
      const original = originals[index]
      expect(Object.keys(row)).toEqual(expect.arrayContaining(MICROSOFT_ROW_FIELDS))
      expect(row).toMatchObject({
        task_name: original.task_name,
        website: original.website,
        domain: original.domain,
        subdomain: original.subdomain,
        attempt_level: original.attempt_level,
      })
      // Differences by design: the id is webgym's `source:native-id`; a missing answer is written as "" and a
      // missing difficulty as the rubric's fact count; every evaluator_reference shape is written as fact groups.
      expect(row.task_id).toBe(`webgym:${original.task_id}`)
      expect(row.definite_answer).toBe(original.definite_answer ?? '')
      expect(referenceFacts(row.evaluator_reference)).toEqual(referenceFacts(original.evaluator_reference))
      expect(row.difficulty).toBe(original.difficulty ?? referenceFacts(original.evaluator_reference).length)
    })
    const again = await tasksBuild(['--source', 'webgym', '-q', '-'], {input: String(exported.stdout)})
    const reexported = await runWebgym(['tasks', 'export', '-q'], {input: String(again.result.stdout)})
    expect(String(reexported.stdout)).toBe(String(exported.stdout))
  })
})

describe('tasks export on a bad record', () => {
  it('fails naming the line, with the rows before it written whole (a complete gzip), none after', async () => {
    const wd = workdir()
    const task = (n: number) =>
      JSON.stringify({
        id: `a:${n}`,
        source: 'a',
        intent: `Find item ${n}`,
        website: 'x.com',
        start_url: 'https://x.com/',
      })
    const input = wd.write('tasks.ndjson', [task(1), task(2), '{"id": 3}', task(4)].join('\n') + '\n')
    const out = wd.path('rows.jsonl.gz')
    const result = await wd.run(['tasks', 'export', input, '-o', out])
    expect(result.exitCode).toBe(1)
    expect(String(result.stderr).trim().split('\n')).toHaveLength(1)
    expect(String(result.stderr)).toMatch(/tasks\.ndjson:3: field "id"/)
    const rows = gunzipSync(readFileSync(out))
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(rows.map((row) => row.task_id)).toEqual(['a:1', 'a:2'])
  })
})
