import {chromium, type Browser, type BrowserContext} from 'playwright-core'
import {TimeoutError, withTimeout} from '../async/with-timeout.js'
import {chromiumPath, launchChromium} from '../browser/chromium.js'
import {ExternalError} from '../errors.js'
import {opt, optionText} from '../option-text.js'
import type {Reporter} from '../report/reporter.js'

export interface Viewport {
  width: number
  height: number
}

export interface BrowserPoolOptions {
  /** Local Chromium processes to launch (ignored when `endpoints` are given). */
  local: number
  /** Remote Playwright browser servers (`webgym browsers serve`) to connect to. */
  endpoints?: readonly string[]
  /** Extra Chromium flags for local browsers (the egress proxy's). */
  launchArgs?: readonly string[]
  viewport: Viewport
  reporter: Reporter
  /** Runs on each browser (the first ones and every replacement) before it opens a context; a failure fails its start. */
  prepare?: (browser: Browser) => Promise<void>
  /** Replacements allowed over the run before the pool gives up (a browser that keeps crashing is a broken setup). */
  maxRestarts?: number
}

/** One browser of the pool. */
interface Member {
  id: number
  endpoint: string | null
  browser: Browser | null
  /** The pid of a local browser, to kill it when it hangs (Playwright's launch does not expose it). */
  pid: number | null
  /** Contexts open on it now. */
  active: number
  /** The launch or connect in progress, when it is being (re)started. */
  starting: Promise<void> | null
}

/** A fresh isolated context on one of the pool's browsers; release it when the episode ends. */
export interface Lease {
  context: BrowserContext
  browserId: number
  browser: Browser
  /** True when the browser under this context disconnected (crashed, was killed, or was replaced as hung). */
  readonly lost: boolean
  release(): Promise<void>
}

const CONNECT_TIMEOUT_MS = 30_000
const PROBE_TIMEOUT_MS = 5000

/**
 * Chromium processes (local, launched from Debian's package with the project's flags) or remote Playwright browser
 * servers, with episodes spread over them by load. A browser that disconnects is started again; a hung one (a probe
 * that cannot open a context in time) is closed and replaced. Leases on a lost browser report `lost`, so the caller
 * can retry the episode elsewhere.
 */
export class BrowserPool {
  restarts = 0
  private readonly members: Member[] = []
  private closing = false
  private readonly maxRestarts: number

  private constructor(private readonly options: BrowserPoolOptions) {
    this.maxRestarts = options.maxRestarts ?? 10 + 2 * Math.max(options.local, options.endpoints?.length ?? 0)
  }

  static async start(options: BrowserPoolOptions): Promise<BrowserPool> {
    const pool = new BrowserPool(options)
    const endpoints = options.endpoints ?? []
    if (endpoints.length === 0) chromiumPath() // a missing Chromium is one clear error before anything starts
    const count = endpoints.length > 0 ? endpoints.length : options.local
    for (let id = 0; id < count; id++) pool.members.push({id, endpoint: endpoints[id] ?? null, browser: null, pid: null, active: 0, starting: null})
    try {
      await Promise.all(pool.members.map((member) => pool.startMember(member)))
    } catch (error) {
      await pool.close()
      throw error
    }
    return pool
  }

  get size(): number {
    return this.members.length
  }

  /** Opens a fresh context on the least loaded live browser. */
  async lease(): Promise<Lease> {
    for (;;) {
      if (this.closing) throw new ExternalError('the browser pool is closed')
      const live = this.members.filter((member) => member.browser?.isConnected() && !member.starting)
      if (live.length === 0) {
        const pending = this.members.map((member) => member.starting ?? this.restart(member, 'no browser is connected'))
        await Promise.race(pending)
        continue
      }
      const member = live.reduce((best, candidate) => (candidate.active < best.active ? candidate : best))
      const browser = member.browser!
      member.active++
      let context: BrowserContext
      try {
        context = await withTimeout(
          browser.newContext({viewport: this.options.viewport, deviceScaleFactor: 1, acceptDownloads: false, locale: 'en-US', timezoneId: 'UTC'}),
          CONNECT_TIMEOUT_MS,
          'opening a browser context timed out',
        )
      } catch (error) {
        member.active--
        if (error instanceof TimeoutError) {
          await this.probe({browserId: member.id, browser})
          continue
        }
        if (browser.isConnected()) throw error
        continue // it died under us: take another
      }
      let lost = false
      const onLost = () => (lost = true)
      browser.once('disconnected', onLost)
      return {
        context,
        browserId: member.id,
        browser,
        get lost() {
          return lost || !browser.isConnected()
        },
        release: async () => {
          browser.off('disconnected', onLost)
          member.active--
          await withTimeout(context.close(), PROBE_TIMEOUT_MS).catch(() => {})
        },
      }
    }
  }

  /**
   * Checks that a browser still answers (after an episode timed out on it); a hung one is closed and replaced.
   * Returns true when it was healthy.
   */
  async probe(lease: Pick<Lease, 'browserId' | 'browser'>): Promise<boolean> {
    const member = this.members[lease.browserId]
    if (!member) return true
    // Replaced already (by another episode's probe, or a crash): the lease's browser is gone.
    if (member.browser !== lease.browser) return false
    const browser = lease.browser
    const healthy = await withTimeout(
      (async () => {
        const context = await browser.newContext()
        await context.close()
        return true
      })(),
      PROBE_TIMEOUT_MS,
    ).catch(() => false)
    if (!healthy && member.browser === browser) {
      this.options.reporter.warn(`browser ${member.id + 1} does not answer: replacing it`)
      await this.restart(member, 'hung')
    }
    return healthy
  }

  async close(): Promise<void> {
    this.closing = true
    await Promise.all(
      this.members.map(async (member) => {
        await member.starting?.catch(() => {})
        const browser = member.browser
        member.browser = null
        if (browser) await this.shutDown(browser, member.pid)
      }),
    )
  }

  private restart(member: Member, reason: string): Promise<void> {
    if (member.starting) return member.starting
    if (this.closing) return Promise.resolve()
    this.restarts++
    if (this.restarts > this.maxRestarts) {
      return Promise.reject(new ExternalError(`browsers were replaced ${this.restarts - 1} times in this run, giving up (last: ${reason})`, optionText`check Chromium on its own, e.g. with a short rollout ${opt('browsers')} 1`))
    }
    const old = member.browser
    member.browser = null
    if (old) void this.shutDown(old, member.pid)
    return this.startMember(member)
  }

  /** Closes a browser, and kills a local one that does not close in time (a hung process ignores the request). */
  private async shutDown(browser: Browser, pid: number | null): Promise<void> {
    const closed = await withTimeout(browser.close(), PROBE_TIMEOUT_MS).then(
      () => true,
      () => false,
    )
    if (closed || pid === null) return
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }

  private startMember(member: Member): Promise<void> {
    const starting = (async () => {
      const browser = member.endpoint
        ? await chromium.connect(member.endpoint, {timeout: CONNECT_TIMEOUT_MS}).catch((error: Error) => {
            throw new ExternalError(`cannot connect to the browser server at ${member.endpoint}: ${error.message.split('\n')[0]}`, 'start one with `webgym browsers serve` on the worker and pass the ws:// address it prints')
          })
        : await launchChromium({
            extraArgs: [...(this.options.launchArgs ?? [])],
            // The command handles signals itself: in-flight episodes get a grace period before browsers close.
            launch: {handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false},
          })
      if (!this.closing) {
        try {
          await this.options.prepare?.(browser)
        } catch (error) {
          await browser.close().catch(() => {})
          throw new ExternalError(`cannot prepare browser ${member.id + 1}: ${(error as Error).message.split('\n')[0]}`, 'check the Chromium build: the rollout needs its DevTools protocol (CDP)')
        }
      }
      if (this.closing) {
        await browser.close().catch(() => {})
        return
      }
      member.browser = browser
      member.pid = member.endpoint ? null : await browserPid(browser)
      browser.once('disconnected', () => {
        if (this.closing || member.browser !== browser) return
        this.options.reporter.warn(`browser ${member.id + 1} disconnected: starting a new one`)
        void this.restart(member, 'disconnected').catch((error: Error) => this.options.reporter.warn(error.message))
      })
    })()
    member.starting = starting
    void starting.then(
      () => {
        if (member.starting === starting) member.starting = null
      },
      () => {
        if (member.starting === starting) member.starting = null
      },
    )
    return starting
  }
}

/** The browser process's pid, asked of Chromium itself over CDP; null when it cannot tell. */
async function browserPid(browser: Browser): Promise<number | null> {
  try {
    const session = await browser.newBrowserCDPSession()
    const {processInfo} = await session.send('SystemInfo.getProcessInfo')
    await session.detach().catch(() => {})
    return processInfo.find((info) => info.type === 'browser')?.id ?? null
  } catch {
    return null
  }
}
