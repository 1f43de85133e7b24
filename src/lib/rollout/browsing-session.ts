import type {BrowserContext, Page, Request} from 'playwright-core'
import type {EgressCheck} from '../egress/egress-check.js'
import type {NavigationGuard} from './navigation-guard.js'
import type {Observation} from './policy.js'
import {SCREENSHOT_MODE, type ObserveMode} from '../observe/observe-mode.js'
import {RefusedRequests} from './refused-requests.js'
import {browserRefusalOf} from './request-guard.js'
import {observeSettled, SETTLE_PROBE, type SettleResult, type SettleTarget} from './settle.js'

const LOAD_WAIT_MS = 5000
const SCREENSHOT_TRY_MS = 8000
const POPUP_WAIT_MS = 3000

// In every page: notes that the page asked for a new tab, so that the session waits for it after the action.
const NOTE_POPUPS = `(() => {
  let opened = false
  const open = window.open
  window.open = function (...args) { opened = true; return open.apply(this, args) }
  document.addEventListener('click', (event) => {
    const link = event.target && event.target.closest ? event.target.closest('a[href][target]') : null
    if (link && !['', '_self', '_parent', '_top'].includes(link.target.toLowerCase())) opened = true
  }, true)
  Object.defineProperty(window, '__webgymTakePopupNote', {value: () => { const was = opened; opened = false; return was }})
})()`
const TAKE_POPUP_NOTE = 'typeof window.__webgymTakePopupNote === "function" ? window.__webgymTakePopupNote() : false'

export interface SessionOptions {
  guard: NavigationGuard
  /** The egress proxy local browsers go through, for the reasons of what it refused (absent: remote browsers). */
  egress?: EgressCheck
  navigationTimeoutMs: number
  jpegQuality: number
  /** When the page counts as settled (settle.ts); timeoutMs 0 turns settling off. */
  settle: {quietMs: number; timeoutMs: number}
  /** What the policy is shown (rollout --observe); screenshot when absent. */
  observe?: ObserveMode
}

// The requests a page is not settled while they are in flight (settle.ts, (3)); documents of main frames only.
const SETTLING_RESOURCE_TYPES = new Set(['document', 'xhr', 'fetch'])

/** What the guard and the egress proxy refused since the last take, split by whose doing it was. */
export interface Refusals {
  /**
   * Refused navigations of a tab (a link followed, a form sent, a redirect, a new tab), one per host: the action that
   * set them going could not do what it meant to, so they are its error (RefusedRequests.text()).
   */
  navigations: RefusedRequests
  /** What the page requested on its own (images, scripts, frames, fetches, sockets): the step's `refused`. */
  requests: RefusedRequests
}

/** How the document the agent sees came to be, when it is not a page: the cause an observation of it records. */
export interface PageArrival {
  /** Why: the reason the guard or the egress proxy refused the navigation, its network error, or how a tab is blank. */
  cause: string
  /** The guard or the egress proxy refused that navigation. */
  refused: boolean
}

export interface StartPage {
  /** HTTP status of the start page's document, or null when none came back. */
  status: number | null
  title: string
  /** The start of the page's visible text (for the blocked-page check). */
  text: string
}

/**
 * The agent's view of one browser context: the page it looks at (a new tab it opens becomes that page; when that tab
 * closes, the one before it), dialogs dismissed, downloads refused (the context does not accept them). The browser
 * refuses requests the navigation guard forbids (guardBrowserRequests); a refused navigation of any of the
 * context's pages is remembered here for the step that caused it.
 */
export class BrowsingSession implements SettleTarget {
  private readonly pages: Page[] = []
  /** Document, XHR and fetch requests of the session's pages in flight, and when that set last changed. */
  private readonly inflight = new Map<Request, Page>()
  private networkChangedAt = performance.now()
  private refusedNavigations = new RefusedRequests()
  private refusedRequests = new RefusedRequests()
  /** The page's own requests noted as refused when they started (onRequest), not to be counted again as they fail. */
  private readonly notedRefusals = new WeakSet<Request>()
  /** Main-frame navigations each page has committed, to tell whether it shows another document since it was seen. */
  private readonly documents = new Map<Page, number>()
  /** Each page's last main-frame navigation that failed (its error page), until the page shows another document. */
  private readonly arrivals = new Map<Page, PageArrival>()
  /** A new tab's first navigation was refused before the tab was announced: how that tab, once adopted, came to be. */
  private refusedTab: PageArrival | null = null
  private navigating: Promise<void> | null = null
  private settleNavigation: (() => void) | null = null
  private pagesBeforeAction = 0
  /** A new tab's first navigation was refused since the last action: the tab will never be announced. */
  private tabRefused = false
  private onTabRefused: (() => void) | null = null

  private constructor(
    readonly context: BrowserContext,
    private readonly options: SessionOptions,
  ) {}

  static async open(context: BrowserContext, options: SessionOptions): Promise<BrowsingSession> {
    const session = new BrowsingSession(context, options)
    await context.addInitScript(NOTE_POPUPS)
    if (options.settle.timeoutMs > 0) {
      await context.addInitScript(SETTLE_PROBE)
      context.on('requestfinished', (request) => session.requestEnded(request))
      context.on('requestfailed', (request) => session.requestEnded(request))
    }
    // On the context, not its pages: a new tab's first request comes before the tab is announced.
    context.on('request', (request) => session.onRequest(request))
    context.on('page', (page) => session.adopt(page))
    // What the guard refused of a page's parts (a frame, an image, a fetch) and what the egress proxy refused (a name
    // that resolves to a local address): the step's record, beside the refused navigations (onRequest).
    context.on('requestfailed', (request) => session.noteFailedRequest(request))
    session.adopt(await context.newPage())
    return session
  }

  /** The page the agent sees now. */
  get page(): Page {
    const open = this.pages.filter((page) => !page.isClosed())
    return open[open.length - 1] ?? this.pages[this.pages.length - 1]!
  }

  async goto(url: string): Promise<StartPage> {
    const response = await this.page.goto(url, {waitUntil: 'load', timeout: this.options.navigationTimeoutMs})
    const {title, text} = await this.page
      .evaluate(() => {
        const doc = (globalThis as unknown as {document: {title: string; body: {innerText: string} | null}}).document
        return {title: doc.title, text: (doc.body?.innerText ?? '').slice(0, 4000)}
      })
      .catch(() => ({title: '', text: ''}))
    return {status: response?.status() ?? null, title, text}
  }

  /** The main-frame navigation in flight, for settle.ts. */
  navigation(): Promise<void> | null {
    return this.navigating
  }

  /** The document, XHR and fetch requests in flight, for settle.ts. */
  network(): {inflight: number; lastChangeAt: number} {
    return {inflight: this.inflight.size, lastChangeAt: this.networkChangedAt}
  }

  /**
   * The observation of the page once it has settled (settle.ts), counting the quiet window from `actionEndedAt` at the
   * earliest, and taken again when the page changed while it was taken. With settling off, waits only for a navigation
   * the last action started and its load (settle null: nothing measured).
   */
  async observe(actionEndedAt: number): Promise<{observation: Observation; settle: SettleResult | null}> {
    if (this.options.settle.timeoutMs > 0) {
      // The check after an observation reads the title with it (settle.ts, (7)); an observation no check follows
      // reads it itself, right after the screenshot.
      let titled = true
      const {observation, settle, title} = await observeSettled(
        this,
        {...this.options.settle, navigationTimeoutMs: this.options.navigationTimeoutMs},
        actionEndedAt,
        (checked) => {
          titled = !checked
          return this.capture({title: titled})
        },
      )
      if (titled) return {observation, settle}
      return {observation: {...observation, title: title ?? (await this.pageTitle())}, settle}
    }
    if (this.navigating) await this.navigating
    // Images still loading after the document is parsed: worth a short wait, not a hung page's whole timeout.
    await this.page.waitForLoadState('load', {timeout: LOAD_WAIT_MS}).catch(() => {})
    return {observation: await this.capture(), settle: null}
  }

  /**
   * The JPEG screenshot of the viewport, the URL and the title (unless `title` is false: the caller reads it after),
   * as they are now, then what the observation mode reads of the page right after the screenshot (the numbered
   * elements, in modes with element ids) and what it shows.
   */
  async capture({title = true}: {title?: boolean} = {}): Promise<Observation> {
    const plain = await this.captureScreenshot(title)
    const mode = this.options.observe ?? SCREENSHOT_MODE
    const viewport = this.page.viewportSize() ?? {width: 1280, height: 720}
    const parts = await mode.capture(this.page, viewport)
    const shown = await mode.render(plain.image, parts, {viewport, jpegQuality: this.options.jpegQuality})
    return {...plain, shown: shown.image, elements: parts.elements, text: shown.text}
  }

  private async captureScreenshot(readTitle: boolean): Promise<Omit<Observation, 'shown' | 'elements'>> {
    const page = this.page
    let observedAt = Date.now()
    // A screenshot taken while a document is being swapped stalls until the new one is there; the second try, once
    // it has loaded, is the observation, and its time is when it was taken.
    const shoot = (timeout: number) => page.screenshot({type: 'jpeg', quality: this.options.jpegQuality, timeout})
    const image = await shoot(SCREENSHOT_TRY_MS).catch(async () => {
      await page.waitForLoadState('load', {timeout: LOAD_WAIT_MS}).catch(() => {})
      observedAt = Date.now()
      return shoot(this.options.navigationTimeoutMs)
    })
    const title = readTitle ? await this.pageTitle(page) : ''
    return {image, url: page.url(), title, observedAt}
  }

  private pageTitle(page: Page = this.page): Promise<string> {
    return page.title().catch(() => '')
  }

  /** Call before an action: a tab it opens is waited for by `afterAction`. */
  beforeAction(): void {
    this.pagesBeforeAction = this.pages.length
    this.tabRefused = false
  }

  /** After an action: a tab it opened (a target=_blank link, window.open) becomes the page the agent sees. */
  async afterAction(): Promise<void> {
    const page = this.page
    const opened = await page.evaluate(TAKE_POPUP_NOTE).catch(() => false)
    if (opened === true && this.pages.length === this.pagesBeforeAction && !this.tabRefused) {
      const refused = new Promise<void>((resolve) => (this.onTabRefused = resolve))
      await Promise.race([this.context.waitForEvent('page', {timeout: POPUP_WAIT_MS}).catch(() => {}), refused])
      this.onTabRefused = null
    }
  }

  /**
   * A request that failed: when the guard or the egress proxy refused it, its reason goes to the step's record, as a
   * refused navigation when it was a tab's, else as one of the page's own refused requests. A tab's navigation that
   * failed is remembered as how its error page came to be.
   */
  private noteFailedRequest(request: Request): void {
    const url = request.url()
    const frame = frameOf(request)
    const navigation = request.isNavigationRequest() && !frame?.parentFrame()
    // The guard fails what it refuses as blocked by the client; a main-frame navigation it refused was noted as it
    // started (onRequest), and answered with an empty 204 that leaves the page where it was.
    const errorText = request.failure()?.errorText ?? ''
    const guardReason = !navigation && errorText === BLOCKED_BY_CLIENT ? this.options.guard.check(url) : null
    const reason = guardReason ?? this.options.egress?.refusalFor(url) ?? null
    if (navigation) {
      if (reason) this.noteRefusedNavigation(url, reason)
      const arrival = {
        cause: reason ? `${reason} (${url.slice(0, 200)})` : `${url.slice(0, 200)} did not load: ${errorText}`,
        refused: reason !== null,
      }
      // A new tab's first request can fail before the tab has a frame: the tab, once adopted, takes the cause.
      if (!frame) this.refusedTab = arrival
      else if (errorText !== ABORTED) this.arrivals.set(frame.page(), arrival)
    } else if (reason && !this.notedRefusals.has(request)) this.refusedRequests.add(url, reason)
  }

  /** Notes a refused navigation: one per host, with the first URL. */
  private noteRefusedNavigation(url: string, reason: string): void {
    this.refusedNavigations.add(url, reason)
  }

  /** What was refused since the last call: the navigations (the action's error) and the page's own requests. */
  takeRefusals(): Refusals {
    const refusals = {navigations: this.refusedNavigations, requests: this.refusedRequests}
    this.refusedNavigations = new RefusedRequests()
    this.refusedRequests = new RefusedRequests()
    return refusals
  }

  /**
   * How the page the agent sees came to be when it is an error page (the navigation that failed, and why) or blank
   * (a tab the page opened, or whose first navigation was refused); null when the session saw nothing that explains it.
   */
  arrivalOf(url: string): PageArrival | null {
    const page = this.page
    const arrival = this.arrivals.get(page) ?? null
    if (url !== 'about:blank' || arrival) return arrival
    return page === this.pages[0] ? null : {cause: 'a tab the page opened, still at about:blank', refused: false}
  }

  /** A mark of the document the agent sees: another tab, or another document in the tab, gives another mark. */
  documentMark(): string {
    const page = this.page
    return `${this.pages.indexOf(page)}:${this.documents.get(page) ?? 0}`
  }

  private adopt(page: Page): void {
    if (this.pages.includes(page)) return
    this.pages.push(page)
    page.on('dialog', (dialog) => void dialog.dismiss().catch(() => {}))
    if (this.options.egress)
      page.on('websocket', (socket) =>
        socket.on('socketerror', () => {
          const reason = this.options.egress?.refusalFor(socket.url())
          if (reason) this.refusedRequests.add(socket.url(), reason)
        }),
      )
    page.on('download', (download) => void download.cancel().catch(() => {}))
    const done = () => this.endNavigation()
    if (this.refusedTab) this.arrivals.set(page, this.refusedTab)
    this.refusedTab = null
    // A document that is neither an error page nor blank ends what the last failed navigation explained.
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return
      this.documents.set(page, (this.documents.get(page) ?? 0) + 1)
      const url = frame.url()
      if (!url.startsWith(ERROR_PAGE_URL) && url !== 'about:blank') this.arrivals.delete(page)
    })
    page.on('crash', () => this.arrivals.set(page, {cause: 'the page crashed', refused: false}))
    page.on('domcontentloaded', done)
    page.on('download', done)
    page.on('requestfailed', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) done()
    })
    page.on('close', () => {
      done()
      for (const [request, owner] of this.inflight) if (owner === page) this.requestEnded(request)
    })
  }

  private onRequest(request: Request): void {
    this.trackRequest(request)
    // A new tab's first request comes before its frame exists; a frame inside a page is only part of that page.
    const frame = frameOf(request)
    if (!request.isNavigationRequest() || frame?.parentFrame()) {
      // One of the page's own requests that the guard in the browser refuses: noted as it starts. Its failure can
      // reach us after the step's observation, and a frame's refused document is answered, not failed.
      const reason = browserRefusalOf(request.url(), this.options.guard)
      if (reason) {
        this.refusedRequests.add(request.url(), reason)
        this.notedRefusals.add(request)
      }
      return
    }
    const reason = this.options.guard.check(request.url())
    if (reason) this.noteRefusedNavigation(request.url(), reason)
    if (reason && !frame) {
      this.tabRefused = true
      this.refusedTab = {cause: `${reason} (${request.url().slice(0, 200)})`, refused: true}
      this.onTabRefused?.()
    }
    if (this.navigating || !frame || !this.pages.some((page) => page.mainFrame() === frame)) return
    this.navigating = new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.endNavigation(), this.options.navigationTimeoutMs)
      this.settleNavigation = () => {
        clearTimeout(timer)
        resolve()
      }
    })
  }

  /** Counts a request settle.ts waits for: a main-frame document, or an XHR or fetch of one of the session's pages. */
  private trackRequest(request: Request): void {
    if (this.options.settle.timeoutMs <= 0 || !SETTLING_RESOURCE_TYPES.has(request.resourceType())) return
    const frame = frameOf(request)
    if (!frame || (request.resourceType() === 'document' && frame.parentFrame())) return
    const page = this.pages.find((candidate) => candidate === frame.page())
    if (!page) return
    this.inflight.set(request, page)
    this.networkChangedAt = performance.now()
  }

  private requestEnded(request: Request): void {
    if (this.inflight.delete(request)) this.networkChangedAt = performance.now()
  }

  private endNavigation(): void {
    const settle = this.settleNavigation
    this.navigating = null
    this.settleNavigation = null
    settle?.()
  }
}

const BLOCKED_BY_CLIENT = 'net::ERR_BLOCKED_BY_CLIENT'
const ABORTED = 'net::ERR_ABORTED'
/** Where Chromium shows the error page of a navigation that failed. */
export const ERROR_PAGE_URL = 'chrome-error://'

/** The frame a request comes from; null when it has none (yet): a new tab's first request, a service worker's. */
function frameOf(request: Request) {
  try {
    return request.frame()
  } catch {
    return null
  }
}
