import {copyFile, readdir, readFile, writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import {gunzipSync, gzipSync} from 'node:zlib'
import {beforeAll, describe, expect, it} from 'vitest'
import type {Task} from '../src/lib/schema/task.js'
import {runShell} from './helpers/cli.js'
import {assertBuilt, dump, fixture, taskById, tasksBuild} from './helpers/sources.js'
import {workdir, type Workdir} from './helpers/workdir.js'

// What `tasks build` does around the adapters: answer files, stdin, gzip, detection failures, duplicate merging,
// the generic adapter's --map, bad rows and a closed stdout. Each test runs the CLI in its own folder, so they run
// concurrently.

const WEBVOYAGER = fixture('webvoyager', 'WebVoyager_data.jsonl')
const ANSWERS = fixture('webvoyager', 'reference_answer.json')

// One working directory for the file (its tests run concurrently), each test in its own folder of it.
let wd: Workdir
beforeAll(() => {
  assertBuilt()
  wd = workdir()
})

/** A fresh folder under the file's working directory. */
async function folder(name: string): Promise<string> {
  return wd.mkdir(name)
}

const ndjson = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).join('\n') + '\n'

describe.concurrent('WebVoyager reference answers', () => {
  it('are joined from the file --answers names (see the duplicates test for a file without answers)', async () => {
    const alone = await folder('webvoyager-answers')
    await copyFile(WEBVOYAGER, join(alone, 'WebVoyager_data.jsonl'))
    const {result, tasks} = await tasksBuild([join(alone, 'WebVoyager_data.jsonl'), '--answers', ANSWERS])
    expect(result.exitCode, dump(result)).toBe(0)
    expect(taskById(tasks, 'webvoyager:Wolfram Alpha--0')).toMatchObject({
      intent: 'derivative of x^2 when x=5.6',
      reference_answer: '11.2',
      website: 'wolframalpha.com',
    })
    expect(taskById(tasks, 'webvoyager:Google Search--0').reference_answer).toBe('May 5, 2023')
    expect(tasks.every((task) => task.reference_answer)).toBe(true)
  })
})

describe.concurrent('stdin', () => {
  it('reads `-` (WebVoyager rows need --source there: no file name to tell them from PAE)', async () => {
    const input = await readFile(WEBVOYAGER)
    const {result, tasks} = await tasksBuild(['--source', 'webvoyager', '--answers', ANSWERS, '-'], {input})
    expect(result.exitCode, dump(result)).toBe(0)
    expect(tasks).toHaveLength(17)
    expect(taskById(tasks, 'webvoyager:Apple--0')).toMatchObject({
      website: 'apple.com',
      reference_answer:
        'MacBook Air 13-inch M1 chip: from $999; 13-inch M2 chip: from $1099; 15-inch M2 chip: from $1299',
    })
  })

  it('reads CSV from stdin, detecting format and source from the content', async () => {
    const {result, tasks} = await tasksBuild(['-'], {input: await readFile(fixture('mind2web-2', 'dev_set.csv'))})
    expect(result.exitCode, dump(result)).toBe(0)
    expect(tasks.map((task) => task.id)).toEqual([
      'mind2web-2:ferry_schedule',
      'mind2web-2:ev_lease',
      'mind2web-2:museum_free_days',
    ])
  })

  it('reads a gzipped JSON array from stdin when no file is named', async () => {
    const {result, tasks} = await tasksBuild([], {
      input: gzipSync(await readFile(fixture('online-mind2web', 'Online_Mind2Web.json'))),
    })
    expect(result.exitCode, dump(result)).toBe(0)
    expect(tasks).toHaveLength(4)
    expect(taskById(tasks, 'online-mind2web:ec0e5c018a2aa33a94c37b4ce178851e_110325').level).toBe('medium')
  })
})

describe.concurrent('gzip', () => {
  it('reads gzipped files (by content, whatever the name) and writes -o FILE.gz gzipped', async () => {
    const plainFiles = [
      fixture('gaia', 'GAIA_web.jsonl'),
      fixture('mind2web-2', 'dev_set.csv'),
      fixture('online-mind2web', 'Online_Mind2Web.json'),
    ]
    const zipped = await folder('gzip')
    const names = ['GAIA_web.jsonl.gz', 'dev_set.csv.gz', 'Online_Mind2Web.json']
    for (const [index, name] of names.entries())
      await writeFile(join(zipped, name), gzipSync(await readFile(plainFiles[index])))
    const output = join(zipped, 'out', 'tasks.ndjson.gz')

    const gz = await tasksBuild([...names.map((name) => join(zipped, name)), '-o', output])
    expect(gz.result.exitCode, dump(gz.result)).toBe(0)
    expect(String(gz.result.stdout)).toBe('')
    expect(gz.summary).toMatchObject({written: 19, invalidSkipped: 0})
    const bytes = await readFile(output)
    expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b])
    const written = gunzipSync(bytes)
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Task)

    const plain = await tasksBuild(plainFiles)
    expect(plain.result.exitCode, dump(plain.result)).toBe(0)
    expect(written).toEqual(plain.tasks)
    expect(new Set(written.map((task) => task.source))).toEqual(new Set(['gaia', 'mind2web-2', 'online-mind2web']))
  })
})

describe.concurrent('source detection failures', () => {
  it('stops on WebVoyager-shaped rows in a file whose name gives no hint, naming both candidates', async () => {
    const ambiguous = await folder('ambiguous')
    await copyFile(WEBVOYAGER, join(ambiguous, 'tasks.jsonl'))
    const {result} = await tasksBuild([join(ambiguous, 'tasks.jsonl')])
    expect(result.exitCode, dump(result)).toBe(1)
    expect(String(result.stdout)).toBe('')
    expect(String(result.stderr)).toMatch(/tasks\.jsonl: ambiguous source, it matches webvoyager and pae/)
    expect(String(result.stderr)).toMatch(/--source webvoyager\|pae/)
    expect(String(result.stderr)).not.toMatch(/\n\s+at /)
  })
})

describe.concurrent('duplicates and ids', () => {
  it('merges the same task from two files into the first record, listing both in meta.merged_from', async () => {
    const dup = await folder('duplicates')
    await copyFile(WEBVOYAGER, join(dup, 'WebVoyager_data.jsonl'))
    // microsoft/webgym's rows include WebVoyager tasks; case, spacing and end punctuation aside they are the same.
    const rows = [
      {
        task_id: 'wg-dup-1',
        task_name:
          '  provide a recipe for vegetarian lasagna with more than 100 reviews and  a rating of at least 4.5 stars suitable for 6 people ',
        website: 'https://www.allrecipes.com/recipes/',
        evaluator_reference: ['The recipe is vegetarian lasagna'],
      },
      {
        task_id: 'wg-dup-2',
        task_name: 'Find a vegetarian lasagna recipe that serves 12.',
        website: 'https://www.allrecipes.com/',
        evaluator_reference: ['Serves 12'],
      },
    ]
    await writeFile(join(dup, 'webgym_rows.jsonl'), ndjson(rows))
    const {result, tasks, summary} = await tasksBuild([
      join(dup, 'WebVoyager_data.jsonl'),
      join(dup, 'webgym_rows.jsonl'),
    ])
    expect(result.exitCode, dump(result)).toBe(0)
    expect(summary).toMatchObject({written: 18, duplicatesMerged: 1, invalidSkipped: 0})
    expect(summary!.bySource.webgym.records).toBe(2)
    expect(tasks).toHaveLength(18)
    expect(taskById(tasks, 'webvoyager:Allrecipes--0').meta.merged_from).toEqual([
      {source: 'webvoyager', id: 'webvoyager:Allrecipes--0'},
      {source: 'webgym', id: 'webgym:wg-dup-1'},
    ])
    expect(tasks.find((task) => task.id === 'webgym:wg-dup-1')).toBeUndefined()
    expect(taskById(tasks, 'webgym:wg-dup-2').meta).not.toHaveProperty('merged_from')
    // No reference_answer.json beside this copy of WebVoyager's file and no --answers: no answers to join.
    expect(tasks.filter((task) => task.source === 'webvoyager').every((task) => task.reference_answer === null)).toBe(
      true,
    )
    expect(taskById(tasks, 'webvoyager:Allrecipes--0').meta).not.toHaveProperty('reference_answer_type')
  })
})

describe.concurrent('generic --map', () => {
  it('maps CSV columns, names the source with --label and keeps unmapped columns in meta', async () => {
    const args = [
      '--source',
      'generic',
      '--map',
      'intent=question,website=site,answer=gold,id=qid,level=tier',
      '--label',
      'mytasks',
      fixture('generic', 'my_tasks.csv'),
    ]
    const {result, tasks, summary} = await tasksBuild(args)
    expect(result.exitCode, dump(result)).toBe(0)
    expect(summary).toMatchObject({
      written: 3,
      invalidSkipped: 0,
      bySource: {mytasks: {records: 3, withWebsite: 3, withoutWebsite: 0}},
    })
    expect(taskById(tasks, 'mytasks:q-001')).toEqual(
      expect.objectContaining({
        source: 'mytasks',
        intent: 'What time does the Rijksmuseum open on weekdays?',
        website: 'rijksmuseum.nl',
        start_url: 'https://rijksmuseum.nl/',
        reference_answer: '09:00',
        level: 'easy',
        meta: {notes: 'checked in March'},
      }),
    )
    expect(taskById(tasks, 'mytasks:q-002')).toMatchObject({
      intent: 'How many pages does the paperback edition of "The Overstory" have, according to bookshop.org?',
      website: 'bookshop.org',
      reference_answer: null,
      level: 'medium',
      meta: {notes: null},
    })
    expect(taskById(tasks, 'mytasks:q-003')).toMatchObject({
      website: 'norwegian.com',
      start_url: 'https://www.norwegian.com/en/',
      level: 'hard',
      meta: {notes: 'prices vary, no fixed answer'},
    })
  })

  it('follows dotted paths into JSONL objects (--map alone implies --source generic)', async () => {
    const {result, tasks} = await tasksBuild([
      '--map',
      'intent=request.text,start_url=target.start,answer=expected,id=uid',
      fixture('generic', 'my_tasks.jsonl'),
    ])
    expect(result.exitCode, dump(result)).toBe(0)
    expect(taskById(tasks, 'generic:rei-01')).toMatchObject({
      source: 'generic',
      intent: 'Find a two-person backpacking tent under 4 pounds and report its packed weight.',
      website: 'rei.com',
      start_url: 'https://www.rei.com/',
      reference_answer: '3 lb 9 oz',
      level: null,
      meta: {split: 'train', request: {lang: 'en'}},
    })
    expect(taskById(tasks, 'generic:rei-02')).toMatchObject({
      start_url: 'https://www.rei.com/help',
      reference_answer: null,
    })
    expect(taskById(tasks, 'generic:met-01')).toMatchObject({
      website: 'metmuseum.org',
      reference_answer: '$30',
      meta: {split: 'test'},
    })
    expect(taskById(tasks, 'generic:rei-01').meta).not.toHaveProperty('uid')
    expect(taskById(tasks, 'generic:rei-01').meta).not.toHaveProperty('expected')
  })

  it('rejects an unknown --map target as a usage error', async () => {
    const {result} = await tasksBuild(['--map', 'intent=question,url=site', fixture('generic', 'my_tasks.csv')])
    expect(result.exitCode, dump(result)).toBe(2)
    expect(String(result.stderr)).toMatch(/--map: unknown target "url"/)
  })
})

describe.concurrent('bad rows', () => {
  it('are skipped with --on-invalid skip, each named by file, line and field, and counted', async () => {
    const bad = await folder('bad-rows')
    const path = join(bad, 'mind2web-live_test.json')
    const rows = [
      {
        index: 0,
        task: 'Find the store hours of the nearest library branch.',
        reference_task_length: 4,
        evaluation: [
          {
            match_function_name: 'url_included_match',
            content: {key: '', reference_answer: 'library', url: 'https://www.nypl.org/'},
          },
        ],
      },
      {
        index: 1,
        task: '   ',
        reference_task_length: 3,
        evaluation: [
          {
            match_function_name: 'url_included_match',
            content: {key: '', reference_answer: 'x', url: 'https://www.nypl.org/'},
          },
        ],
      },
      {
        index: 2,
        task: 'Renew a borrowed book online.',
        reference_task_length: 6,
        // A hand-annotated key node whose URL does not parse: the next node gives the website.
        evaluation: [
          {
            match_function_name: 'url_included_match',
            content: {key: '', reference_answer: 'x', url: 'https://www.ny pl.org/'},
          },
          {
            match_function_name: 'url_included_match',
            content: {key: '', reference_answer: 'renew', url: 'https://www.nypl.org/renew'},
          },
        ],
      },
    ]
    const text = JSON.stringify(rows, null, 4)
    await writeFile(path, text)
    const secondLine = text.split('\n').findIndex((line, i) => i > 1 && line === '    {') + 1
    const {result, tasks, summary} = await tasksBuild(['--on-invalid', 'skip', path])
    expect(result.exitCode, dump(result)).toBe(0)
    expect(String(result.stderr)).toContain(`webgym: skipped ${path}:${secondLine}: field "task": is empty`)
    expect(summary).toMatchObject({written: 2, invalidSkipped: 1})
    expect(tasks.map((task) => task.id)).toEqual(['mind2web-live:0', 'mind2web-live:2'])
    expect(taskById(tasks, 'mind2web-live:2')).toMatchObject({website: 'nypl.org', start_url: 'https://www.nypl.org/'})
  })

  it('stop the build by default: a BrowseComp row whose canary does not decrypt it', async () => {
    const bad = await folder('bad-canary')
    const csv = (await readFile(fixture('browsecomp', 'browse_comp_test_set.csv'), 'utf8')).replace(
      'browsecomp:26b5c67b',
      'browsecomp:00000000',
    )
    await writeFile(join(bad, 'browse_comp_test_set.csv'), csv)
    const {result} = await tasksBuild([join(bad, 'browse_comp_test_set.csv')])
    expect(result.exitCode, dump(result)).toBe(1)
    expect(String(result.stdout)).toBe('')
    expect(String(result.stderr)).toMatch(
      /browse_comp_test_set\.csv:2: field "problem": does not decrypt to UTF-8 text with this row's canary/,
    )
  })
})

describe.concurrent('closed pipe', () => {
  it('exits 0 when the reader goes away (| head), leaving no spool file behind', async () => {
    const work = await folder('closed-pipe')
    const temp = await folder('closed-pipe-tmp')
    const input = join(work, 'many.jsonl')
    const rows = Array.from({length: 5000}, (_, i) => ({
      q: `Find catalogue item ${i} and report its price.`,
      site: `shop${i % 50}.example.com`,
    }))
    await writeFile(input, ndjson(rows))
    const script =
      'set -o pipefail; "$NODE" "$BIN" tasks build --map intent=q,website=site "$INPUT" | head -c 100 > /dev/null'
    const result = await runShell(script, {cwd: work, env: {INPUT: input, TMPDIR: temp}})
    expect(result.exitCode, dump(result)).toBe(0)
    expect(await readdir(temp)).toEqual([])
  })
})
