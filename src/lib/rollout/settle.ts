import {setTimeout as sleep} from 'node:timers/promises'
import type {Page} from 'playwright-core'
import {withTimeout} from '../async/with-timeout.js'

/**
 * When a page has settled, so that an observation shows it as it is: the one definition the rollout uses, after the
 * start page and after every action.
 *
 * 1. Navigation. A main-frame navigation in flight (one the action started, or one that begins later: a script's
 *    `location` change, a form submitted from a handler, a redirect hop) is waited for until its new document has
 *    committed, for at most the navigation timeout. That wait does not count against the settle bound.
 * 2. Loading. The document's readyState is `complete` (its `load` event has fired).
 * 3. Network. No main-frame document request and no XHR or fetch request of the page's frames has been in flight
 *    for the quiet window (default 300 ms). Images, beacons (`ping`), event streams and WebSockets do not count. The
 *    browser reports requests (CDP), and the page counts the fetches and XHRs its scripts make as they make them, so
 *    one a script has asked for is waited for even before the browser has sent it.
 * 4. Visible page. Over the same window, nothing in the viewport changed: no DOM mutation that touches an element
 *    intersecting the viewport (or its parent, for an element hidden or removed), no layout shift, no scroll and no
 *    input event; no image intersecting the viewport is still loading (lazy images scrolled in included); no CSS or
 *    Web Animation on an element in the viewport is running. The page reports these itself through an init script
 *    (SETTLE_PROBE): a MutationObserver, a layout-shift PerformanceObserver and a check run on each poll.
 * 5. The quiet window starts no earlier than the end of the action, so a click with no visible effect still waits
 *    one window for a navigation or request it may start late.
 * 6. Bound. All of this is bounded by the settle timeout (`--settle-timeout`, default 5 s), counted without the
 *    navigation waits of (1). Long polling, endless animations and pages that never stop changing end the wait at
 *    the bound: the step is recorded with `settled: false` and what was still going on, and the episode goes on.
 *
 * Not seen: a script timer that changes the page after a silent delay longer than the quiet window (no request,
 * mutation or animation before it fires), canvas and video frames, and animated images.
 */
export interface SettleOptions {
  /** How long network and page must be quiet together (ms). */
  quietMs: number
  /** The bound on the wait, navigations aside (ms); 0 turns settling off. */
  timeoutMs: number
  /** The bound on one navigation of (1) (ms). */
  navigationTimeoutMs: number
}

export const DEFAULT_SETTLE: Omit<SettleOptions, 'navigationTimeoutMs'> = {quietMs: 300, timeoutMs: 5000}

/** What kept a page from settling: the reason recorded with a step that reached the bound. */
export type SettleBusy = 'navigation' | 'loading' | 'network' | 'changing' | 'image' | 'animation' | 'unresponsive'

export interface SettleResult {
  settled: boolean
  /** The whole wait, navigations included. */
  ms: number
  /** What was still going on when the bound ended the wait; null when the page settled. */
  busy: SettleBusy | null
}

/** What settling needs from the browsing session: its current page, and the requests and navigation in flight. */
export interface SettleTarget {
  readonly page: Page
  /** The main-frame navigation in flight, resolved when it commits or fails; null when there is none. */
  navigation(): Promise<void> | null
  /** Requests of the kinds in (3) in flight now, and when the last one started or ended (performance.now()). */
  network(): {inflight: number; lastChangeAt: number}
}

/**
 * In every frame of every page: records when the visible page last changed, and answers `__webgymSettle()` with how
 * long it has been quiet and what is still busy. Plain ES5-level code, defensive about the page's own globals.
 */
export const SETTLE_PROBE = `(() => {
  if (window.__webgymSettle) return
  var now = function () { return performance.now() }
  var last = now()
  var mark = function () { last = now() }
  var inView = function (element) {
    if (!element || element.nodeType !== 1 || !element.isConnected) return false
    var rect = element.getBoundingClientRect()
    if (rect.width <= 0 && rect.height <= 0) return false
    return rect.bottom > 0 && rect.right > 0 && rect.top < innerHeight && rect.left < innerWidth
  }
  var touches = function (node) {
    var element = node && node.nodeType === 1 ? node : node && node.parentElement
    return inView(element) || (element ? inView(element.parentElement) : false)
  }
  var changed = function (record) {
    if (record.type !== 'childList') return touches(record.target)
    for (var i = 0; i < record.addedNodes.length; i++) if (touches(record.addedNodes[i])) return true
    return record.removedNodes.length > 0 && inView(record.target)
  }
  new MutationObserver(function (records) {
    for (var i = 0; i < records.length; i++) if (changed(records[i])) return mark()
  }).observe(document, {subtree: true, childList: true, attributes: true, characterData: true})
  try { new PerformanceObserver(mark).observe({type: 'layout-shift'}) } catch (e) {}
  ;['scroll', 'input', 'load', 'pageshow', 'animationend', 'transitionend'].forEach(function (type) { addEventListener(type, mark, {capture: true, passive: true}) })
  document.addEventListener('readystatechange', mark)
  // Fetches and XHRs the page's own scripts have under way, counted as they are made: the browser reports a request
  // to the rollout only once it is on its way, which on a loaded machine can be long after the script asked for it.
  var pending = 0
  var started = function () { pending++; mark() }
  var ended = function () { pending--; mark() }
  if (window.fetch) window.fetch = new Proxy(window.fetch, {apply: function (target, self, args) {
    started()
    try { var request = Reflect.apply(target, self, args) } catch (error) { ended(); throw error }
    request.then(ended, ended)
    return request
  }})
  if (window.XMLHttpRequest) XMLHttpRequest.prototype.send = new Proxy(XMLHttpRequest.prototype.send, {apply: function (target, self, args) {
    started()
    self.addEventListener('loadend', ended, {once: true})
    try { return Reflect.apply(target, self, args) } catch (error) { ended(); throw error }
  }})
  var busy = function () {
    if (document.readyState !== 'complete') return 'loading'
    if (pending > 0) return 'network'
    var images = document.images
    for (var i = 0; i < images.length; i++) if (!images[i].complete && inView(images[i])) return 'image'
    var animations = document.getAnimations ? document.getAnimations() : []
    for (var j = 0; j < animations.length; j++) {
      var effect = animations[j].effect
      if (animations[j].playState === 'running' && effect && inView(effect.target)) return 'animation'
    }
    return null
  }
  Object.defineProperty(window, '__webgymSettle', {value: function () { return {quietMs: now() - last, busy: busy()} }})
})()`

// Evaluated on each poll; a page the init script did not reach (an error page) reports only its readyState.
const ASK_PROBE = `typeof window.__webgymSettle === 'function' ? window.__webgymSettle() : {quietMs: 1e9, busy: document.readyState === 'complete' ? null : 'loading'}`

interface ProbeReply {
  quietMs: number
  busy: SettleBusy | null
}

/** Longest wait for one answer of the page's probe: a renderer stuck in a script answers nothing. */
const PROBE_TIMEOUT_MS = 1000
/** Shortest pause between two polls. */
const MIN_POLL_MS = 20

/** Waits until the target's page has settled (see SettleOptions), or the bound ends the wait. Never throws. */
export async function waitForSettle(target: SettleTarget, options: SettleOptions, actionEndedAt = performance.now()): Promise<SettleResult> {
  const started = performance.now()
  if (options.timeoutMs <= 0) return {settled: true, ms: 0, busy: null}
  let navigationMs = 0
  for (;;) {
    const navigation = target.navigation()
    if (navigation) {
      const from = performance.now()
      await withTimeout(navigation, options.navigationTimeoutMs).catch(() => {})
      navigationMs += performance.now() - from
      if (target.navigation() === navigation) return {settled: false, ms: performance.now() - started, busy: 'navigation'}
      continue
    }
    const spent = performance.now() - started - navigationMs
    const probe = await askProbe(target.page)
    const network = target.network()
    const now = performance.now()
    const quietFor = probe !== null && probe.busy === null && network.inflight === 0 ? Math.min(now - Math.max(actionEndedAt, network.lastChangeAt), probe.quietMs) : 0
    if (quietFor >= options.quietMs) return {settled: true, ms: now - started, busy: null}
    const busy: SettleBusy = probe === null ? 'unresponsive' : (probe.busy ?? (network.inflight > 0 ? 'network' : 'changing'))
    if (spent >= options.timeoutMs) return {settled: false, ms: now - started, busy}
    // Quiet so far: poll again when the window would be complete. Busy: a window from now is the soonest it can be.
    await sleep(Math.min(options.timeoutMs - spent, Math.max(MIN_POLL_MS, options.quietMs - quietFor)))
  }
}

async function askProbe(page: Page): Promise<ProbeReply | null> {
  try {
    return (await withTimeout(page.evaluate(ASK_PROBE), PROBE_TIMEOUT_MS)) as ProbeReply
  } catch {
    return null
  }
}
