import {chromium, type Browser, type BrowserContext} from 'playwright-core'
import {TimeoutError, withTimeout} from '../async/with-timeout.js'
import {chromiumPath, launchChromium} from '../browser/chromium.js'
import {ExternalError, firstLine} from '../errors.js'
import {opt, optionText, type Text} from '../option-text.js'
import type {Reporter} from '../report/reporter.js'
import {currentEndpoints, type FleetSource} from './browser-fleet.js'

export interface Viewport {
  width: number
  height: number
}

export interface BrowserPoolOptions {
  /** Local Chromium processes to launch (ignored when a `fleet` is given). */
  local: number
  /** Where the remote Playwright browser servers (`webgym browsers serve`) are listed: endpoints, files, DNS names. */
  fleet?: readonly FleetSource[]
  /** How often the fleet's lists are read again and servers that went away are tried again (ms). */
  refreshMs?: number
  /** Extra Chromium flags for local browsers (the egress proxy's). */
  launchArgs?: readonly string[]
  viewport: Viewport
  reporter: Reporter
  /** Runs on each browser (the first ones and every replacement) before it opens a context; a failure fails its start. */
  prepare?: (browser: Browser) => Promise<void>
  /** Replacements allowed over the run before the pool gives up (a browser that keeps crashing is a broken setup). */
  maxRestarts?: number
  /** What to do once the fleet is back, when the caller can finish the run later (rollout: rerun with resume). */
  afterFleetFix?: Text
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
  /** A fleet's server no longer listed: no new episodes; closed when its last one ends. */
  retired: boolean
  /** A fleet's server that could not be reached: when to try it again (Date.now()), and the failures in a row. */
  downUntil: number
  strikes: number
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
/** A fleet with no server answering for this long is given up on. */
const FLEET_GIVE_UP_MS = 120_000
const RECONNECT_FIRST_MS = 2000
const RECONNECT_MAX_MS = 30_000

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
  private readonly remote: boolean
  private refresher: NodeJS.Timeout | undefined
  private refreshing: Promise<void> | null = null
  /** When a fleet last had a server connected (Date.now()). */
  private lastLiveAt = Date.now()

  private constructor(private readonly options: BrowserPoolOptions) {
    this.remote = (options.fleet?.length ?? 0) > 0
    this.maxRestarts = options.maxRestarts ?? 10 + 2 * Math.max(options.local, options.fleet?.length ?? 0)
  }

  static async start(options: BrowserPoolOptions): Promise<BrowserPool> {
    const pool = new BrowserPool(options)
    if (!pool.remote) {
      chromiumPath() // a missing Chromium is one clear error before anything starts
      for (let id = 0; id < options.local; id++) pool.addMember(null)
      try {
        await Promise.all(pool.members.map((member) => pool.startMember(member)))
      } catch (error) {
        await pool.close()
        throw error
      }
      return pool
    }
    // A fleet: every server listed now is tried; the run starts when one answers, and the others join as they do.
    const endpoints = await currentEndpoints(options.fleet!, (source, error) =>
      options.reporter.warn(optionText`${opt('browserEndpoints')} ${source.text}: ${error.message}`),
    )
    if (endpoints.length === 0)
      throw new ExternalError(
        `the browser fleet lists no server (${options.fleet!.map((source) => source.text).join(', ')})`,
        'start servers with `webgym browsers serve` and list their ws:// endpoints',
      )
    const members = endpoints.map((endpoint) => pool.addMember(endpoint))
    const results = await Promise.allSettled(members.map((member) => pool.startMember(member)))
    const live = members.filter((member) => member.browser)
    if (live.length === 0) {
      await pool.close()
      throw (
        (results.find((result) => result.status === 'rejected') as PromiseRejectedResult | undefined)?.reason ??
        new ExternalError('no browser server of the fleet answered')
      )
    }
    results.forEach((result, index) => {
      if (result.status === 'rejected') pool.markDown(members[index]!, result.reason as Error)
    })
    pool.refresher = setInterval(() => void pool.refreshFleet(), options.refreshMs ?? 2000)
    pool.refresher.unref()
    return pool
  }

  get size(): number {
    return this.members.filter((member) => !member.retired).length
  }

  /** Opens a fresh context on the least loaded live browser. */
  async lease(): Promise<Lease> {
    for (;;) {
      if (this.closing) throw new ExternalError('the browser pool is closed')
      const live = this.members.filter((member) => !member.retired && member.browser?.isConnected() && !member.starting)
      if (live.length === 0 && this.remote) {
        await this.waitForFleet()
        continue
      }
      if (live.length === 0) {
        const pending = this.members.map((member) => member.starting ?? this.restart(member, 'no browser is connected'))
        await Promise.race(pending)
        continue
      }
      this.lastLiveAt = Date.now()
      const member = live.reduce((best, candidate) => (candidate.active < best.active ? candidate : best))
      const browser = member.browser!
      member.active++
      let context: BrowserContext
      try {
        context = await withTimeout(
          browser.newContext({
            viewport: this.options.viewport,
            deviceScaleFactor: 1,
            acceptDownloads: false,
            locale: 'en-US',
            timezoneId: 'UTC',
          }),
          CONNECT_TIMEOUT_MS,
          'opening a browser context timed out',
        )
      } catch (error) {
        member.active--
        if (error instanceof TimeoutError) {
          await this.probe({browserId: member.id, browser})
          continue
        }
        // It died under us (a remote one may still look connected for a moment): take another.
        if (!browser.isConnected() || !(await this.probe({browserId: member.id, browser}))) continue
        throw error
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
          if (member.retired && member.active === 0 && member.browser === browser) void this.retire(member)
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
      this.options.reporter.warn(
        member.endpoint
          ? `browser server ${member.endpoint} does not answer: connecting again`
          : `browser ${member.id + 1} does not answer: replacing it`,
      )
      await this.restart(member, 'hung')
    }
    return healthy
  }

  async close(): Promise<void> {
    this.closing = true
    if (this.refresher) clearInterval(this.refresher)
    await this.refreshing?.catch(() => {})
    await Promise.all(
      this.members.map(async (member) => {
        await member.starting?.catch(() => {})
        const browser = member.browser
        member.browser = null
        if (browser) await this.shutDown(browser, member.pid)
      }),
    )
  }

  private addMember(endpoint: string | null): Member {
    const member: Member = {
      id: this.members.length,
      endpoint,
      browser: null,
      pid: null,
      active: 0,
      starting: null,
      retired: false,
      downUntil: 0,
      strikes: 0,
    }
    this.members.push(member)
    return member
  }

  /**
   * Reads the fleet's lists again: new servers join, servers no longer listed take no new episodes (and close when
   * their last one ends), and servers that went away are tried again when due. A list that cannot be read this time
   * retires nothing.
   */
  private refreshFleet(): Promise<void> {
    if (this.refreshing || this.closing) return this.refreshing ?? Promise.resolve()
    this.refreshing = (async () => {
      let failed = false
      const endpoints = await currentEndpoints(this.options.fleet!, (source, error) => {
        failed = true
        this.options.reporter.warn(
          optionText`${opt('browserEndpoints')} ${source.text}: ${error.message} (the servers already known stay)`,
        )
      })
      if (this.closing) return
      const listed = new Set(endpoints)
      const known = new Set(this.members.filter((member) => !member.retired).map((member) => member.endpoint))
      for (const endpoint of endpoints) {
        if (known.has(endpoint)) continue
        this.options.reporter.info(`browser server ${endpoint} joined the fleet`)
        const member = this.addMember(endpoint)
        void this.startMember(member).catch((error: Error) => this.markDown(member, error))
      }
      if (!failed) {
        for (const member of this.members) {
          if (member.retired || listed.has(member.endpoint!)) continue
          member.retired = true
          this.options.reporter.info(`browser server ${member.endpoint} left the fleet: no new episodes go to it`)
          if (member.active === 0) void this.retire(member)
        }
      }
      this.reconnectDue()
    })().finally(() => (this.refreshing = null))
    return this.refreshing
  }

  /** Connects again to the fleet's servers that went away and are due for another try. */
  private reconnectDue(): void {
    const now = Date.now()
    for (const member of this.members) {
      if (member.retired || member.browser || member.starting || member.downUntil > now) continue
      void this.startMember(member).catch((error: Error) => this.markDown(member, error))
    }
  }

  /** A fleet server that cannot be reached now: tried again later, said once until it answers. */
  private markDown(member: Member, error: Error): void {
    member.strikes++
    member.downUntil = Date.now() + Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** (member.strikes - 1))
    if (member.strikes === 1)
      this.options.reporter.warn(`${firstLine(error)}; the others take its episodes, and it is tried again`)
  }

  /** Waits for a fleet server to connect; gives up when none has answered for FLEET_GIVE_UP_MS. */
  private async waitForFleet(): Promise<void> {
    if (Date.now() - this.lastLiveAt > FLEET_GIVE_UP_MS) {
      const servers = this.members.filter((member) => !member.retired).map((member) => member.endpoint)
      throw new ExternalError(
        `no browser server of the fleet has answered for ${FLEET_GIVE_UP_MS / 1000} s (${servers.join(', ') || 'none listed'})`,
        this.options.afterFleetFix
          ? optionText`check the servers (\`webgym browsers serve\`) and the ${opt('browserEndpoints')} list, then ${this.options.afterFleetFix}`
          : optionText`check the servers (\`webgym browsers serve\`) and the ${opt('browserEndpoints')} list`,
      )
    }
    this.reconnectDue()
    const pending = this.members.flatMap((member) => (member.starting ? [member.starting.catch(() => {})] : []))
    await Promise.race([...pending, new Promise((resolve) => setTimeout(resolve, 500))])
  }

  /** Closes the connection to a server that left the fleet. */
  private async retire(member: Member): Promise<void> {
    const browser = member.browser
    member.browser = null
    if (browser) await withTimeout(browser.close(), PROBE_TIMEOUT_MS).catch(() => {})
  }

  private restart(member: Member, reason: string): Promise<void> {
    if (member.starting) return member.starting
    if (this.closing) return Promise.resolve()
    this.restarts++
    if (member.endpoint) {
      // A fleet server that hangs: connect again; one that cannot be reached is tried later, as when it went away.
      const old = member.browser
      member.browser = null
      if (old) void this.shutDown(old, null)
      return this.startMember(member).catch((error: Error) => this.markDown(member, error))
    }
    if (this.restarts > this.maxRestarts) {
      return Promise.reject(
        new ExternalError(
          `browsers were replaced ${this.restarts - 1} times in this run, giving up (last: ${reason})`,
          optionText`check Chromium on its own, e.g. with a short rollout ${opt('browsers')} 1`,
        ),
      )
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
            throw new ExternalError(
              `cannot connect to the browser server at ${member.endpoint}: ${firstLine(error)}`,
              'start one with `webgym browsers serve` on the worker and pass the ws:// address it prints',
            )
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
          throw new ExternalError(
            `cannot prepare browser ${member.id + 1}: ${firstLine(error)}`,
            'check the Chromium build: the rollout needs its DevTools protocol (CDP)',
          )
        }
      }
      if (this.closing) {
        await browser.close().catch(() => {})
        return
      }
      member.browser = browser
      member.strikes = 0
      member.downUntil = 0
      this.lastLiveAt = Date.now()
      member.pid = member.endpoint ? null : await browserPid(browser)
      browser.once('disconnected', () => {
        if (this.closing || member.browser !== browser) return
        if (member.endpoint) {
          // A fleet server that went away: its episodes in flight are retried on the others; it is tried again.
          member.browser = null
          this.restarts++
          if (member.retired) return
          this.options.reporter.warn(
            `browser server ${member.endpoint} disconnected: its episodes in flight are retried on the others, and it is tried again`,
          )
          void this.startMember(member).catch((error: Error) => this.markDown(member, error))
          return
        }
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
