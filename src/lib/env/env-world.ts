import pLimit from 'p-limit'
import {EgressProxy} from '../egress/egress-proxy.js'
import {ArtefactStore} from '../io/artefact-store.js'
import {RecordWriter} from '../io/record-writer.js'
import {optionKeys, type OptionNames} from '../option-text.js'
import type {Reporter} from '../report/reporter.js'
import {Blocklist} from '../rollout/blocklist.js'
import {fleetSources} from '../rollout/browser-fleet.js'
import {BrowserPool} from '../rollout/browser-pool.js'
import type {EpisodeServices} from '../rollout/episode.js'
import type {EpisodeSettings} from '../rollout/episode-settings.js'
import {RolloutMetrics} from '../rollout/metrics.js'
import {NavigationGuard} from '../rollout/navigation-guard.js'
import {guardBrowserRequests} from '../rollout/request-guard.js'
import {
  fixtureWeb,
  type BrowserSettings,
  type FixtureSetup,
  type FixtureWebSettings,
  type GuardSettings,
} from '../rollout/run-rollout.js'
import type {Task} from '../schema/task.js'
import type {Trajectory} from '../schema/trajectory.js'
import {FIXTURE_DOMAIN} from '../sites/catalog.js'
import {fixtureEpisodeCheck} from '../sites/episode-check.js'
import type {SitesServer} from '../sites/server.js'

export interface EnvWorldOptions {
  /** The served tasks: the fixture web is started when they need it and no running one is given, as rollout does. */
  tasks: readonly Task[]
  browsers: BrowserSettings
  episode: EpisodeSettings
  fixtureWeb: FixtureWebSettings
  guard: GuardSettings
  /** The trajectory file (stdout when absent) and the screenshot store. */
  output: {file?: string; shots: string}
  reporter: Reporter
  names?: OptionNames
}

/**
 * What the episodes of `env serve` run in, started as `rollout` starts it: the fixture web, the navigation guard and
 * egress proxy, the blocklist, the browser pool, the screenshot store and the trajectory writer. `close` stops them
 * all, whatever started.
 */
export class EnvWorld {
  readonly metrics = new RolloutMetrics()
  /** The fixture web's seed, when this world started it (task records given at reset are checked against it). */
  fixtureSeed: number | null = null
  private sites: SitesServer | undefined
  private egress: EgressProxy | undefined
  private pool_: BrowserPool | undefined
  private writer: RecordWriter | undefined
  private services_: EpisodeServices | undefined
  private fixture_: FixtureSetup | null = null
  private readonly writes = pLimit(1)

  private constructor(private readonly options: EnvWorldOptions) {}

  static async start(options: EnvWorldOptions): Promise<EnvWorld> {
    const world = new EnvWorld(options)
    try {
      await world.open()
    } catch (error) {
      await world.close()
      throw error
    }
    return world
  }

  get pool(): BrowserPool {
    return this.pool_!
  }

  get services(): EpisodeServices {
    return this.services_!
  }

  /** The fixture web episodes can use, or null when this server has none. */
  get fixture(): FixtureSetup | null {
    return this.fixture_
  }

  get settings(): EpisodeSettings {
    return this.options.episode
  }

  /** Appends a finished episode's trajectory, whole, to the trajectory file (one write at a time). */
  write(trajectory: Trajectory): Promise<void> {
    return this.writes(async () => {
      await this.writer!.write(trajectory)
      await this.writer!.flush()
    })
  }

  async close(): Promise<void> {
    await this.writes(async () => {
      await this.writer?.close()
    })
    await this.pool_?.close()
    await this.egress?.close()
    await this.sites?.stop()
  }

  private async open(): Promise<void> {
    const {options} = this
    const names = options.names ?? optionKeys
    const {endpoints} = options.browsers
    const fleet = endpoints.length > 0 ? await fleetSources(endpoints) : undefined
    const guard = new NavigationGuard({allowHosts: options.guard.allowHosts, names})
    const blocklist = await Blocklist.open({path: options.guard.blocklist, threshold: options.guard.blockAfter})
    this.fixture_ = await fixtureWeb(options.tasks, options, (server) => {
      this.sites = server
      this.fixtureSeed = server.catalog.seed
    })
    if (this.fixture_) guard.allow(`*.${FIXTURE_DOMAIN}`)
    this.writer = await RecordWriter.open(options.output.file)
    // Local browsers reach the web only through the egress proxy; a remote browser server runs its own.
    if (!fleet) this.egress = await EgressProxy.start({guard, hostRules: this.fixture_?.rules})
    this.pool_ = await BrowserPool.start({
      local: options.browsers.local,
      fleet,
      launchArgs: this.egress?.chromiumArgs(),
      viewport: options.episode.viewport,
      reporter: options.reporter,
      prepare: (browser) => guardBrowserRequests(browser, guard),
    })
    // Page starts at once, one per browser (at least two), as rollout spreads its first wave.
    const limitStarts = pLimit(Math.max(2, this.pool_.size))
    const fixture = this.fixture_
    this.services_ = {
      shots: new ArtefactStore(options.output.shots),
      guard,
      egress: this.egress,
      blocklist,
      validate: fixtureEpisodeCheck(fixture ? {url: fixture.url, token: fixture.token} : null, names),
      metrics: this.metrics,
      // The wait for a client's action is bounded by the session's idle timeout, not by the step's.
      policyTimeoutMs: null,
      limitRequests: (request) => request(),
      limitStarts,
      // Each session's steps are its client's calls, one at a time: nothing to queue here.
      browserTurn: async () => () => {},
    }
  }
}
