import type {BrowserContext} from 'playwright-core'
import {opt, optionKeys, optionText, renderText, type OptionNames} from '../option-text.js'
import {isFixtureUrl} from './catalog.js'
import {cookieHeaderFor, requestCheck} from './check-client.js'

/** A running fixture web whose check endpoint answers for a rollout's episodes. */
export interface FixtureWeb {
  url: string
  token: string | null
}

export interface EpisodeCheckInput {
  task: {start_url?: string | null; meta?: unknown}
  context: BrowserContext
  answer: string | null
  /** When each observation of the episode was taken (ISO 8601), so that the fixture web can say which were stale. */
  steps: readonly {observed_at?: string}[]
}

/**
 * The fixture web's end-of-episode check, as a rollout's per-task validation hook: the verdict per rubric fact on the
 * browser session's state and the answer, and, from the fixture web's own record of what each response showed, the
 * observations taken while the page did not yet show the session's state. Undefined for tasks from elsewhere.
 * `names` words the error of a check that cannot be made.
 */
export function fixtureEpisodeCheck(
  fixture: FixtureWeb | null,
  names: OptionNames = optionKeys,
): (input: EpisodeCheckInput) => Promise<Record<string, unknown> | undefined> {
  return async ({task, context, answer, steps}) => {
    const check = (task.meta as {check?: {task?: string}} | undefined)?.check
    if (!check?.task || !isFixtureUrl(task.start_url)) return undefined
    if (!fixture?.token)
      return {
        error: renderText(
          optionText`no token for the fixture web check endpoint (pass ${opt('sitesToken')} with ${opt('sites')})`,
          names,
        ),
      }
    const cookie = await cookieHeaderFor(context, task.start_url!)
    const observedAt = steps.map((step) => (step.observed_at ? Date.parse(step.observed_at) : null))
    return {
      ...(await requestCheck({
        serverUrl: fixture.url,
        token: fixture.token,
        task: check.task,
        answer,
        cookie,
        observedAt,
      })),
    }
  }
}
