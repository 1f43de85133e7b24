// Rubrics that a source task set gives, made at build time without a model: DeepShop's attribute / filter / sort
// sub-requirements and Mind2Web-Live's evaluation key nodes, on the real samples (fixtures/sources/), through the
// built CLI. Then `rubric gen` against the local OpenAI-compatible stand-in keeps them, and `judge` judges by them.
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {countFacts} from '../src/lib/schema/level.js'
import {TaskSchema, type Task} from '../src/lib/schema/task.js'
import {dump} from './helpers/cli.js'
import {startStandin, type Standin, type StandinReply, type StandinRequest} from './helpers/openai-standin.js'
import {assertBuilt, fixture, taskById, tasksBuild, type BuildRun} from './helpers/sources.js'
import {jsonReply} from './helpers/structured.js'
import {solidScreenshot, syntheticSteps} from './helpers/synthetic-steps.js'
import {workdir} from './helpers/workdir.js'

const wd = workdir()
const ndjson = (records: readonly unknown[]) => records.map((record) => `${JSON.stringify(record)}\n`).join('')
const parseLines = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Task)

const sourceMade = (conversion: string) => ({
  model: null,
  prompt_version: conversion,
  webgym_version: expect.stringMatching(/^\d+\.\d+\.\d+/),
  made_by: 'source',
})

let deepshop: BuildRun
let mind2webLive: BuildRun

beforeAll(async () => {
  assertBuilt()
  deepshop = await tasksBuild([fixture('deepshop', 'deepshop_test.jsonl')])
  mind2webLive = await tasksBuild([
    fixture('mind2web-live', 'mind2web-live_test_20241024.json'),
    fixture('mind2web-live', 'example_130.json'),
  ])
})

describe('DeepShop: attribute, filter and sort become fact groups', () => {
  it('builds every sample row with a rubric, difficulty = its facts, marked source-made, valid Task records', () => {
    expect(deepshop.result.exitCode, dump(deepshop.result)).toBe(0)
    expect(deepshop.tasks).toHaveLength(12)
    for (const task of deepshop.tasks) {
      expect(TaskSchema.safeParse(task).success, task.id).toBe(true)
      expect(task.rubric, task.id).not.toBeNull()
      expect(task.difficulty, task.id).toBe(countFacts(task.rubric!))
      expect(task.provenance, task.id).toEqual({rubric: sourceMade('source:deepshop-v1')})
    }
  })

  it('turns each present sub-requirement into one group, its clauses into facts (Amazon--100, Amazon--503)', () => {
    expect(taskById(deepshop.tasks, 'deepshop:Amazon--100').rubric).toEqual({
      fact_groups: [
        {
          id: 'attribute',
          description: 'The product has the attributes asked for (DeepShop attribute requirement)',
          facts: ['The product found matches: Xbox Wireless controller in green color'],
        },
        {
          id: 'filter',
          description: 'The product passes the search filters asked for (DeepShop filter requirement)',
          facts: ['The product found meets the filter: Xbox Wireless controller with user rating exceeding 4 stars'],
        },
        {
          id: 'sort',
          description: 'The product is the one the sorting preference picks (DeepShop sort requirement)',
          facts: ['The product found follows the sorting preference: Xbox Wireless controller sorted by lowest price'],
        },
      ],
    })
    const climbing = taskById(deepshop.tasks, 'deepshop:Amazon--503')
    expect(climbing.rubric!.fact_groups.find((group) => group.id === 'filter')!.facts).toEqual([
      'The product found meets the filter: Climbing gear with a customer rating of 4.5+ stars',
      'The product found meets the filter: at least 300 reviews',
      'The product found meets the filter: free shipping',
      'The product found meets the filter: 1-year warranty',
      'The product found meets the filter: best-seller recognition',
    ])
    expect(climbing).toMatchObject({difficulty: 7, level: 'hard'})
  })

  it('leaves out the parts that are "None" or bare markup, and keeps the source\'s own level', () => {
    // Attribute only: filter and sort are "None".
    const watch = taskById(deepshop.tasks, 'deepshop:Amazon--49')
    expect(watch.rubric!.fact_groups.map((group) => group.id)).toEqual(['attribute'])
    expect(watch).toMatchObject({difficulty: 1, level: 'easy'})
    // filter is "**", generator debris: no filter group.
    expect(taskById(deepshop.tasks, 'deepshop:Amazon--541').rubric!.fact_groups.map((group) => group.id)).toEqual([
      'attribute',
      'sort',
    ])
    // DeepShop calls it easy; its rubric has 4 facts: the level stays the source's, the difficulty counts facts.
    expect(taskById(deepshop.tasks, 'deepshop:Amazon--175')).toMatchObject({difficulty: 4, level: 'easy'})
  })

  it('keeps an alternative, a money range and a one-word clause within one fact, and drops markdown bold', () => {
    expect(
      taskById(deepshop.tasks, 'deepshop:Amazon--505').rubric!.fact_groups.find((group) => group.id === 'sort')!.facts,
    ).toEqual([
      'The product found follows the sorting preference: Blue iPhone 12 Pro sorted by lowest price within $800–$1,100 or highest rating',
    ])
    expect(taskById(deepshop.tasks, 'deepshop:Amazon--175').rubric!.fact_groups[0].facts[0]).toBe(
      'The product found matches: Durable, lightweight camping tent that accommodates two people',
    )
    const speaker = taskById(deepshop.tasks, 'deepshop:Amazon--574')
    expect(speaker.rubric!.fact_groups[0].facts).toEqual([
      'The product found matches: JBL Charge 5 portable Bluetooth speaker with IP67 waterproof certification and compatibility with Alexa and Google Assistant',
    ])
    for (const fact of speaker.rubric!.fact_groups.flatMap((group) => group.facts)) expect(fact).not.toContain('*')
  })

  it('keeps the sub-requirements in meta as the source wrote them', () => {
    expect(taskById(deepshop.tasks, 'deepshop:Amazon--100').meta).toMatchObject({
      attribute: 'Xbox Wireless controller in green color',
      sort: 'Xbox Wireless controller sorted by lowest price',
    })
  })
})

describe('Mind2Web-Live: the evaluation key nodes become fact groups', () => {
  it('builds every sample task with one fact per key node, difficulty = facts, level from the bands, source-made', () => {
    expect(mind2webLive.result.exitCode, dump(mind2webLive.result)).toBe(0)
    expect(mind2webLive.tasks).toHaveLength(16)
    for (const task of mind2webLive.tasks) {
      const nodes = (task.meta.evaluation as unknown[]).length
      expect(TaskSchema.safeParse(task).success, task.id).toBe(true)
      expect(countFacts(task.rubric!), task.id).toBe(nodes)
      expect(task.difficulty, task.id).toBe(nodes)
      expect(task.level, task.id).toBe(nodes <= 3 ? 'easy' : nodes <= 6 ? 'medium' : 'hard')
      expect(task.provenance, task.id).toEqual({rubric: sourceMade('source:mind2web-live-v1')})
    }
  })

  it('says which URL a page must have, query values included (index 0 and 3)', () => {
    expect(taskById(mind2webLive.tasks, 'mind2web-live:0').rubric).toEqual({
      fact_groups: [
        {
          id: 'pages',
          description: 'Pages the agent must reach (Mind2Web-Live URL key nodes)',
          facts: [
            'The agent reaches a page whose URL contains "gamestop." (as https://www.gamestop.com/ does)',
            'The agent reaches a page whose URL has store=2630 in its query (on https://www.gamestop.com/search/?store=2630)',
          ],
        },
      ],
    })
    expect(taskById(mind2webLive.tasks, 'mind2web-live:3').rubric!.fact_groups[0].facts[2]).toMatch(
      /^The agent reaches a page whose URL has selectedRoutes=MTA:S92 in its query/,
    )
  })

  it('puts element key nodes in their own group: selectors, values, semantic checks (AMC, IMDb, Under Armour)', () => {
    const menu = taskById(mind2webLive.tasks, 'mind2web-live:XByRzDf1LGHZDev_fnQrj').rubric!
    expect(menu.fact_groups.map((group) => [group.id, group.facts.length])).toEqual([
      ['pages', 3],
      ['elements', 1],
    ])
    expect(menu.fact_groups[1].facts).toEqual([
      'The agent clicks, types or selects exactly "View Full Menu" (on https://www.amctheatres.com/food-and-drink/dine-in/explore-menu)',
    ])
    // The demonstration's URL loses IMDb's ref_ tracking parameter in the fact.
    expect(taskById(mind2webLive.tasks, 'mind2web-live:2').rubric!.fact_groups[1].facts[1]).toBe(
      'The agent acts on the page element at CSS selector ".ipc-starbar__touch" (on https://www.imdb.com/title/tt0103064/)',
    )
    expect(taskById(mind2webLive.tasks, 'mind2web-live:7').rubric!.fact_groups[1].facts).toContain(
      'The agent clicks, types or selects a value that passes this check: Decide whether the content means gift card (on https://www.underarmour.com/en-us/p/gift_cards/ua_egift_card/GC-0001-ALL.html?dwvar_GC-0001-ALL_color=0001)',
    )
  })

  it('stops on a key node it cannot read, naming file, line and field; --on-invalid skip counts it', async () => {
    const rows = [
      {
        index: 0,
        task: 'Find the opening hours of the main library.',
        evaluation: [
          {
            match_function_name: 'url_included_match',
            content: {key: '', reference_answer: 'nypl.', url: 'https://www.nypl.org/'},
          },
        ],
      },
      {
        index: 1,
        task: 'Renew a book.',
        evaluation: [
          {
            match_function_name: 'url_included_match',
            content: {key: '', reference_answer: 'nypl.', url: 'https://www.nypl.org/'},
          },
          {match_function_name: 'url_fuzzy_match', content: {reference_answer: 'renew'}},
        ],
      },
    ]
    const text = JSON.stringify(rows, null, 4)
    const path = wd.write('bad-node/mind2web-live_test.json', text)
    const secondLine = text.split('\n').findIndex((line, i) => i > 1 && line === '    {') + 1
    const failed = await tasksBuild([path])
    expect(failed.result.exitCode, dump(failed.result)).toBe(1)
    const stderr = String(failed.result.stderr).trim()
    expect(stderr.split('\n')).toHaveLength(1)
    expect(stderr).toContain(
      `${path}:${secondLine}: field "evaluation.1.match_function_name": unknown match function "url_fuzzy_match" (string)`,
    )
    const skipped = await tasksBuild(['--on-invalid', 'skip', path])
    expect(skipped.result.exitCode, dump(skipped.result)).toBe(0)
    expect(skipped.summary).toMatchObject({written: 1, invalidSkipped: 1})
  })
})

// ---- rubric gen and judge against the stand-in -------------------------------------------------------------------

const rubricReply = jsonReply({
  fact_groups: [{id: 'g1', description: 'Model-made', facts: ['The model says so', 'And so on']}],
})
const chats = (standin: Standin) => standin.requests.filter((request) => request.path === '/v1/chat/completions')
/** The intents the rubric requests were about. */
const askedAbout = (standin: Standin, tasks: readonly Task[]) =>
  tasks.filter((task) => chats(standin).some((request) => request.text.includes(task.intent))).map((task) => task.id)

describe('rubric gen keeps source-made rubrics', () => {
  let standin: Standin
  let input: Task[]
  let plain: Task
  let modelMade: Task
  beforeAll(async () => {
    standin = await startStandin({handler: () => rubricReply})
    plain = {
      ...TaskSchema.parse({
        id: 'test:plain',
        source: 'test',
        intent: 'Find the price of a red kettle on the shop',
        website: 'shop.example',
        start_url: 'https://shop.example/',
      }),
    }
    modelMade = TaskSchema.parse({
      ...plain,
      id: 'test:model-made',
      intent: 'Find the price of a blue kettle on the shop',
      rubric: {fact_groups: [{id: 'g1', description: 'Old', facts: ['An old model fact']}]},
      difficulty: 1,
      level: 'easy',
      provenance: {rubric: {model: 'old-model', prompt_version: 'rubric-v1', webgym_version: '0.1.0'}},
    })
    input = [...deepshop.tasks.slice(0, 3), ...mind2webLive.tasks.slice(0, 3), plain, modelMade]
  })
  afterAll(async () => {
    await standin?.close()
  })

  const rubricGen = (args: string[]) =>
    wd.run(['rubric', 'gen', '--base-url', standin.url, '--model', 'standin-model', '--no-cache', ...args], {
      input: ndjson(input),
      cleanEnv: true,
    })

  it('asks the model only for the task without a rubric, and writes the source-made ones back unchanged', async () => {
    standin.reset()
    const result = await rubricGen([])
    expect(result.exitCode, dump(result)).toBe(0)
    expect(askedAbout(standin, input)).toEqual(['test:plain'])
    const out = parseLines(String(result.stdout))
    expect(out.slice(0, 6)).toEqual(input.slice(0, 6))
    expect(out[6]).toMatchObject({
      id: 'test:plain',
      difficulty: 2,
      provenance: {rubric: {model: 'standin-model', prompt_version: 'rubric-v1'}},
    })
    expect(String(result.stderr)).toContain(
      'rubric gen: 7 tasks kept the rubric they had (6 of them made by their source task set, no model)',
    )
  })

  it('--force rewrites a model-made rubric but still not a source-made one', async () => {
    standin.reset()
    const result = await rubricGen(['--force'])
    expect(result.exitCode, dump(result)).toBe(0)
    expect(askedAbout(standin, input).sort()).toEqual(['test:model-made', 'test:plain'])
    const out = parseLines(String(result.stdout))
    expect(out.slice(0, 6)).toEqual(input.slice(0, 6))
    expect(out[7]).toMatchObject({
      id: 'test:model-made',
      rubric: {fact_groups: [{description: 'Model-made'}]},
      provenance: {rubric: {model: 'standin-model'}},
    })
  })

  it('--replace-source-rubrics asks the model for them too, and the provenance then says model', async () => {
    standin.reset()
    const result = await rubricGen(['--replace-source-rubrics'])
    expect(result.exitCode, dump(result)).toBe(0)
    expect(askedAbout(standin, input).sort()).toEqual(
      [...input.slice(0, 6).map((task) => task.id), 'test:plain'].sort(),
    )
    const out = parseLines(String(result.stdout))
    for (const task of out.slice(0, 6)) {
      expect(task.rubric!.fact_groups[0].description, task.id).toBe('Model-made')
      expect(task.provenance!.rubric, task.id).toMatchObject({model: 'standin-model', prompt_version: 'rubric-v1'})
      expect(task.provenance!.rubric.made_by, task.id).toBeUndefined()
    }
  })
})

describe('judge with a source-made rubric', () => {
  let standin: Standin
  const verdicts: StandinRequest[] = []

  // Fails the filter fact of the task whose intent carries [fail-filter]; passes every fact otherwise.
  function handler(request: StandinRequest): StandinReply {
    const name = request.body?.response_format?.json_schema?.name
    if (name === 'screenshot_relevance') return jsonReply({reason: 'shows the product', score: 4})
    if (name !== 'trajectory_verdict') return {status: 400}
    verdicts.push(request)
    const ids = [...request.text.matchAll(/^- \[([^\]]+)\]/gm)].map((match) => match[1])
    const failing = request.text.includes('[fail-filter]') ? ['filter.1'] : []
    return jsonReply({
      blocked: false,
      blocked_reason: '',
      answer_supported: true,
      answer_reason: 'the product page shows it',
      facts: ids.map((id) => ({id, pass: !failing.includes(id), reason: `evidence for ${id}`})),
    })
  }

  beforeAll(async () => {
    standin = await startStandin({handler})
  })
  afterAll(async () => {
    await standin?.close()
  })

  async function trajectory(task: Task, tag: string) {
    const shots = [await solidScreenshot(wd.path('shots'), 1), await solidScreenshot(wd.path('shots'), 2)]
    return {
      task: {...task, intent: `${tag} ${task.intent}`},
      run: {
        policy: 'openai',
        model: 'policy',
        prompt_version: 'qwen3vl-v1',
        viewport: {width: 1280, height: 768},
        horizon: 30,
        seed: 0,
        webgym_version: '0.1.0',
      },
      status: 'answered',
      answer: 'The green Xbox Wireless controller at $39.99',
      error: null,
      steps: syntheticSteps(shots, {
        url: (index) => `https://www.amazon.com/s?k=xbox+controller&page=${index}`,
        answer: 'The green Xbox Wireless controller at $39.99',
      }),
    }
  }

  it('checks each source fact and gives the reward by them, as with any rubric', async () => {
    const task = taskById(deepshop.tasks, 'deepshop:Amazon--100')
    const input = ndjson([await trajectory(task, '[pass-all]'), await trajectory(task, '[fail-filter]')])
    const result = await wd.run(
      [
        'judge',
        '--base-url',
        standin.url,
        '--model',
        'judge-model',
        '--no-cache',
        '--max-retries',
        '0',
        '--shots',
        wd.path('shots'),
      ],
      {input, cleanEnv: true},
    )
    expect(result.exitCode, dump(result)).toBe(0)
    const [passed, failed] = String(result.stdout)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    // The verdict prompt lists the source's facts by group.
    expect(verdicts[0].text).toContain(
      '- [attribute.1] The product found matches: Xbox Wireless controller in green color',
    )
    expect(verdicts[0].text).toContain(
      '- [filter.1] The product found meets the filter: Xbox Wireless controller with user rating exceeding 4 stars',
    )
    expect(verdicts[0].text).toContain(
      '- [sort.1] The product found follows the sorting preference: Xbox Wireless controller sorted by lowest price',
    )
    expect(passed.judgment.reward).toBe(1)
    expect(passed.judgment.facts.map((fact: {group_id: string; pass: boolean}) => [fact.group_id, fact.pass])).toEqual([
      ['attribute', true],
      ['filter', true],
      ['sort', true],
    ])
    expect(failed.judgment.reward).toBe(0)
    expect(failed.judgment.facts.find((fact: {group_id: string}) => fact.group_id === 'filter').pass).toBe(false)
  })
})
