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

/**
 * The browser features playwright-core 1.65 turns off (its `chromiumSwitches`), repeated here because Chromium keeps
 * only the last `--disable-features` it is given and ours comes after Playwright's: without them, ours would turn
 * Playwright's back on (HTTPS upgrades of http:// pages, among others). `test/browser.flags.test.ts` reads the
 * browser's command line and fails when a new Playwright disables a feature that is not listed here.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
]

/**
 * Features webgym turns off besides Playwright's. OverscrollHistoryNavigation: a horizontal wheel at the edge of a page
 * is a swipe that goes back (or forward) in history once the next input event arrives, so a scroll left would leave
 * the page, one step late; a scroll action must only scroll.
 */
export const DISABLED_FEATURES: readonly string[] = [...PLAYWRIGHT_DISABLED_FEATURES, 'OverscrollHistoryNavigation']

const DISABLE_FEATURES = '--disable-features='

/**
 * Debian's full browser by default; its headless shell (package chromium-headless-shell: Chromium's headless-only
 * build, the one Playwright itself runs for headless work) when WEBGYM_CHROMIUM names it. Both render pages with the
 * same Blink, Skia and fonts, and a step costs about half the CPU in the shell (bench/rollout's bare loop, 8 sessions on
 * 2 cores: 260-300 against 540-570 CPU ms per click and screenshot). But the shell draws none of the browser's own
 * pages: a navigation that failed is a white page instead of "This site can't be reached", a frame that failed is
 * blank instead of a grey box with its icon, and a plugin is "Couldn't load plugin." A screenshot-only policy is shown
 * less of what went wrong, so the shell is a choice a user makes, not the default. The binary itself comes before
 * Debian's /usr/bin wrapper script, so that the process Playwright starts and stops is the browser.
 */
export const FULL_CHROMIUM = '/usr/lib/chromium/chromium'
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'
const CHROMIUM_CANDIDATES = [FULL_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser']

/** No usable Chromium: exit 1 with how to install one. */
export class ChromiumNotFoundError extends ExternalError {}

/** `WEBGYM_CHROMIUM`, else the first of CHROMIUM_CANDIDATES installed. */
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
  const found = CHROMIUM_CANDIDATES.find((path) => existsSync(path))
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

/** The flags a browser starts with; a `--disable-features` among `extraArgs` joins webgym's one list. */
export function chromiumArgs(options: ChromiumOptions = {}): string[] {
  const extra = options.extraArgs ?? []
  const features = new Set(DISABLED_FEATURES)
  for (const arg of extra)
    if (arg.startsWith(DISABLE_FEATURES))
      for (const name of arg.slice(DISABLE_FEATURES.length).split(',')) if (name) features.add(name)
  const args = [
    ...CHROMIUM_FLAGS,
    `${DISABLE_FEATURES}${[...features].join(',')}`,
    ...extra.filter((arg) => !arg.startsWith(DISABLE_FEATURES)),
  ]
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
