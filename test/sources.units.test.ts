import {createHash} from 'node:crypto'
import {readFile} from 'node:fs/promises'
import {basename} from 'node:path'
import {parse as parseCsv} from 'csv-parse/sync'
import {describe, expect, it} from 'vitest'
import {memoryReporter} from '../src/lib/report/reporter.js'
import {InvalidRecords} from '../src/lib/io/invalid-records.js'
import {decryptBrowseComp} from '../src/lib/sources/browsecomp.js'
import {requirementClauses} from '../src/lib/sources/deepshop-rubric.js'
import {detectSource} from '../src/lib/sources/detect.js'
import {parseFieldMap} from '../src/lib/sources/generic.js'
import {elementStartLines} from '../src/lib/sources/json-array.js'
import {parsePythonLiteral, PythonLiteralError} from '../src/lib/sources/python-literal.js'
import {readSourceRows} from '../src/lib/sources/read-rows.js'
import {rubricOfEvaluatorReference} from '../src/lib/sources/webgym.js'
import {normaliseSite, registrableDomain} from '../src/lib/sources/website.js'
import {fixture, writeInstaParquet} from './helpers/sources.js'
import {workdir} from './helpers/workdir.js'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

describe('parsePythonLiteral (TravelPlanner fields)', () => {
  it('reads the dict and list reprs TravelPlanner stores, None as null', () => {
    expect(
      parsePythonLiteral(
        "{'house rule': None, 'cuisine': ['Chinese', 'Italian'], 'room type': 'not shared room', 'transportation': 'no flight'}",
      ),
    ).toEqual({
      'house rule': null,
      cuisine: ['Chinese', 'Italian'],
      'room type': 'not shared room',
      transportation: 'no flight',
    })
    expect(parsePythonLiteral("['2022-03-19', '2022-03-20', '2022-03-21']")).toEqual([
      '2022-03-19',
      '2022-03-20',
      '2022-03-21',
    ])
  })

  it('reads numbers, booleans, tuples, empty containers and non-string keys', () => {
    expect(parsePythonLiteral('[1, -2, 3.5, 1e3, .5, True, False, None]')).toEqual([
      1,
      -2,
      3.5,
      1000,
      0.5,
      true,
      false,
      null,
    ])
    expect(parsePythonLiteral('(1, (2,), ())')).toEqual([1, [2], []])
    expect(parsePythonLiteral('{1: {}, 2: []}')).toEqual({1: {}, 2: []})
    expect(parsePythonLiteral('  [ 1 ,2, ]  ')).toEqual([1, 2])
  })

  it('reads both quote styles and the escapes repr writes', () => {
    expect(parsePythonLiteral(`["it's", 'say "hi"', 'it\\'s']`)).toEqual(["it's", 'say "hi"', "it's"])
    expect(parsePythonLiteral(String.raw`'line\nbreak\ttab \\ back'`)).toBe('line\nbreak\ttab \\ back')
    expect(parsePythonLiteral(String.raw`'caf\xe9 \u00e9t\u00e9 \U0001f600'`)).toBe('café été 😀')
    expect(parsePythonLiteral(String.raw`'C:\dir'`)).toBe('C:\\dir')
    expect(parsePythonLiteral("'joined' ' together'")).toBe('joined together')
    expect(parsePythonLiteral("'''triple 'quoted' text'''")).toBe("triple 'quoted' text")
  })

  it('fails with the character position on text that is not a literal', () => {
    expect(() => parsePythonLiteral("{'a': }")).toThrow(PythonLiteralError)
    expect(() => parsePythonLiteral("{'a': }")).toThrow(/at character 7/)
    expect(() => parsePythonLiteral("['open")).toThrow(/unterminated string/)
    expect(() => parsePythonLiteral('[1, 2] trailing')).toThrow(/unexpected text after the value/)
    expect(() => parsePythonLiteral("{'a' 1}")).toThrow(/expected ":"/)
    expect(() => parsePythonLiteral('')).toThrow(/unexpected end of text/)
  })

  it('reads every literal field of the TravelPlanner sample rows', async () => {
    const rows = parseCsv(await readFile(fixture('travelplanner', 'validation.csv')), {columns: true}) as Record<
      string,
      string
    >[]
    expect(rows).toHaveLength(3)
    for (const row of rows) {
      const information = parsePythonLiteral(row.reference_information) as {Description: string; Content: string}[]
      expect(information.length).toBeGreaterThan(0)
      expect(information[0]).toEqual({Description: expect.any(String), Content: expect.any(String)})
      expect(parsePythonLiteral(row.date)).toHaveLength(Number(row.days))
    }
  })
})

describe('website normalisation', () => {
  it.each([
    ['https://www.allrecipes.com/', 'allrecipes.com', 'https://www.allrecipes.com/'],
    ['allrecipes.com', 'allrecipes.com', 'https://allrecipes.com/'],
    ['agro.bayer.nl', 'bayer.nl', 'https://agro.bayer.nl/'],
    ['https://www.bbc.co.uk/food', 'bbc.co.uk', 'https://www.bbc.co.uk/food'],
    ['eventbrite.com.au', 'eventbrite.com.au', 'https://eventbrite.com.au/'],
    ['HTTPS://Dictionary.Cambridge.ORG/dictionary/', 'cambridge.org', 'https://dictionary.cambridge.org/dictionary/'],
    ['  https://new.mta.info/alerts  ', 'mta.info', 'https://new.mta.info/alerts'],
    ['//cdn.example.com/x', 'example.com', 'https://cdn.example.com/x'],
    ['http://127.0.0.1:8080/shop', '127.0.0.1', 'http://127.0.0.1:8080/shop'],
    ['someone.github.io', 'someone.github.io', 'https://someone.github.io/'],
    ['localhost', 'localhost', 'https://localhost/'],
    ['http://recipes.webgym.test/search?q=soup', 'recipes.webgym.test', 'http://recipes.webgym.test/search?q=soup'],
    ['www.recipes.webgym.test', 'recipes.webgym.test', 'https://www.recipes.webgym.test/'],
  ])('%s -> %s', (raw, website, startUrl) => {
    expect(normaliseSite(raw)).toEqual({website, startUrl})
  })

  it.each(['', '   ', 'ftp://files.example.com/', 'not a url', 'https://'])('rejects %j', (raw) => {
    expect(normaliseSite(raw)).toBeNull()
  })

  it('reduces hosts by the public suffix list, private section included', () => {
    expect(registrableDomain('statejobs.ny.gov')).toBe('ny.gov')
    expect(registrableDomain('misti.mit.edu')).toBe('mit.edu')
    expect(registrableDomain('a.b.metoffice.gov.uk')).toBe('metoffice.gov.uk')
    expect(registrableDomain('project.pages.dev')).toBe('project.pages.dev')
  })
})

describe('BrowseComp decryption', () => {
  it('inverts the XOR-with-SHA-256(canary) encryption', () => {
    const plain =
      'Which suspension bridge, finished in the 1930s, has towers painted "International Orange"? Answer with its name — ünïcode too.'
    const key = createHash('sha256').update('made-up canary').digest()
    const bytes = Buffer.from(plain, 'utf8')
    const encrypted = Buffer.from(bytes.map((byte, i) => byte ^ key[i % key.length])).toString('base64')
    expect(decryptBrowseComp(encrypted, 'made-up canary')).toBe(plain)
  })

  it('decrypts the sample row (checked by hash only: the plaintext must never be written down)', async () => {
    const [row] = parseCsv(await readFile(fixture('browsecomp', 'browse_comp_test_set.csv')), {
      columns: true,
    }) as Record<string, string>[]
    expect(row.problem_topic).toBe('Art')
    const answer = decryptBrowseComp(row.answer, row.canary)
    const problem = decryptBrowseComp(row.problem, row.canary)
    expect(sha256(answer)).toBe('e755d3d9f41b38b2bbe0e90ca9d917d568ebc9a7fe186ba75cb6fb7cde6f8419')
    expect(sha256(problem)).toBe('6662dea134c10c3e9e1b19eff2ee5d56be2217f1c7b0d8e309eddbf775a44978')
    expect(problem).toHaveLength(422)
  })

  it('fails on a wrong canary instead of returning garbage', async () => {
    const [row] = parseCsv(await readFile(fixture('browsecomp', 'browse_comp_test_set.csv')), {
      columns: true,
    }) as Record<string, string>[]
    expect(() => decryptBrowseComp(row.problem, `${row.canary}x`)).toThrow(TypeError)
  })
})

describe('elementStartLines (line numbers for JSON-array sources)', () => {
  it('finds the line each element starts on', () => {
    expect(elementStartLines('[\n  {"a": 1},\n\n  {"b": [1, {"c": 2}]},\n  {"d": "x"}\n]')).toEqual([2, 4, 5])
    expect(elementStartLines('[{"a":1},{"b":2}]')).toEqual([1, 1])
    expect(elementStartLines('[]')).toEqual([])
    expect(elementStartLines('[\n1,\n"two",\nnull]')).toEqual([2, 3, 4])
  })

  it('is not fooled by brackets, commas, quotes and newlines inside strings', () => {
    expect(elementStartLines('[\n{"t": "a, ] } [ {"},\n{"t": "say \\"x\\", ok\\n"},\n{"t": "\\\\"}\n]')).toEqual([
      2, 3, 4,
    ])
  })

  it('matches the objects of the Mind2Web-Live sample files', async () => {
    expect(elementStartLines(await readFile(fixture('mind2web-live', 'example_130.json'), 'utf8'))).toEqual([
      2, 34, 73, 139, 170,
    ])
    expect(
      elementStartLines(await readFile(fixture('mind2web-live', 'mind2web-live_test_20241024.json'), 'utf8')),
    ).toEqual([2, 25, 56, 106, 137, 168, 191, 264, 341, 388, 446])
  })
})

describe('requirementClauses (DeepShop sub-requirements into facts)', () => {
  it('splits at semicolons and at comma-space, not inside numbers', () => {
    expect(requirementClauses('stainless steel; vacuum-insulated; 32 oz')).toEqual([
      'stainless steel',
      'vacuum-insulated',
      '32 oz',
    ])
    expect(requirementClauses('Running shoes with over 15,000 customer reviews, priced under $1,200.')).toEqual([
      'Running shoes with over 15,000 customer reviews',
      'priced under $1,200',
    ])
  })

  it('drops a leading "and", keeps "or" alternatives and one-word clauses with a neighbour', () => {
    expect(requirementClauses('USB-C hub with HDMI, and SD card reader')).toEqual([
      'USB-C hub with HDMI',
      'SD card reader',
    ])
    expect(requirementClauses('sorted by lowest price, or by highest rating')).toEqual([
      'sorted by lowest price, or by highest rating',
    ])
    expect(requirementClauses('Waterproof, rated 4 stars or more, Prime')).toEqual([
      'Waterproof, rated 4 stars or more, Prime',
    ])
  })

  it('has nothing for "None", empty text or bare markup, and strips a "Filter conditions:" label', () => {
    for (const empty of ['None', '', '  ', '**', '** ; **']) expect(requirementClauses(empty), empty).toEqual([])
    expect(requirementClauses('**Filter conditions**: rated 4+ stars')).toEqual(['rated 4+ stars'])
  })
})

describe('rubricOfEvaluatorReference (microsoft/webgym shapes)', () => {
  it('keeps fact groups, dropping empty ones', () => {
    const groups = [
      {id: 1, description: 'Recipe', facts: ['Is vegan', 'Has 500 ratings']},
      {id: 2, description: 'Empty', facts: []},
    ]
    expect(rubricOfEvaluatorReference(groups)).toEqual({
      fact_groups: [{id: 1, description: 'Recipe', facts: ['Is vegan', 'Has 500 ratings']}],
    })
  })

  it('turns plain strings and {description, difficulty} criteria into one group of facts', () => {
    expect(rubricOfEvaluatorReference(['Gives the price', ' ', 'In euros'])).toEqual({
      fact_groups: [{id: 1, description: 'Criteria', facts: ['Gives the price', 'In euros']}],
    })
    expect(rubricOfEvaluatorReference([{description: 'Names a deadline', difficulty: 1}])).toEqual({
      fact_groups: [{id: 1, description: 'Criteria', facts: ['Names a deadline']}],
    })
  })

  it('has no rubric for an empty reference', () => {
    expect(rubricOfEvaluatorReference([])).toBeNull()
    expect(rubricOfEvaluatorReference(null)).toBeNull()
    expect(rubricOfEvaluatorReference('  ')).toBeNull()
  })
})

describe('parseFieldMap (--map)', () => {
  it('reads TARGET=FIELD pairs, dotted paths included', () => {
    expect(parseFieldMap('intent=request.text, start_url=target.start,answer=expected')).toEqual({
      intent: 'request.text',
      start_url: 'target.start',
      answer: 'expected',
    })
  })

  it('rejects unknown targets by name and a map without intent', () => {
    expect(() => parseFieldMap('intent=q,url=site')).toThrow(/unknown target "url"/)
    expect(() => parseFieldMap('website=site')).toThrow(/must name the intent field/)
    expect(() => parseFieldMap('intent')).toThrow(/"intent" is not TARGET=FIELD/)
  })
})

// Every sample file, with the source its first row and name must be detected as.
const SAMPLE_FILES: [string, string][] = [
  ['webvoyager/WebVoyager_data.jsonl', 'webvoyager'],
  ['gaia/GAIA_web.jsonl', 'gaia'],
  ['pae/webarena_map_google_fixed_eval.jsonl', 'pae'],
  ['pae/webvoyager_pae.jsonl', 'pae'],
  ['insta/demo_prepared_options.json', 'insta'],
  ['insta/insta_v3_train.jsonl', 'insta'],
  ['agentsynth/summarized_task_sequences.jsonl', 'agentsynth'],
  ['agentsynth/task_sequences.jsonl', 'agentsynth'],
  ['mind2web-live/example_130.json', 'mind2web-live'],
  ['mind2web-live/mind2web-live_test_20241024.json', 'mind2web-live'],
  ['mind2web-2/dev_set_tasks_extracted.jsonl', 'mind2web-2'],
  ['mind2web-2/dev_set.csv', 'mind2web-2'],
  ['travelplanner/validation.csv', 'travelplanner'],
  ['browsecomp/browse_comp_test_set.csv', 'browsecomp'],
  ['deepshop/deepshop_test.jsonl', 'deepshop'],
  ['online-mind2web/Online_Mind2Web.json', 'online-mind2web'],
  ['webgym/webgym_train_sample.jsonl', 'webgym'],
]

async function firstRow(path: string, name = path): Promise<Record<string, unknown>> {
  for await (const row of readSourceRows(path, {invalid: new InvalidRecords('fail', memoryReporter()), name}))
    return row.value
  throw new Error(`${path} has no rows`)
}

describe('detectSource', () => {
  it.each(SAMPLE_FILES)('detects %s as %s', async (file, source) => {
    const path = fixture(...file.split('/'))
    expect(detectSource(await firstRow(path), path).name).toBe(source)
  })

  it('detects an InSTA v3 parquet file by its columns alone (the hub names it train-00000-of-00001.parquet)', async () => {
    const path = workdir().path('train-00000-of-00001.parquet')
    writeInstaParquet(path)
    expect(detectSource(await firstRow(path), path).name).toBe('insta')
  })

  it('tells sources apart by content when names give no hint', async () => {
    for (const [file, source] of SAMPLE_FILES) {
      if (source === 'webvoyager' || file === 'pae/webvoyager_pae.jsonl') continue // WebVoyager's shape: only the name tells
      const row = await firstRow(fixture(...file.split('/')))
      expect(detectSource(row, `data/${basename(file).replace(/^.*(\.[a-z]+)$/, 'tasks$1')}`).name, file).toBe(source)
    }
  })

  it('refuses to guess between look-alike sources, naming both', async () => {
    const row = await firstRow(fixture('webvoyager', 'WebVoyager_data.jsonl'))
    expect(() => detectSource(row, 'tasks.jsonl')).toThrow(
      /tasks\.jsonl: ambiguous source, it matches webvoyager and pae/,
    )
    expect(detectSource(row, 'WebVoyager_data.jsonl').name).toBe('webvoyager')
    expect(detectSource(row, 'pae_tasks.jsonl').name).toBe('pae')
  })

  it("takes a file named after a variant and its base source (PAE's webvoyager_pae.jsonl) as the variant", async () => {
    const row = await firstRow(fixture('pae', 'webvoyager_pae.jsonl'))
    expect(detectSource(row, 'tasks/webvoyager_pae.jsonl').name).toBe('pae')
    expect(detectSource(row, 'webvoyager_test_data.jsonl').name).toBe('webvoyager')
  })

  it('fails on unknown fields, pointing at --source generic', () => {
    expect(() => detectSource({question: 'q', url: 'https://example.com/'}, 'mine.jsonl')).toThrow(
      /cannot tell which source task set this is \(fields: question, url\)/,
    )
  })
})

describe('webgym rows read from a CSV (numbers and evaluator_reference as text)', () => {
  it('reads difficulty as a number and a JSON-string fact-group list as the rubric', async () => {
    const {webgym} = await import('../src/lib/sources/webgym.js')
    const extra = await webgym.prepare!('rows.csv', {})
    const draft = webgym.toTask(
      {
        task_id: '12',
        task_name: 'Find the opening hours of the city library',
        website: 'library.example.org',
        domain: 'Misc.',
        subdomain: 'General Info.',
        difficulty: '2',
        evaluator_reference: JSON.stringify([{id: 1, description: 'Hours', facts: ['Opens 9am', 'Closes 6pm']}]),
        definite_answer: '9am-6pm',
        attempt_level: '0',
      },
      {file: 'rows.csv', extra},
    )
    expect(draft.difficulty).toBe(2)
    expect(draft.level).toBe('easy')
    expect(draft.rubric).toEqual({fact_groups: [{id: 1, description: 'Hours', facts: ['Opens 9am', 'Closes 6pm']}]})
    expect(draft.meta.attempt_level).toBe(0)
  })

  it('rejects an evaluator_reference that looks like a JSON list but is broken, naming the field', async () => {
    const {webgym} = await import('../src/lib/sources/webgym.js')
    const extra = await webgym.prepare!('rows.csv', {})
    expect(() =>
      webgym.toTask({task_id: '1', task_name: 'x', evaluator_reference: '[{"id": 1,'}, {file: 'rows.csv', extra}),
    ).toThrow(/evaluator_reference/)
  })
})
