import type {Browser} from 'playwright-core'
import {firstLine} from '../errors.js'
import type {TaskInput} from '../schema/task.js'
import type {SolutionStep} from '../schema/solution.js'
import {cookieHeaderFor, requestCheck, type CheckResult} from './check-client.js'
import {runSolution} from './solution-runner.js'
import type {SitesServer} from './server.js'

export interface TaskVerification {
  id: string
  ok: boolean
  /** What went wrong, one line each; empty when ok. */
  problems: string[]
  solved?: CheckResult
}

export const WRONG_ANSWER = 'I could not find this information.'
export const VIEWPORT = {width: 1280, height: 768}

/**
 * Verifies one fixture task in real Chromium: following its reference solution from start_url passes the check;
 * a wrong final answer fails at least one fact; for state and form tasks, a fresh session and the state just before
 * the last action each fail at least one fact.
 */
export async function verifyTask(
  browser: Browser,
  server: Pick<SitesServer, 'url' | 'token'>,
  task: TaskInput,
): Promise<TaskVerification> {
  const problems: string[] = []
  const steps = (task.meta?.solution ?? []) as SolutionStep[]
  const kind = task.meta?.kind as string | undefined
  const context = await browser.newContext({viewport: VIEWPORT, deviceScaleFactor: 1})
  const check = async (answer: string | null, cookie: string | undefined) =>
    requestCheck({serverUrl: server.url, token: server.token, task: task.id, answer, cookie})
  let solved: CheckResult | undefined
  try {
    const page = await context.newPage()
    page.on('dialog', (dialog) => void dialog.dismiss())
    await page.goto(task.start_url!, {waitUntil: 'load'})
    const statefulTask = kind === 'state' || kind === 'form'
    const lastAction = lastIndexWhere(steps, (step) => step.op !== 'answer')
    let answer: string | null = null
    if (statefulTask && lastAction > 0) {
      const first = await runSolution(page, steps, {stopBefore: lastAction})
      const partial = await check(referenceOrNull(task, steps), await cookieHeaderFor(context, task.start_url!))
      if (partial.pass)
        problems.push(
          `the state before the last action (${lastAction + 1} of ${steps.length}) already passes the check`,
        )
      answer = (await runSolution(page, steps, {startAt: lastAction})).answer ?? first.answer
    } else answer = (await runSolution(page, steps)).answer
    const cookie = await cookieHeaderFor(context, task.start_url!)
    solved = await check(answer, cookie)
    if (!solved.pass)
      problems.push(
        `reference solution fails: ${solved.facts
          .filter((f) => !f.pass)
          .map((f) => f.fact)
          .join('; ')}`,
      )
    if (answer !== null) {
      const wrong = await check(WRONG_ANSWER, cookie)
      if (wrong.pass) problems.push('a wrong final answer passes the check')
    }
    if (statefulTask) {
      const fresh = await check(answer, undefined)
      if (fresh.pass) problems.push('a fresh session (no actions) passes the check')
    }
  } catch (error) {
    problems.push(firstLine(error))
  } finally {
    await context.close()
  }
  return {id: task.id, ok: problems.length === 0, problems, solved}
}

function referenceOrNull(task: TaskInput, steps: readonly SolutionStep[]): string | null {
  const answerStep = steps.findLast((step) => step.op === 'answer')
  return answerStep?.op === 'answer' ? answerStep.text : (task.reference_answer ?? null)
}

function lastIndexWhere<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i]!)) return i
  return -1
}
