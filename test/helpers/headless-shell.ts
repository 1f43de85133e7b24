// Test files whose claim is webgym's own logic over real browsing (statistics over real runs, the fixture web's
// reference solutions, browser restarts, resume and replay), not what Chromium draws, drive Debian's headless shell:
// the same Blink at about half the CPU per step (src/lib/browser/chromium.ts). What a policy is shown (settling, the
// real pages, observation modes, scrolling, fonts, the guard) and the demo are tested on the default browser.
import {afterAll} from 'vitest'
import {HEADLESS_SHELL} from '../../src/lib/browser/chromium.js'

/** From here to the end of the file, browsers this process or the CLI it starts launch are the headless shell. */
export function driveHeadlessShell(): void {
  if (process.env.WEBGYM_CHROMIUM !== undefined) return // a Chromium chosen for the whole run stays
  process.env.WEBGYM_CHROMIUM = HEADLESS_SHELL
  afterAll(() => {
    delete process.env.WEBGYM_CHROMIUM
  })
}
