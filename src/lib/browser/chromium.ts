import {existsSync} from 'node:fs'
import {chromium, type Browser, type LaunchOptions} from 'playwright-core'
import {ExternalError, firstLine} from '../errors.js'

// Debian's Chromium driven by playwright-core: Playwright cannot download its own browsers on these machines.

/** Flags that work as root in a container, and keep Chromium off the network it cannot reach. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
]

const CANDIDATES = ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser']

/** No usable Chromium: exit 1 with how to install one. */
export class ChromiumNotFoundError extends ExternalError {}

/** `WEBGYM_CHROMIUM`, else Debian's Chromium. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.WEBGYM_CHROMIUM
  if (configured) {
    if (!existsSync(configured))
      throw new ChromiumNotFoundError(
        `WEBGYM_CHROMIUM points to ${configured}, which does not exist`,
        "set it to the Chromium binary, or unset it to use Debian's (apt-get install chromium)",
      )
    return configured
  }
  const found = CANDIDATES.find((path) => existsSync(path))
  if (!found)
    throw new ChromiumNotFoundError(
      "Chromium not found: install Debian's package (apt-get install chromium) or set WEBGYM_CHROMIUM to its path",
    )
  return found
}

export interface ChromiumOptions {
  /** Chromium's `--host-resolver-rules`, e.g. the fixture web's `MAP *.webgym.test 127.0.0.1:PORT`. */
  hostResolverRules?: string
  extraArgs?: string[]
  launch?: LaunchOptions
}

export function chromiumArgs(options: ChromiumOptions = {}): string[] {
  const args = [...CHROMIUM_FLAGS, ...(options.extraArgs ?? [])]
  if (options.hostResolverRules) args.push(`--host-resolver-rules=${options.hostResolverRules}`)
  return args
}

// Starts a headless Chromium; one that fails to start is an external failure naming the command line it ran.
export async function launchChromium(options: ChromiumOptions = {}): Promise<Browser> {
  const executablePath = chromiumPath()
  const args = chromiumArgs(options)
  try {
    return await chromium.launch({executablePath, headless: true, args, ...options.launch})
  } catch (error) {
    throw new ExternalError(
      `Chromium did not start: ${firstLine(error)}`,
      'check that this Chromium build runs on this machine, or set WEBGYM_CHROMIUM to another one',
      {cause: error, command: executablePath, args},
    )
  }
}
