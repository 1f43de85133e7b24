import {once} from 'node:events'
import {Flags} from '@oclif/core'
import {BaseCommand} from '../../lib/cli/base-command.js'
import {UsageError} from '../../lib/cli/errors.js'
import {seedFlag} from '../../lib/cli/flags.js'
import {writeText} from '../../lib/io/write-text.js'
import {FaultSpecError, parseFaultSpec, type FaultConfig} from '../../lib/sites/faults.js'
import {variantsFlag} from '../../lib/sites/flags.js'
import {startSites} from '../../lib/sites/server.js'

export default class SitesServe extends BaseCommand<typeof SitesServe> {
  static summary = 'Serve the offline fixture web: hundreds of realistic sites under *.webgym.test.'
  static description = `One HTTP server for every fixture site, dispatching on the Host header (<site>.webgym.test). It prints one JSON line on stdout with its address, the Chromium --host-resolver-rules value that maps *.webgym.test to it, and the control token that /__webgym/ endpoints (check, faults, health) require; the same in words on stderr. It runs until interrupted.

Faults are off by default. --faults realistic turns on a mix close to what the live web shows agents; a spec such as "latency=200/1500,error=0.02,hang=0.005,block=0.01,block-kind=captcha,offsite=0.01,heavy=0.02,blocked-sites=0.03" sets each part (latency as median/p95 ms, the rest as rates). --fault-site HOST=SPEC sets one site's faults.`

  static examples = [
    '<%= config.bin %> sites serve --port 8040',
    '<%= config.bin %> sites serve --port 0 --faults realistic > sites.json &',
    '<%= config.bin %> sites serve --fault-site "northwind-market.webgym.test=block=1,block-kind=403"',
  ]

  static flags = {
    port: Flags.integer({default: 8040, min: 0, max: 65_535, helpValue: 'N', description: 'TCP port; 0 picks a free one.'}),
    host: Flags.string({default: '127.0.0.1', helpValue: 'ADDR', description: 'Interface to listen on.'}),
    ...seedFlag,
    faults: Flags.string({default: 'none', helpValue: 'SPEC', description: 'Faults for every site: none, realistic, or a spec (see the description).'}),
    'fault-site': Flags.string({multiple: true, helpValue: 'HOST=SPEC', description: 'Faults for one site, e.g. shop.webgym.test=error=0.5.'}),
    token: Flags.string({helpValue: 'TOKEN', env: 'WEBGYM_SITES_TOKEN', description: 'Control token for /__webgym/ endpoints (random when absent).'}),
    ...variantsFlag,
  }

  async run(): Promise<void> {
    const faults = parseFaults('--faults', this.flags.faults)
    const siteFaults: Record<string, FaultConfig> = {}
    for (const entry of this.flags['fault-site'] ?? []) {
      const at = entry.indexOf('=')
      if (at <= 0) throw new UsageError(`--fault-site needs HOST=SPEC, e.g. shop.webgym.test=error=0.5, got "${entry}"`)
      siteFaults[entry.slice(0, at).toLowerCase()] = parseFaults('--fault-site', entry.slice(at + 1))
    }
    const server = await startSites({port: this.flags.port, host: this.flags.host, seed: this.flags.seed, faults, siteFaults, token: this.flags.token, variantsPerFamily: this.flags.variants})
    const info = {url: server.url, port: server.port, host_resolver_rules: server.hostResolverRules, token: server.token, sites: server.catalog.sites.length, seed: this.flags.seed}
    await writeText(`${JSON.stringify(info)}\n`)
    this.reporter.info(`sites serve: ${info.sites} sites at ${server.url} (seed ${this.flags.seed}, faults ${this.flags.faults})`)
    this.reporter.info(`sites serve: chromium --host-resolver-rules="${server.hostResolverRules}"`)
    this.reporter.info(`sites serve: control token ${server.token} (header X-Webgym-Token)`)
    await Promise.race([once(process, 'SIGINT'), once(process, 'SIGTERM')])
    await server.stop()
    this.reporter.info('sites serve: stopped')
  }
}

function parseFaults(flag: string, spec: string): FaultConfig {
  try {
    return parseFaultSpec(spec)
  } catch (error) {
    if (error instanceof FaultSpecError) throw new UsageError(`${flag}: ${error.message}`)
    throw error
  }
}
