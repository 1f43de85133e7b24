import {createHash} from 'node:crypto'
import {beforeAll, describe, expect, it} from 'vitest'
import type {Task} from '../src/lib/schema/task.js'
import {
  assertBuilt,
  type BuildRun,
  dump,
  fixture,
  INSTA_V3_PARQUET_ROWS,
  taskById,
  taskByIntent,
  tasksBuild,
  writeInstaParquet,
} from './helpers/sources.js'
import {workdir} from './helpers/workdir.js'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

// Every sample file, how many rows it has and the source it must be detected as. One `tasks build` run reads them
// all, without --source, so that detection, every adapter and the merge pass are exercised together.
const FILES: {file: string; source: string; rows: number}[] = [
  {file: 'webvoyager/WebVoyager_data.jsonl', source: 'webvoyager', rows: 17},
  {file: 'gaia/GAIA_web.jsonl', source: 'gaia', rows: 12},
  {file: 'pae/webarena_map_google_fixed_eval.jsonl', source: 'pae', rows: 9},
  {file: 'pae/webvoyager_pae.jsonl', source: 'pae', rows: 6},
  {file: 'insta/demo_prepared_options.json', source: 'insta', rows: 10},
  {file: 'insta/insta_v3_train.jsonl', source: 'insta', rows: 3},
  {file: 'agentsynth/summarized_task_sequences.jsonl', source: 'agentsynth', rows: 13},
  {file: 'agentsynth/task_sequences.jsonl', source: 'agentsynth', rows: 3},
  {file: 'mind2web-live/example_130.json', source: 'mind2web-live', rows: 5},
  {file: 'mind2web-live/mind2web-live_test_20241024.json', source: 'mind2web-live', rows: 11},
  {file: 'mind2web-2/dev_set_tasks_extracted.jsonl', source: 'mind2web-2', rows: 10},
  {file: 'mind2web-2/dev_set.csv', source: 'mind2web-2', rows: 3},
  {file: 'travelplanner/validation.csv', source: 'travelplanner', rows: 3},
  {file: 'browsecomp/browse_comp_test_set.csv', source: 'browsecomp', rows: 1},
  {file: 'deepshop/deepshop_test.jsonl', source: 'deepshop', rows: 12},
  {file: 'online-mind2web/Online_Mind2Web.json', source: 'online-mind2web', rows: 4},
  {file: 'webgym/webgym_train_sample.jsonl', source: 'webgym', rows: 4},
]

const totalRows = FILES.reduce((sum, {rows}) => sum + rows, 0) + INSTA_V3_PARQUET_ROWS.length

let run: BuildRun
let tasks: Task[]
const ofSource = (source: string) => tasks.filter((task) => task.source === source)

beforeAll(async () => {
  assertBuilt()
  const parquet = workdir().path('train-00000-of-00001.parquet')
  writeInstaParquet(parquet)
  run = await tasksBuild(['--on-invalid', 'skip', ...FILES.map(({file}) => fixture(...file.split('/'))), parquet])
  tasks = run.tasks
})

describe('tasks build over every sample file, sources detected', () => {
  it('succeeds with no invalid record and every row kept', () => {
    expect(run.result.exitCode, dump(run.result)).toBe(0)
    expect(String(run.result.stderr)).not.toMatch(/webgym: skipped /)
    expect(run.summary, dump(run.result)).toMatchObject({invalidSkipped: 0, duplicatesMerged: 0, written: totalRows})
    expect(tasks).toHaveLength(run.summary!.written)
  })

  it('reads each file as the source it is', () => {
    const expected: Record<string, number> = {}
    for (const {source, rows} of FILES) expected[source] = (expected[source] ?? 0) + rows
    expected.insta += INSTA_V3_PARQUET_ROWS.length
    const bySource = Object.fromEntries(
      Object.entries(run.summary!.bySource).map(([source, counts]) => [source, counts.records]),
    )
    expect(bySource).toEqual(expected)
    const counted = Object.fromEntries(Object.keys(expected).map((source) => [source, ofSource(source).length]))
    expect(counted).toEqual(expected)
  })

  it('gives every task a unique `source:native-id` id', () => {
    expect(new Set(tasks.map((task) => task.id)).size).toBe(tasks.length)
    for (const task of tasks) expect(task.id.startsWith(`${task.source}:`), task.id).toBe(true)
  })

  it('counts tasks with and without a website per source', () => {
    expect(run.summary!.bySource.gaia).toEqual({records: 12, withWebsite: 0, withoutWebsite: 12})
    expect(run.summary!.bySource.webvoyager).toEqual({records: 17, withWebsite: 17, withoutWebsite: 0})
    expect(run.summary!.bySource['mind2web-2']).toEqual({records: 13, withWebsite: 0, withoutWebsite: 13})
  })
})

describe('webvoyager', () => {
  it('joins reference_answer.json found beside the file, by site and the number in the id', () => {
    const task = taskById(tasks, 'webvoyager:Allrecipes--0')
    expect(task).toMatchObject({
      intent:
        'Provide a recipe for vegetarian lasagna with more than 100 reviews and a rating of at least 4.5 stars suitable for 6 people.',
      website: 'allrecipes.com',
      start_url: 'https://www.allrecipes.com/',
      reference_answer: "'Vegetarian Four Cheese Lasagna', 4.6-star, 181 reviews, Servings 8",
      level: null,
      rubric: null,
      meta: {
        web_name: 'Allrecipes',
        reference_answer_type: 'possible',
        reference_answer_notice: 'note that review information is real-time',
      },
    })
    expect(taskById(tasks, 'webvoyager:Booking--1').reference_answer).toBe('OYO 3755 Sweet Home, US$14')
    expect(taskById(tasks, 'webvoyager:Booking--0').reference_answer).toBe('Be Local')
    expect(taskById(tasks, 'webvoyager:Cambridge Dictionary--0').meta.reference_answer_type).toBe('golden')
    expect(ofSource('webvoyager').every((task) => task.reference_answer)).toBe(true)
  })

  it('reduces start URLs to registrable domains', () => {
    expect(taskById(tasks, 'webvoyager:Cambridge Dictionary--0')).toMatchObject({
      website: 'cambridge.org',
      start_url: 'https://dictionary.cambridge.org/',
    })
    expect(taskById(tasks, 'webvoyager:Google Flights--0')).toMatchObject({
      website: 'google.com',
      start_url: 'https://www.google.com/travel/flights/',
    })
    expect(taskById(tasks, 'webvoyager:Huggingface--0').website).toBe('huggingface.co')
    for (const task of ofSource('webvoyager')) expect(task.id).toMatch(/^webvoyager:[A-Za-z ]+--\d+$/)
  })
})

describe('gaia', () => {
  it('keeps the Google start page but no website, and maps Level to a level', () => {
    expect(taskById(tasks, 'gaia:e1fc63a2-da7a-432f-be78-7c4a95598703')).toMatchObject({
      website: null,
      start_url: 'https://www.google.com/',
      reference_answer: '17',
      level: 'easy',
      meta: {Level: 1, id: 'level1-0'},
    })
    expect(taskById(tasks, 'gaia:c61d22de-5f6c-4958-a7f6-5e9707bd3466')).toMatchObject({
      reference_answer: 'egalitarian',
      level: 'medium',
      meta: {id: 'level2-0'},
    })
    expect(taskByIntent(tasks, 'How many studio albums were published by Mercedes Sosa').id).toBe(
      'gaia:8e867cd7-cff9-4e6c-867a-ff5ddc2550be',
    )
    const levels = ofSource('gaia').map((task) => task.level)
    expect(levels.filter((level) => level === 'easy')).toHaveLength(6)
    expect(levels.filter((level) => level === 'medium')).toHaveLength(6)
    for (const task of ofSource('gaia'))
      expect(task.id).toMatch(/^gaia:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
  })
})

describe('pae', () => {
  it('takes the reference answer from eval.reference_answers (exact_match, must_include, fuzzy_match)', () => {
    expect(taskById(tasks, 'pae:map--0')).toMatchObject({
      website: 'google.com',
      start_url: 'https://www.google.com/maps/',
      reference_answer:
        'Pittsburgh International Airport, Southern Beltway, Findlay Township, Allegheny County, 15231, United States',
      level: null,
    })
    expect(taskById(tasks, 'pae:map--1').reference_answer).toBe(
      'There is no airport within 5 km of Carnegie Mellon University',
    )
    expect(taskById(tasks, 'pae:map--2').reference_answer).toBe(
      'Pittsburgh International Airport, Southern Beltway, Findlay Township, Allegheny County, 15231, United States',
    )
    expect(taskById(tasks, 'pae:map--4').reference_answer).toBe('driving: 2min; walking: 16min')
    expect(taskById(tasks, 'pae:map--28').reference_answer).toBe('15213')
  })

  it('fixes the wrong site URLs of its generator, keeping the published one in meta', () => {
    expect(taskById(tasks, 'pae:Coursera--7')).toMatchObject({
      website: 'coursera.org',
      start_url: 'https://www.coursera.org/',
      meta: {web_name: 'Coursera', web_as_published: 'https://www.espn.com/'},
    })
    expect(taskById(tasks, 'pae:BBC News--3')).toMatchObject({
      website: 'bbc.com',
      meta: {web_as_published: 'https://bbcnews.com/'},
    })
    expect(taskById(tasks, 'pae:EPSN--2')).toMatchObject({
      website: 'espn.com',
      start_url: 'https://www.espn.com/',
      meta: {web_as_published: null},
    })
    const right = taskById(tasks, 'pae:Allrecipes--12')
    expect(right).toMatchObject({
      website: 'allrecipes.com',
      start_url: 'https://www.allrecipes.com/',
      reference_answer: null,
    })
    expect(right.meta).not.toHaveProperty('web_as_published')
  })

  it('tells apart two different tasks that share an id', () => {
    const amazon = ofSource('pae').filter((task) => task.id.startsWith('pae:Amazon--4'))
    expect(amazon).toHaveLength(2)
    for (const task of amazon) expect(task.id).toMatch(/^pae:Amazon--4~[0-9a-f]{12}$/)
    expect(amazon[0].id).not.toBe(amazon[1].id)
    expect(amazon.map((task) => task.intent)).toEqual([
      'Find a USB-C charging cable at least 6 feet long with more than 10,000 ratings.',
      'Find a yoga mat thicker than 6 mm that costs less than $30.',
    ])
    expect(run.summary!.idCollisions).toBe(2)
  })
})

describe('insta', () => {
  it('reads v1 JSON ({domain, task}) with bare domains', () => {
    expect(
      taskByIntent(tasks, 'Search for currently available jobs in the field of environmental conservation'),
    ).toMatchObject({
      source: 'insta',
      website: 'ny.gov',
      start_url: 'https://statejobs.ny.gov/',
      reference_answer: null,
      level: null,
      meta: {},
    })
    expect(taskByIntent(tasks, 'Locate information on crop protection products for wheat')).toMatchObject({
      website: 'bayer.nl',
      start_url: 'https://agro.bayer.nl/',
    })
    for (const task of ofSource('insta')) expect(task.id).toMatch(/^insta:[0-9a-f]{12}$/)
  })

  it('reads v3 JSONL ({website, instruction, steps, criteria}), keeping steps and criteria', () => {
    expect(taskByIntent(tasks, 'Find which Python version added the match statement.')).toMatchObject({
      website: 'python.org',
      start_url: 'https://docs.python.org/',
      reference_answer: null,
      meta: {
        steps: [
          "Search the documentation for 'match statement'",
          "Open the What's New page that introduces it",
          'Read the version number',
        ],
        criteria: ["The answer states that structural pattern matching arrived in Python '3.10'"],
      },
    })
  })

  it('reads v3 parquet with list columns', () => {
    const [metoffice, eventbrite, gutenberg] = INSTA_V3_PARQUET_ROWS.map((row) => taskByIntent(tasks, row.instruction))
    expect(metoffice).toMatchObject({
      website: 'metoffice.gov.uk',
      start_url: 'https://metoffice.gov.uk/',
      meta: {steps: INSTA_V3_PARQUET_ROWS[0].steps, criteria: INSTA_V3_PARQUET_ROWS[0].criteria},
    })
    expect(eventbrite).toMatchObject({
      website: 'eventbrite.com.au',
      meta: {criteria: INSTA_V3_PARQUET_ROWS[1].criteria},
    })
    expect(gutenberg).toMatchObject({website: 'gutenberg.org', start_url: 'https://www.gutenberg.org/'})
  })
})

describe('agentsynth', () => {
  it("takes the final stop action's answer as the reference answer", () => {
    const task = taskByIntent(tasks, 'On joblo.com, find and watch the official trailer')
    expect(task.website).toBe('joblo.com')
    expect(task.start_url).toBe('https://joblo.com/')
    expect(task.reference_answer).toMatch(
      /^The first look at Nicolas Cage and Christian Bale in the John Madden biopic has been viewed on joblo\.com\./,
    )
    expect(taskByIntent(tasks, 'On tax.nd.gov, find the latest news article')).toMatchObject({
      website: 'nd.gov',
      start_url: 'https://tax.nd.gov/',
    })
  })

  it('reads actions stored as JSON strings', () => {
    const task = taskByIntent(tasks, 'Configure a new Tiger 900 GT PRO A2 motorcycle')
    expect(task.reference_answer).toBe(
      "All cookies have been accepted on the Triumph Motorcycles website by clicking the 'Permitir Todas' button, ensuring a smoother browsing experience.",
    )
    expect(task.website).toBe('triumphmotorcycles.es')
    const actions = task.meta.action_sequence as {action_key: string}[]
    expect(actions.map((action) => action.action_key)).toEqual(['click', 'stop'])
    expect(task.meta).toHaveProperty('webpage_text')
  })

  it('has no answer when the run never stopped, or its actions are prose', () => {
    expect(taskByIntent(tasks, 'On the airebarcelona.com website').reference_answer).toBeNull()
    const prose = taskByIntent(tasks, 'On nellyfurtado.com, navigate from the homepage')
    expect(prose.reference_answer).toBeNull()
    expect((prose.meta.action_sequence as unknown[])[0]).toBe(
      'scroll down the homepage multiple times to reveal navigation or footer links.',
    )
    expect(ofSource('agentsynth').filter((task) => task.reference_answer === null)).toHaveLength(2)
  })
})

describe('mind2web-live', () => {
  it('takes the website from the first URL of the evaluation key nodes', () => {
    // Its three key nodes are its rubric (test/sources.rubrics.test.ts): difficulty 3, so level easy.
    expect(taskById(tasks, 'mind2web-live:3')).toMatchObject({
      intent: 'Check the status of train S92 for any disruptions on new.mta.info.',
      website: 'mta.info',
      start_url: 'https://new.mta.info/',
      reference_answer: null,
      difficulty: 3,
      level: 'easy',
      meta: {reference_task_length: 6},
    })
    expect(taskById(tasks, 'mind2web-live:WXkY6peQb2NDE6VKrNQkd')).toMatchObject({
      website: 'boardgamegeek.com',
      start_url: 'https://boardgamegeek.com/',
    })
    // The key node's URL carries tracking parameters; the start URL is the site's root.
    expect(taskById(tasks, 'mind2web-live:9')).toMatchObject({
      website: 'amctheatres.com',
      start_url: 'https://www.amctheatres.com/',
    })
    expect((taskById(tasks, 'mind2web-live:0').meta.evaluation as unknown[]).length).toBe(2)
  })
})

describe('mind2web-2', () => {
  it('reads the JSONL (trimmed intents, no website)', () => {
    const task = taskById(tasks, 'mind2web-2:yu_lineage')
    expect(task.intent).toMatch(/^Identify the academic lineage of Prof\. Yu Su at The Ohio State University/)
    expect(task.intent).toBe(task.intent.trim())
    expect(task).toMatchObject({
      website: null,
      start_url: null,
      reference_answer: null,
      level: null,
      meta: {source_file: 'eval_scripts/dev_set/yu_lineage.py'},
    })
    for (const task of ofSource('mind2web-2')) expect(task.id).toMatch(/^mind2web-2:[a-z0-9_]+$/)
  })

  it('reads the hub CSV (quoted quotes and line breaks)', () => {
    expect(taskById(tasks, 'mind2web-2:ev_lease').intent).toContain(
      'with a "sign and drive" offer (nothing due at signing)',
    )
    expect(taskById(tasks, 'mind2web-2:museum_free_days').intent).toBe(
      'List four art museums in Chicago that have free admission days for Illinois residents in the next two months.\n' +
        'For each museum, give the dates and a link to the page that announces them.',
    )
    expect(taskById(tasks, 'mind2web-2:ferry_schedule')).toMatchObject({website: null, start_url: null, meta: {}})
  })
})

describe('travelplanner', () => {
  it('parses the Python-literal fields into meta', () => {
    const task = taskByIntent(
      tasks,
      'Please devise a travel plan that starts from St. Petersburg and heads to Appleton',
    )
    expect(task).toMatchObject({website: null, start_url: null, reference_answer: null, level: 'easy'})
    expect(task.meta).toMatchObject({
      org: 'St. Petersburg',
      dest: 'Appleton',
      days: 3,
      visiting_city_number: 1,
      people_number: 1,
      budget: 1200,
      date: ['2022-03-19', '2022-03-20', '2022-03-21'],
      local_constraint: {'house rule': null, cuisine: null, 'room type': null, transportation: null},
    })
    const information = task.meta.reference_information as {Description: string; Content: string}[]
    expect(information).toHaveLength(9)
    expect(information[0].Description).toBe('Attractions in Appleton')
  })

  it('reads every row, with dates as long as the trip', () => {
    const rows = ofSource('travelplanner')
    expect(rows.map((task) => task.meta.dest)).toEqual(['Appleton', 'Texas', 'North Carolina'])
    for (const task of rows) {
      expect(task.level).toBe('easy')
      expect(task.meta.date).toHaveLength(task.meta.days as number)
      expect(task.id).toMatch(/^travelplanner:[0-9a-f]{12}$/)
    }
  })
})

describe('browsecomp', () => {
  it('decrypts problem and answer with the row canary (asserted by hash only)', () => {
    const [task] = ofSource('browsecomp')
    expect(task.id).toMatch(/^browsecomp:[0-9a-f]{12}$/)
    expect(sha256(task.intent)).toBe('6662dea134c10c3e9e1b19eff2ee5d56be2217f1c7b0d8e309eddbf775a44978')
    expect(sha256(task.reference_answer!)).toBe('e755d3d9f41b38b2bbe0e90ca9d917d568ebc9a7fe186ba75cb6fb7cde6f8419')
    expect(task).toMatchObject({website: null, start_url: null, level: null, meta: {problem_topic: 'Art'}})
    expect(task.meta.canary).toMatch(
      /^BENCHMARK DATA SHOULD NEVER APPEAR AS PLAIN TEXT ONLINE\. canary GUID browsecomp:/,
    )
    expect(task.meta).not.toHaveProperty('problem')
    expect(task.meta).not.toHaveProperty('answer')
  })
})

describe('deepshop', () => {
  it('reads the WebVoyager shape plus its sub-requirements, "None" as null and difficulty as level', () => {
    expect(taskById(tasks, 'deepshop:Amazon--49')).toMatchObject({
      intent: 'Find a smartwatch that is compatible with an iPhone in amazon',
      website: 'amazon.com',
      start_url: 'https://www.amazon.com/?language=en_US&currency=USD',
      reference_answer: null,
      level: 'easy',
      meta: {
        web_name: 'Amazon',
        attribute: 'Smartwatch compatible with iPhone',
        filter: null,
        sort: null,
        category: 'Electronics',
      },
    })
    expect(taskById(tasks, 'deepshop:Amazon--302')).toMatchObject({
      level: 'medium',
      meta: {filter: null, sort: 'Most competitively priced gaming desktop from reputable brands such as Dell or HP'},
    })
    expect(ofSource('deepshop').map((task) => task.level)).toEqual([
      'easy',
      'easy',
      'medium',
      'medium',
      'hard',
      'hard',
      'hard',
      'easy',
      'medium',
      'hard',
      'easy',
      'easy',
    ])
  })
})

describe('online-mind2web', () => {
  it('keeps task ids whole, date suffix included, and maps level', () => {
    expect(taskById(tasks, 'online-mind2web:ec0e5c018a2aa33a94c37b4ce178851e_110325')).toMatchObject({
      intent:
        'Search for a one-way train ticket from Boston to New York leaving next Friday morning and show the cheapest fare.',
      website: 'amtrak.com',
      start_url: 'https://www.amtrak.com/',
      reference_answer: null,
      level: 'medium',
      meta: {reference_length: 11},
    })
    expect(taskById(tasks, 'online-mind2web:d108dd7978392d630bdaf8cfeff91853')).toMatchObject({
      website: 'bbc.co.uk',
      start_url: 'https://www.bbc.co.uk/food',
      level: 'easy',
    })
    expect(taskById(tasks, 'online-mind2web:e964e527f060d781f8dead1ae6e60b22').level).toBe('hard')
    for (const task of ofSource('online-mind2web')) expect(task.id).toMatch(/^online-mind2web:[0-9a-f]{32}(_\d{6})?$/)
  })
})

describe('webgym rows', () => {
  it('reads a fact-group evaluator_reference as the rubric', () => {
    expect(taskById(tasks, 'webgym:10452')).toMatchObject({
      website: 'allrecipes.com',
      start_url: 'https://www.allrecipes.com/',
      domain: 'Lifestyle & Leisure',
      subdomain: 'Food & Cooking',
      reference_answer: null,
      difficulty: 4,
      level: 'medium',
      rubric: {
        fact_groups: [
          {
            id: 1,
            description: 'The recipe found',
            facts: ['The recipe is a vegan chili', 'The recipe has at least 500 ratings'],
          },
          {
            id: 2,
            description: 'The details reported',
            facts: ["The answer states the recipe's total time", 'The answer states the number of servings'],
          },
        ],
      },
      meta: {attempt_level: 0},
    })
  })

  it('reads a list of strings and a list of {description, difficulty} as one group of facts', () => {
    expect(taskById(tasks, 'webgym:wg-train-20817')).toMatchObject({
      website: 'carris.pt',
      difficulty: 2,
      level: 'easy',
      reference_answer: null,
      rubric: {
        fact_groups: [
          {
            id: 1,
            description: 'Criteria',
            facts: ['The answer gives the price of a 7-day adult travel card', 'The price is stated in euros'],
          },
        ],
      },
    })
    const criteria = taskById(tasks, 'webgym:wg-train-31166')
    expect(criteria).toMatchObject({
      website: 'utoronto.ca',
      reference_answer: 'January 15',
      difficulty: 3,
      level: 'easy',
      meta: {attempt_level: 2},
    })
    expect(criteria.rubric!.fact_groups).toHaveLength(1)
    expect(criteria.rubric!.fact_groups[0].facts).toEqual([
      'The answer names a deadline for undergraduate applications',
      'The deadline applies to international students',
      'The deadline is taken from an official University of Toronto page',
    ])
  })

  it('derives difficulty and level from the facts when the row has no difficulty', () => {
    const task = taskById(tasks, 'webgym:wg-train-40023')
    expect(task).toMatchObject({website: 'tate.org.uk', difficulty: 7, level: 'hard'})
    expect(task.rubric!.fact_groups.map((group) => group.id)).toEqual(['g1', 'g2', 'g3'])
  })
})
