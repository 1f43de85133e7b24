// `webgym sites tasks --pages DIR`: questions about the saved real pages from their metadata, asked only where the
// answer is in the page's visible text, each with a reference answer, a check and a reference solution.
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {datesIn} from '../src/lib/answers/calendar-dates.js'
import {normaliseAnswer} from '../src/lib/answers/normalise-answer.js'
import {TaskSchema} from '../src/lib/schema/task.js'
import {decodePage} from '../src/lib/sites/pages/page-charset.js'
import {PageSites} from '../src/lib/sites/pages/page-sites.js'
import {visibleText} from '../src/lib/sites/pages/page-text.js'
import {assertBuilt, dump, root} from './helpers/cli.js'
import {workdir} from './helpers/workdir.js'

const CORPUS = join(root, 'fixtures', 'real-pages')

interface PageTask {
  id: string
  source: string
  website: string
  start_url: string
  reference_answer: string
  level: string
  meta: {page: string; field: string; solution: {op: string; text?: string; target?: {selector: string}}[]}
}

describe('sites tasks --pages', () => {
  const wd = workdir()
  let tasks: PageTask[]
  let stderr: string

  beforeAll(async () => {
    assertBuilt()
    const result = await wd.run(['sites', 'tasks', '--pages', CORPUS, '--family', 'pages', '-o', 'tasks.ndjson'])
    expect(result.exitCode, dump(result)).toBe(0)
    expect(result.stdout).toBe('')
    stderr = result.stderr
    tasks = wd
      .read('tasks.ndjson')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as PageTask)
  }, 120_000)

  it('writes the questions the metadata and the pages allow, and says how many of each', () => {
    const perField: Record<string, number> = {}
    for (const task of tasks) perField[task.meta.field] = (perField[task.meta.field] ?? 0) + 1
    // What the 65 pages give under the rules of src/lib/sites/pages/page-tasks.ts (a change of those rules shows here).
    expect(perField).toEqual({headline: 30, author: 23, 'site-name': 21, date: 8})
    const pages = new Set(tasks.map((task) => task.meta.page))
    expect(stderr).toContain(
      `wrote ${tasks.length} questions on ${pages.size} of 65 saved pages (headline 30, author 23, site-name 21, date 8)`,
    )
  })

  it('gives each a stable id, its page’s host and start URL, one fact and a check, as fixture tasks have', () => {
    expect(new Set(tasks.map((task) => task.id)).size).toBe(tasks.length)
    for (const task of tasks) {
      expect(TaskSchema.safeParse(task).success, task.id).toBe(true)
      expect(task.id).toBe(`pages:${task.meta.page}:${task.meta.field}`)
      expect(task.source).toBe('pages')
      expect(task.website).toBe(`${task.meta.page}.pages.webgym.test`)
      expect(task.start_url).toBe(`http://${task.meta.page}.pages.webgym.test/`)
      expect(task.level).toBe('easy')
      expect(task.meta).toMatchObject({check: {path: '/__webgym/check', task: task.id}})
      expect(task.meta.solution.map((step) => step.op)).toEqual(['scroll_to', 'answer'])
    }
  })

  it('asks only what the page shows: every answer is in its visible text, as the solution finds and answers it', () => {
    const textOf = new Map<string, string[]>()
    for (const task of tasks) {
      if (!textOf.has(task.meta.page)) {
        const html = decodePage(readFileSync(join(CORPUS, task.meta.page, 'source.html')))
        textOf.set(task.meta.page, visibleText(html).blocks)
      }
      const blocks = textOf.get(task.meta.page)!
      const shown = task.meta.solution[1]!.text!
      // The text the oracle looks for and answers with is written on the page as it is.
      expect(
        blocks.some((block) => block.includes(shown)),
        `${task.id}: ${shown}`,
      ).toBe(true)
      expect(task.meta.solution[0]!.target!.selector).toContain(shown.replaceAll('"', '\\"'))
      if (task.meta.field === 'date') {
        expect(task.reference_answer).toMatch(/^\d{4}-\d{2}-\d{2}$/)
        expect(datesIn(shown)[0]!.dates, task.id).toContain(task.reference_answer)
      } else {
        const answer = ` ${normaliseAnswer(task.reference_answer)} `
        expect(
          blocks.some((block) => ` ${normaliseAnswer(block)} `.includes(answer)),
          `${task.id}: ${task.reference_answer}`,
        ).toBe(true)
        expect(normaliseAnswer(shown)).toBe(normaliseAnswer(task.reference_answer))
      }
    }
  })

  it('asks no question a page cannot answer: a page hidden by its own stylesheet, a byline that is no name', () => {
    const ids = new Set(tasks.map((task) => task.id))
    // seattletimes-1 hides its body until a script that cannot load shows it; breitbart's byline runs a date into the
    // name; yahoo-4's is a menu item ("個人"); bbc-1's is the site's name.
    for (const id of [
      'pages:seattletimes-1:headline',
      'pages:breitbart:author',
      'pages:yahoo-4:author',
      'pages:bbc-1:author',
    ])
      expect(ids.has(id), id).toBe(false)
    expect(tasks.find((task) => task.id === 'pages:bbc-1:date')?.meta.solution[1]!.text).toBe('24 July 2015')
    expect(tasks.find((task) => task.id === 'pages:qq:headline')?.reference_answer).toBe(
      'DeepMind新电脑已可利用记忆自学 人工智能迈上新台阶',
    )
  })

  it('checks the reference answer as right and a wrong one as wrong, the same tasks every time', async () => {
    const sites = await PageSites.open(CORPUS)
    const again: unknown[] = []
    for await (const record of sites.taskRecords()) again.push(record)
    expect(JSON.parse(JSON.stringify(again))).toEqual(tasks)
    for (const task of tasks) {
      const {def} = (await sites.task(task.id))!
      const fact = def.groups[0]!.facts[0]!
      expect(fact.check({state: null, answer: task.reference_answer}), task.id).toBe(true)
      expect(fact.check({state: null, answer: task.meta.solution[1]!.text!}), task.id).toBe(true)
      expect(fact.check({state: null, answer: 'I do not know'}), task.id).toBe(false)
      expect(fact.check({state: null, answer: null}), task.id).toBe(false)
    }
  })

  it('puts the questions after the families’ tasks without --family, and refuses bad pages flags', async () => {
    const both = await wd.run(['sites', 'tasks', '--variants', '1', '--pages', CORPUS])
    expect(both.exitCode, dump(both)).toBe(0)
    const lines = both.stdout.trim().split('\n')
    expect(lines.slice(-tasks.length).map((line) => JSON.parse(line).id)).toEqual(tasks.map((task) => task.id))
    expect(JSON.parse(lines[0]!).source).toBe('fixture')
    expect(both.stderr).toContain(`wrote ${lines.length - tasks.length} tasks on 7 sites`)
    expect(both.stderr).toContain(`wrote ${tasks.length} questions on `)

    const noPages = await wd.run(['sites', 'tasks', '--family', 'pages'])
    expect(noPages.exitCode, dump(noPages)).toBe(2)
    expect(noPages.stderr).toMatch(/--family pages .*--pages DIR/)
    const missing = await wd.run(['sites', 'tasks', '--pages', 'no-such-folder'])
    expect(missing.exitCode, dump(missing)).toBe(1)
    expect(missing.stderr).toMatch(/cannot read the --pages folder no-such-folder: ENOENT/)
  }, 120_000)

  it('rollout refuses page tasks without the pages they were made from', async () => {
    wd.write('one.ndjson', `${JSON.stringify(tasks[0])}\n`)
    const result = await wd.run(['rollout', '--policy', 'oracle', 'one.ndjson', '-o', 'traj.ndjson'])
    expect(result.exitCode, dump(result)).toBe(2)
    expect(result.stderr).toMatch(/is on a saved page \(001\.pages\.webgym\.test\).*--pages/s)
  }, 120_000)
})
