import {once} from 'node:events'
import {Flags} from '@oclif/core'
import {chromium} from 'playwright-core'
import {BaseCommand} from '../../lib/cli/base-command.js'
import {chromiumArgs, chromiumPath} from '../../lib/browser/chromium.js'
import {writeText} from '../../lib/io/write-text.js'

export default class BrowsersServe extends BaseCommand<typeof BrowsersServe> {
  static summary = 'Serve a Chromium browser to remote rollouts (a Playwright browser server).'
  static description = `Starts Debian's Chromium with webgym's flags behind Playwright's browser server and prints one JSON line on stdout with its ws:// endpoint; pass that to \`webgym rollout --browser-ws URL\` (repeatable) on the machine that runs the policy. Run one per worker machine (or several per machine for more processes); it runs until interrupted. Client and server must use the same playwright-core version, which they do when both are this webgym. The endpoint has a random path: anyone who knows it can drive the browser, so keep it on a private network.`

  static examples = [
    '<%= config.bin %> browsers serve --port 9400 --host 0.0.0.0',
    '<%= config.bin %> browsers serve --port 0 --host-resolver-rules "MAP *.webgym.test 10.0.0.5:8040"',
  ]

  static flags = {
    port: Flags.integer({default: 0, min: 0, max: 65_535, helpValue: 'N', description: 'TCP port; 0 picks a free one.'}),
    host: Flags.string({default: '127.0.0.1', helpValue: 'ADDR', description: 'Interface to listen on (0.0.0.0 for other machines).'}),
    'host-resolver-rules': Flags.string({helpValue: 'RULES', description: "Chromium's --host-resolver-rules, e.g. to reach a fixture web on another machine."}),
  }

  async run(): Promise<void> {
    const server = await chromium.launchServer({
      executablePath: chromiumPath(),
      headless: true,
      args: chromiumArgs({hostResolverRules: this.flags['host-resolver-rules']}),
      port: this.flags.port,
      host: this.flags.host,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    })
    const endpoint = server.wsEndpoint()
    await writeText(`${JSON.stringify({ws_endpoint: endpoint, pid: server.process().pid ?? null})}\n`)
    this.reporter.info(`browsers serve: Chromium at ${endpoint} (use rollout --browser-ws ${endpoint})`)
    await Promise.race([once(process, 'SIGINT'), once(process, 'SIGTERM'), once(server.process(), 'exit')])
    await server.close()
    this.reporter.info('browsers serve: stopped')
  }
}
