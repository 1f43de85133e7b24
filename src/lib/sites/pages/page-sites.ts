import {readFile} from 'node:fs/promises'
import type {ServerResponse} from 'node:http'
import type {TaskInput} from '../../schema/task.js'
import {evaluateTask, type CheckVerdict} from '../check.js'
import {escapeHtml} from '../html.js'
import {decodePage, pageContentType} from './page-charset.js'
import {loadPageCorpus, PAGES_DOMAIN, type SavedPage} from './page-corpus.js'
import {pageTaskDefs, pageTaskRecord, parsePageTaskId, type PageTaskDef} from './page-tasks.js'
import {visibleText} from './page-text.js'

/** What the fixture web answers on a saved page's host. */
export interface PageReply {
  status: number
  type: string
  body: Buffer
}

/**
 * A corpus of saved pages as websites of the fixture web: each page, unchanged, at `/` of its own host, and its
 * question tasks (made on first use; the same for the same page, so `sites tasks` and a server agree).
 */
export class PageSites {
  private readonly hosts: Map<string, SavedPage>
  private readonly labels: Map<string, SavedPage>
  private readonly tasks = new Map<string, Promise<PageTaskDef[]>>()

  private constructor(
    readonly dir: string,
    readonly pages: readonly SavedPage[],
  ) {
    this.hosts = new Map(pages.map((page) => [page.host, page]))
    this.labels = new Map(pages.map((page) => [page.label, page]))
  }

  /** The pages of a corpus folder (see `loadPageCorpus` for the layouts read). */
  static async open(dir: string): Promise<PageSites> {
    return new PageSites(dir, await loadPageCorpus(dir))
  }

  /** The pages of a folder, these pages, or null for none. */
  static async from(pages: string | PageSites | undefined): Promise<PageSites | null> {
    if (pages === undefined) return null
    return typeof pages === 'string' ? PageSites.open(pages) : pages
  }

  byHost(host: string): SavedPage | undefined {
    return this.hosts.get(host.toLowerCase())
  }

  /**
   * The reply to a request on the page's host: the page's bytes as saved, in their own encoding, at `/` (GET or
   * HEAD); 404 for every other path, as a saved page has nothing else to give.
   */
  async reply(page: SavedPage, method: string, path: string): Promise<PageReply> {
    if (path !== '/' || (method !== 'GET' && method !== 'HEAD'))
      return {
        status: 404,
        type: 'text/html; charset=utf-8',
        body: Buffer.from(
          `<!doctype html><title>Not found</title><h1>Not found</h1><p>${page.host} is one saved page, at /.</p>`,
        ),
      }
    const body = await readFile(page.file)
    return {status: 200, type: pageContentType(body), body}
  }

  /**
   * Answers a request on the page's host (see `reply`). A saved page has no session, hazards or faults; its questions
   * are made while an agent reads it, so that the check at the end of the episode only looks them up.
   */
  async serve(page: SavedPage, method: string, path: string, response: ServerResponse): Promise<void> {
    const reply = await this.reply(page, method, path)
    response.setHeader('content-type', reply.type)
    response.writeHead(reply.status, {'cache-control': 'no-store'})
    response.end(reply.body)
    if (reply.status === 200) setImmediate(() => void this.tasksOf(page).catch(() => {}))
  }

  /** The pages as a list of links, for the fixture web's directory page. */
  directoryHtml(): string {
    const items = this.pages
      .map((page) => `<li><a href="http://${page.host}/">${escapeHtml(page.name)}</a> <small>${page.host}</small></li>`)
      .join('')
    return `<h2>Saved pages (*.${PAGES_DOMAIN})</h2><ul>${items}</ul>`
  }

  /** The page's question tasks. */
  tasksOf(page: SavedPage): Promise<PageTaskDef[]> {
    let defs = this.tasks.get(page.label)
    if (defs === undefined) {
      defs = page.metadata === null ? Promise.resolve([]) : this.makeTasks(page)
      this.tasks.set(page.label, defs)
    }
    return defs
  }

  /** A task by its id (`pages:<label>:<field>`), or undefined. */
  async task(id: string): Promise<{page: SavedPage; def: PageTaskDef} | undefined> {
    const parsed = parsePageTaskId(id)
    const page = parsed ? this.labels.get(parsed.label) : undefined
    if (!parsed || !page) return undefined
    const def = (await this.tasksOf(page)).find((task) => task.field === parsed.field)
    return def ? {page, def} : undefined
  }

  /** Every page's tasks as Task records, page by page in name order. */
  async *taskRecords(): AsyncGenerator<TaskInput> {
    for (const page of this.pages) for (const def of await this.tasksOf(page)) yield pageTaskRecord(page, def)
  }

  private async makeTasks(page: SavedPage): Promise<PageTaskDef[]> {
    return pageTaskDefs(page.metadata!, visibleText(decodePage(await readFile(page.file))))
  }
}

/**
 * The check endpoint's answer for a page question: the verdict on the answer alone (a saved page has no state to
 * check), or why there is none.
 */
export async function checkPageQuestion(
  pages: PageSites | null,
  id: string,
  answer: string | null,
): Promise<{status: number; body: CheckVerdict | {error: string}}> {
  const found = await pages?.task(id)
  if (found) return {status: 200, body: evaluateTask(id, found.def, null, answer)}
  const error = pages
    ? `no page task "${id}" (ids look like pages:<page>:<field>; list them with \`webgym sites tasks --pages ${pages.dir}\`)`
    : `no saved pages are served here, so no task "${id}" (serve them with \`webgym sites serve --pages DIR\` or \`webgym rollout --pages DIR\`)`
  return {status: 404, body: {error}}
}
