import type {BrowserContext, Page, Request} from 'playwright-core'
import type {EgressCheck} from '../egress/egress-check.js'
import type {NavigationGuard} from './navigation-guard.js'
import type {Observation} from './policy.js'
import {SCREENSHOT_MODE, type ObserveMode} from '../observe/observe-mode.js'
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
  private refused: string[] = []
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
      const {observation, settle} = await observeSettled(
        this,
        {...this.options.settle, navigationTimeoutMs: this.options.navigationTimeoutMs},
        actionEndedAt,
        () => this.capture(),
      )
      return {observation, settle}
    }
    if (this.navigating) await this.navigating
    // Images still loading after the document is parsed: worth a short wait, not a hung page's whole timeout.
    await this.page.waitForLoadState('load', {timeout: LOAD_WAIT_MS}).catch(() => {})
    return {observation: await this.capture(), settle: null}
  }

  /**
   * The JPEG screenshot of the viewport, the URL and the title, as they are now, then what the observation mode reads
   * of the page right after the screenshot (the numbered elements, in modes with element ids) and what it shows.
   */
  async capture(): Promise<Observation> {
    const plain = await this.captureScreenshot()
    const mode = this.options.observe ?? SCREENSHOT_MODE
    const viewport = this.page.viewportSize() ?? {width: 1280, height: 720}
    const parts = await mode.capture(this.page, viewport)
    const shown = await mode.render(plain.image, parts, {viewport, jpegQuality: this.options.jpegQuality})
    return {...plain, shown: shown.image, elements: parts.elements, text: shown.text}
  }

  private async captureScreenshot(): Promise<Omit<Observation, 'shown' | 'elements'>> {
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
    const title = await page.title().catch(() => '')
    return {image, url: page.url(), title, observedAt}
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

  /** A request that failed: when the guard or the egress proxy refused it, the reason goes to the step's record. */
  private noteFailedRequest(request: Request): void {
    const url = request.url()
    // A main-frame navigation the guard refused is noted as it starts (onRequest).
    const navigation = request.isNavigationRequest() && !frameOf(request)?.parentFrame()
    this.noteRefusal(url, navigation ? null : this.options.guard.check(url))
  }

  /** Notes why the URL was refused: the guard's reason when it has one, else the egress proxy's, if it refused it. */
  private noteRefusal(url: string, guardReason: string | null = null): void {
    const reason = guardReason ?? this.options.egress?.refusalFor(url)
    const line = reason ? `${reason} (${url.slice(0, 200)})` : null
    if (line && !this.refused.includes(line)) this.refused.push(line)
  }

  /** The guard's reasons for navigations refused since the last call (the step's action_error). */
  takeRefusals(): string | null {
    const reasons = this.refused
    this.refused = []
    return reasons.length > 0 ? reasons.join('; ') : null
  }

  private adopt(page: Page): void {
    if (this.pages.includes(page)) return
    this.pages.push(page)
    page.on('dialog', (dialog) => void dialog.dismiss().catch(() => {}))
    if (this.options.egress)
      page.on('websocket', (socket) => socket.on('socketerror', () => this.noteRefusal(socket.url())))
    page.on('download', (download) => void download.cancel().catch(() => {}))
    const done = () => this.endNavigation()
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
    if (!request.isNavigationRequest()) return
    // A new tab's first request comes before its frame exists; a frame inside a page is only part of that page.
    const frame = frameOf(request)
    if (frame?.parentFrame()) return
    const reason = this.options.guard.check(request.url())
    if (reason) this.refused.push(reason)
    if (reason && !frame) {
      this.tabRefused = true
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

/** The frame a request comes from; null when it has none (yet): a new tab's first request, a service worker's. */
function frameOf(request: Request) {
  try {
    return request.frame()
  } catch {
    return null
  }
}
