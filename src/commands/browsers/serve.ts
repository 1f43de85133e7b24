import {once} from 'node:events'
import {Flags} from '@oclif/core'
import {chromium} from 'playwright-core'
import {BaseCommand} from '../../cli/base-command.js'
import {flagNames} from '../../cli/flag-names.js'
import {chromiumArgs, chromiumPath} from '../../lib/browser/chromium.js'
import {EgressProxy} from '../../lib/egress/egress-proxy.js'
import {HostRules} from '../../lib/egress/host-rules.js'
import {UsageError} from '../../lib/errors.js'
import {writeText} from '../../lib/io/write-text.js'
import {NavigationGuard} from '../../lib/rollout/navigation-guard.js'

export default class BrowsersServe extends BaseCommand<typeof BrowsersServe> {
  static summary = 'Serve a Chromium browser to remote rollouts (a Playwright browser server).'
  static description = `Starts Debian's Chromium with webgym's flags behind Playwright's browser server and prints one JSON line on stdout with its ws:// endpoint; pass that to \`webgym rollout --browser-ws URL\` (repeatable) on the machine that runs the policy. Run one per worker machine (or several per machine for more processes); it runs until interrupted. Client and server must use the same playwright-core version, which they do when both are this webgym. The endpoint has a random path: anyone who knows it can drive the browser, so keep it on a private network.

Every request the browser makes leaves through an egress proxy on this machine that resolves each name and refuses loopback, private, link-local, unique-local, CGNAT and metadata addresses by the address it resolved to (WebSockets included). Names mapped by --host-resolver-rules are allowed (the rule says where they are); --allow-host allows others.`

  static examples = [
    '<%= config.bin %> browsers serve --port 9400 --host 0.0.0.0',
    '<%= config.bin %> browsers serve --port 0 --host-resolver-rules "MAP *.webgym.test 10.0.0.5:8040"',
  ]

  static flags = {
    port: Flags.integer({
      default: 0,
      min: 0,
      max: 65_535,
      helpValue: 'N',
      description: 'TCP port; 0 picks a free one.',
    }),
    host: Flags.string({
      default: '127.0.0.1',
      helpValue: 'ADDR',
      description: 'Interface to listen on (0.0.0.0 for other machines).',
    }),
    'host-resolver-rules': Flags.string({
      helpValue: 'RULES',
      description:
        'MAP rules in the syntax of Chromium\'s --host-resolver-rules ("MAP *.webgym.test 10.0.0.5:8040"), applied by the egress proxy; the names they map are allowed.',
    }),
    'allow-host': Flags.string({
      multiple: true,
      multipleNonGreedy: true,
      helpValue: 'HOST',
      description: 'A local or private host the browser may reach (host, host:port, *.suffix or IP); repeatable.',
    }),
    'ws-path': Flags.string({
      env: 'WEBGYM_BROWSERS_WS_PATH',
      helpValue: 'PATH',
      description:
        'A fixed path for the ws:// endpoint instead of a random one: a fleet found by one DNS name (rollout --browser-ws dns+ws://NAME:PORT/PATH) needs the same path on every server. Whoever knows it can drive the browser: keep it secret and the port on a private network.',
    }),
  }

  async run(): Promise<void> {
    const rules = HostRules.parse(this.flags['host-resolver-rules'])
    const guard = new NavigationGuard({allowHosts: this.flags['allow-host'] ?? [], names: flagNames})
    for (const pattern of rules.patterns()) {
      try {
        guard.allow(pattern)
      } catch {
        throw new UsageError(
          `--host-resolver-rules maps ${JSON.stringify(pattern)}, which cannot be allowed as a host`,
          'map names (host or *.suffix), or pass --allow-host for what the pattern should let through',
        )
      }
    }
    const egress = await EgressProxy.start({guard, hostRules: this.flags['host-resolver-rules']})
    const server = await chromium
      .launchServer({
        executablePath: chromiumPath(),
        headless: true,
        args: chromiumArgs({extraArgs: egress.chromiumArgs()}),
        port: this.flags.port,
        host: this.flags.host,
        ...(this.flags['ws-path']
          ? {wsPath: this.flags['ws-path'].startsWith('/') ? this.flags['ws-path'] : `/${this.flags['ws-path']}`}
          : {}),
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      })
      .catch(async (error: unknown) => {
        await egress.close()
        throw error
      })
    const endpoint = server.wsEndpoint()
    await writeText(`${JSON.stringify({ws_endpoint: endpoint, pid: server.process().pid ?? null})}\n`)
    this.reporter.info(
      `browsers serve: Chromium at ${endpoint} (use rollout --browser-ws ${endpoint}); egress through ${egress.url}`,
    )
    await Promise.race([once(process, 'SIGINT'), once(process, 'SIGTERM'), once(server.process(), 'exit')])
    await server.close()
    await egress.close()
    this.reporter.info('browsers serve: stopped')
  }
}
