import {once} from 'node:events'
import {Flags} from '@oclif/core'
import {BaseCommand} from '../../cli/base-command.js'
import {choiceList, namesList} from '../../cli/choice-list.js'
import {seedFlag} from '../../cli/flags.js'
import {pagesFlag, parseFaultFlag, variantsFlag} from '../../cli/site-flags.js'
import {UsageError} from '../../lib/errors.js'
import {writeText} from '../../lib/io/write-text.js'
import {DEFAULT_FAULT_SPEC, FAULT_SPEC_EXAMPLE, FAULT_PRESETS, type FaultConfig} from '../../lib/sites/faults.js'
import {EVERYDAY_HAZARDS, HAZARD_SUMMARIES} from '../../lib/sites/hazards.js'
import {startSites} from '../../lib/sites/server.js'

export default class SitesServe extends BaseCommand<typeof SitesServe> {
  static summary = 'Serve the offline fixture web: hundreds of realistic sites under *.webgym.test.'
  static description = `One HTTP server for every fixture site, dispatching on the Host header (<site>.webgym.test). It prints one JSON line on stdout with its address, the Chromium --host-resolver-rules value that maps *.webgym.test to it, and the control token that /__webgym/ endpoints (check, faults, health, log) require; the same in words on stderr. It runs until interrupted.

Hazards: pages that punish an observation taken too early, as the live web's do. Sites take them on as traits (script-redirect is drawn per page load instead): ${choiceList(HAZARD_SUMMARIES)}. By default (everyday) a few sites have each of ${namesList(Object.keys(EVERYDAY_HAZARDS), 'and')}; --faults hazards turns them all up; --faults none turns everything off. Every session's requests are logged with the state their answers reflected, so /__webgym/check can say which of an episode's observations were taken before the page showed the session's state.

Faults: the presets are ${choiceList(FAULT_PRESETS)}. A spec such as "${FAULT_SPEC_EXAMPLE},skeleton=0.5" sets each part (latency as median/p95 ms, tail as the share of page requests and the ms they take longer, block-kind as captcha or 403, the rest as rates or shares of sites, and each hazard by name as a share of sites) after any preset it names; a spec replaces the default, so add "everyday," to keep its hazards. --fault-site HOST=SPEC sets one site's faults.

Saved pages: --pages DIR serves each page of DIR as a website of its own beside the families, at / of <name>.pages.webgym.test, its bytes unchanged (in their own encoding; any other path 404, no hazards or faults; what the page loads from other hosts is not there, as offline). DIR is a folder of <name>/source.html with expected-metadata.json (as Mozilla Readability keeps its test pages) or of <name>.html files; <name> is made a DNS label. "sites tasks --pages DIR" writes questions about them, checked at /__webgym/check.`

  static examples = [
    '<%= config.bin %> sites serve --port 8040',
    '<%= config.bin %> sites serve --port 0 --faults realistic > sites.json &',
    '<%= config.bin %> sites serve --fault-site "northwind-market.webgym.test=block=1,block-kind=403"',
    '<%= config.bin %> sites serve --pages fixtures/real-pages    # http://qq.pages.webgym.test/ and 64 more',
  ]

  static flags = {
    port: Flags.integer({
      default: 8040,
      min: 0,
      max: 65_535,
      helpValue: 'N',
      description: 'TCP port; 0 picks a free one.',
    }),
    host: Flags.string({default: '127.0.0.1', helpValue: 'ADDR', description: 'Interface to listen on.'}),
    ...seedFlag,
    faults: Flags.string({
      default: DEFAULT_FAULT_SPEC,
      helpValue: 'SPEC',
      description: `Faults and hazards for every site: ${namesList([...Object.keys(FAULT_PRESETS), 'a spec (see the description)'])}.`,
    }),
    'fault-site': Flags.string({
      multiple: true,
      multipleNonGreedy: true,
      helpValue: 'HOST=SPEC',
      description: 'Faults for one site, e.g. shop.webgym.test=error=0.5.',
    }),
    token: Flags.string({
      helpValue: 'TOKEN',
      env: 'WEBGYM_SITES_TOKEN',
      description: 'Control token for /__webgym/ endpoints (random when absent).',
    }),
    ...variantsFlag,
    ...pagesFlag,
  }

  async run(): Promise<void> {
    const faults = parseFaultFlag('--faults', this.flags.faults)
    const siteFaults: Record<string, FaultConfig> = {}
    for (const entry of this.flags['fault-site'] ?? []) {
      const at = entry.indexOf('=')
      if (at <= 0) throw new UsageError(`--fault-site needs HOST=SPEC, e.g. shop.webgym.test=error=0.5, got "${entry}"`)
      siteFaults[entry.slice(0, at).toLowerCase()] = parseFaultFlag('--fault-site', entry.slice(at + 1))
    }
    const server = await startSites({
      port: this.flags.port,
      host: this.flags.host,
      seed: this.flags.seed,
      faults,
      siteFaults,
      token: this.flags.token,
      variantsPerFamily: this.flags.variants,
      pages: this.flags.pages,
    })
    const info = {
      url: server.url,
      port: server.port,
      host_resolver_rules: server.hostResolverRules,
      token: server.token,
      sites: server.catalog.sites.length,
      pages: server.pages?.pages.length ?? 0,
      seed: this.flags.seed,
    }
    await writeText(`${JSON.stringify(info)}\n`)
    this.reporter.info(
      `sites serve: ${info.sites} sites${info.pages > 0 ? ` and ${info.pages} saved pages` : ''} at ${server.url} (seed ${this.flags.seed}, faults ${this.flags.faults})`,
    )
    this.reporter.info(`sites serve: chromium --host-resolver-rules="${server.hostResolverRules}"`)
    this.reporter.info(`sites serve: control token ${server.token} (header X-Webgym-Token)`)
    await Promise.race([once(process, 'SIGINT'), once(process, 'SIGTERM')])
    await server.stop()
    this.reporter.info('sites serve: stopped')
  }
}
