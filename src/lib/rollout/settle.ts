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
 *    one window for a navigation or request it may start late. A navigation the page has begun (the Navigation API's
 *    `navigate` event for another document) counts as in flight from that moment, before the browser reports its
 *    request, for at most LEAVE_GRACE_MS of page time (a link to a download or a 204 never replaces the page).
 * 7. Unchanged while observed. The screenshot is taken after the page settled; if by the end of it the page has
 *    changed since (another document, a change the probe saw, a request or navigation begun), the observation is
 *    discarded and the page settles and is observed again, within the same bound (`observeSettled`).
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
  /** The page's state when it was found settled, to tell later whether it changed since (absent when off or unsettled). */
  mark?: SettleMark
  /** Observations discarded because the page changed while they were taken (7); absent when none. */
  retaken?: number
}

/** The document and the count of changes the probe had seen, and the last network change, when a page settled. */
export interface SettleMark {
  doc: string | null
  changes: number | null
  networkAt: number
}

/** What settling needs from the browsing session: its current page, and the requests and navigation in flight. */
export interface SettleTarget {
  readonly page: Page
  /** The main-frame navigation in flight, resolved when it commits or fails; null when there is none. */
  navigation(): Promise<void> | null
  /** Requests of the kinds in (3) in flight now, and when the last one started or ended (performance.now()). */
  network(): {inflight: number; lastChangeAt: number}
}

/** How long (page time) a navigation the page began counts as in flight before the browser reports it. */
const LEAVE_GRACE_MS = 3000

/**
 * In every frame of every page: records when the visible page last changed, and answers `__webgymSettle()` with how
 * long it has been quiet and what is still busy. Plain ES5-level code, defensive about the page's own globals.
 */
export const SETTLE_PROBE = `(() => {
  if (window.__webgymSettle) return
  var now = function () { return performance.now() }
  var last = now()
  var changes = 0
  var doc = Math.random().toString(36).slice(2) + now().toString(36)
  var mark = function () { last = now(); changes++ }
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
  // The screenshot itself hides the text caret by setting caret-color in an input's style, and puts it back: no change.
  // Compared as the browser serialises them (a detached element: no mutation record of its own).
  var scratch = document.createElement('div')
  var caretless = function (style) { scratch.setAttribute('style', style || ''); scratch.style.removeProperty('caret-color'); return scratch.style.cssText }
  var changed = function (record) {
    if (record.type === 'attributes' && record.attributeName === 'style' && record.target.getAttribute && caretless(record.oldValue) === caretless(record.target.getAttribute('style'))) return false
    if (record.type !== 'childList') return touches(record.target)
    for (var i = 0; i < record.addedNodes.length; i++) if (touches(record.addedNodes[i])) return true
    return record.removedNodes.length > 0 && inView(record.target)
  }
  new MutationObserver(function (records) {
    for (var i = 0; i < records.length; i++) if (changed(records[i])) return mark()
  }).observe(document, {subtree: true, childList: true, attributes: true, attributeOldValue: true, characterData: true})
  try { new PerformanceObserver(mark).observe({type: 'layout-shift'}) } catch (e) {}
  ;['scroll', 'input', 'pageshow', 'animationend', 'transitionend'].forEach(function (type) { addEventListener(type, mark, {capture: true, passive: true}) })
  // A load (the page's, or an image's or frame's in the viewport): one far below the fold changes nothing seen.
  addEventListener('load', function (event) { var target = event.target; if (!target || target.nodeType !== 1 || inView(target)) mark() }, {capture: true, passive: true})
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
  // A navigation to another document the page has begun: in flight from now, though the browser may report its request
  // only later. A download or a 204 never replaces the page, so it counts for a grace period at most.
  var leftAt = -1
  var leave = function () { leftAt = now(); mark() }
  if (window.navigation && typeof window.navigation.addEventListener === 'function') {
    window.navigation.addEventListener('navigate', function (event) {
      if (typeof event.downloadRequest !== 'string' && !(event.destination && event.destination.sameDocument)) leave()
    })
  } else addEventListener('beforeunload', leave)
  var busy = function () {
    if (leftAt >= 0 && now() - leftAt < ${LEAVE_GRACE_MS}) return 'navigation'
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
  // The document's title through the getter as it was before the page's scripts ran (bound now: a page that replaces
  // the getter or Function.prototype.call later changes nothing here).
  var titleDescriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'title')
  var readTitle = titleDescriptor && titleDescriptor.get ? Function.prototype.call.bind(titleDescriptor.get, document) : function () { return document.title }
  var title = function () { try { return String(readTitle()) } catch (e) { return undefined } }
  Object.defineProperty(window, '__webgymSettle', {value: function () { return {quietMs: now() - last, busy: busy(), doc: doc, changes: changes, title: title()} }})
})()`

// Evaluated on each poll; a page the init script did not reach (an error page) reports only its readyState and title.
const ASK_PROBE = `typeof window.__webgymSettle === 'function' ? window.__webgymSettle() : {quietMs: 1e9, busy: document.readyState === 'complete' ? null : 'loading', title: document.title}`

interface ProbeReply {
  quietMs: number
  busy: SettleBusy | null
  /** Absent on a page the init script did not reach. */
  doc?: string
  changes?: number
  /** The document's title when the probe was asked. */
  title?: string
}

/** Longest wait for one answer of the page's probe: a renderer stuck in a script answers nothing. */
const PROBE_TIMEOUT_MS = 1000
/** Shortest pause between two polls. */
const MIN_POLL_MS = 20

/** Waits until the target's page has settled (see SettleOptions), or the bound ends the wait. Never throws. */
export async function waitForSettle(
  target: SettleTarget,
  options: SettleOptions,
  actionEndedAt = performance.now(),
): Promise<SettleResult> {
  const started = performance.now()
  if (options.timeoutMs <= 0) return {settled: true, ms: 0, busy: null}
  let navigationMs = 0
  for (;;) {
    const navigation = target.navigation()
    if (navigation) {
      const from = performance.now()
      await withTimeout(navigation, options.navigationTimeoutMs).catch(() => {})
      navigationMs += performance.now() - from
      if (target.navigation() === navigation)
        return {settled: false, ms: performance.now() - started, busy: 'navigation'}
      continue
    }
    const spent = performance.now() - started - navigationMs
    // While a request is in flight, or the window since the action or the last request is not yet over, the page
    // cannot be settled whatever it says: asking it would cost a round trip to the browser (about 3 ms of CPU between
    // the two processes) and tell nothing new. It is asked when it could be settled, and at the bound for the reason.
    const waiting = target.network()
    const sinceQuiet = performance.now() - Math.max(actionEndedAt, waiting.lastChangeAt)
    if (spent < options.timeoutMs && (waiting.inflight > 0 || sinceQuiet < options.quietMs)) {
      const until = waiting.inflight > 0 ? options.quietMs : options.quietMs - sinceQuiet
      await sleep(Math.min(options.timeoutMs - spent, Math.max(MIN_POLL_MS, until)))
      continue
    }
    const probe = await askProbe(target.page)
    const network = target.network()
    const now = performance.now()
    const quietFor =
      probe !== null && probe.busy === null && network.inflight === 0
        ? Math.min(now - Math.max(actionEndedAt, network.lastChangeAt), probe.quietMs)
        : 0
    if (quietFor >= options.quietMs)
      return {
        settled: true,
        ms: now - started,
        busy: null,
        mark: {doc: probe!.doc ?? null, changes: probe!.changes ?? null, networkAt: network.lastChangeAt},
      }
    const busy: SettleBusy =
      probe === null ? 'unresponsive' : (probe.busy ?? (network.inflight > 0 ? 'network' : 'changing'))
    if (spent >= options.timeoutMs) return {settled: false, ms: now - started, busy}
    // Quiet so far: poll again when the window would be complete. Busy: a window from now is the soonest it can be.
    await sleep(Math.min(options.timeoutMs - spent, Math.max(MIN_POLL_MS, options.quietMs - quietFor)))
  }
}

/**
 * Whether the page is as it was when `mark` was taken: no navigation or request begun, the same document, and no
 * change the probe saw. A page that cannot tell (no probe) counts as unchanged when it is still quiet. Null when it
 * changed; else the document's title, read by the same question to the page (null when the page did not say).
 */
export async function unchangedSince(target: SettleTarget, mark: SettleMark): Promise<{title: string | null} | null> {
  if (target.navigation()) return null
  const network = target.network()
  if (network.inflight > 0 || network.lastChangeAt !== mark.networkAt) return null
  const probe = await askProbe(target.page)
  if (probe === null || probe.busy !== null) return null
  if ((probe.doc ?? null) !== mark.doc || (probe.changes ?? null) !== mark.changes) return null
  return {title: typeof probe.title === 'string' ? probe.title : null}
}

/** The longest run of settle-then-observe tries before the last one stands as it is. */
const MAX_OBSERVE_TRIES = 4

/**
 * Settles, observes with `capture`, and checks that the page did not change while it was observed (7); if it did,
 * settles and observes again, the tries together within the settle bound. What `capture` returned last stands, with
 * the whole wait as the settle time; an observation taken after the bound ended a wait is never retried.
 * `capture` is told whether the check follows it: when it does and finds the page unchanged, the document's title it
 * read comes back as `title` (the caller need not ask the browser for it apart); else `title` is null.
 */
export async function observeSettled<T>(
  target: SettleTarget,
  options: SettleOptions,
  actionEndedAt: number,
  capture: (checked: boolean) => Promise<T>,
): Promise<{observation: T; settle: SettleResult; title: string | null}> {
  const started = performance.now()
  let settle = await waitForSettle(target, options, actionEndedAt)
  let waited = settle.ms
  for (let tries = 1; ; tries++) {
    const mark = settle.settled && tries < MAX_OBSERVE_TRIES ? settle.mark : undefined
    const observation = await capture(mark !== undefined)
    const unchanged = mark ? await unchangedSince(target, mark) : null
    if (!mark || unchanged) {
      const whole = {...settle, ms: waited, ...(tries > 1 ? {retaken: tries - 1} : {})}
      return {observation, settle: whole, title: unchanged?.title ?? null}
    }
    const left = options.timeoutMs - (performance.now() - started)
    settle = await waitForSettle(target, {...options, timeoutMs: Math.max(1, left)}, performance.now())
    waited += settle.ms
  }
}

async function askProbe(page: Page): Promise<ProbeReply | null> {
  try {
    return (await withTimeout(page.evaluate(ASK_PROBE), PROBE_TIMEOUT_MS)) as ProbeReply
  } catch {
    return null
  }
}
