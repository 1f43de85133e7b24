import type {LlmClient} from '../llm/client.js'
import {
  JUDGE_PROMPT_VERSION,
  ReferenceReplySchema,
  referenceMessages,
  RelevanceReplySchema,
  relevanceMessages,
  rubricFacts,
  VerdictReplySchema,
  verdictMessages,
  type JudgeFact,
  type VerdictReply,
} from '../prompts/judge.js'
import type {OptionNames} from '../option-text.js'
import {formatAction} from '../prompts/qwen3vl.js'
import {blockedPageReason} from '../rollout/blocked-page.js'
import type {FactVerdict, Judgment} from '../schema/judged.js'
import type {Step, Trajectory} from '../schema/trajectory.js'
import {WEBGYM_VERSION} from '../version.js'
import {combineVerdicts} from './majority.js'
import {compareToReference} from './reference-match.js'
import {ScreenshotReader, type ShotLocation} from './screenshot-images.js'
import {
  distinctShots,
  finalShot,
  keepKeyShots,
  mostRecentShots,
  type ScoredShot,
  type Shot,
} from './select-screenshots.js'

export interface LlmJudgeOptions {
  client: LlmClient
  /** The verdict model (the client's default model). */
  model: string
  /** The model that scores screenshots (can be cheaper); defaults to the verdict model. */
  selectModel: string
  maxImages: number
  /** Screenshots scoring at least this (1-5) are kept as evidence. */
  threshold: number
  votes: number
  /** Width the verdict model gets screenshots at, and the (smaller) width the selection model gets. */
  imageWidth: number
  selectImageWidth: number
  /** Runs one model request: the shared limit on requests in flight. */
  limit: <T>(request: () => Promise<T>) => Promise<T>
  where: ShotLocation
  /** How errors recorded in the judgment name options (the command layer: as flags); default: by their keys. */
  names?: OptionNames
}

/** The judge model's settings as judge and env serve take them (their flags), before the run adds its limit and shots. */
export interface LlmJudgeSettings {
  /** The model that scores screenshots [default: the verdict model]. */
  selectModel?: string
  maxImages: number
  selectThreshold: number
  votes: number
  imageWidth: number
  selectImageWidth: number
}

/** The options of judgeWithLlm for a client, its settings and how the run shares requests and finds screenshots. */
export function llmJudgeOptions(
  client: LlmClient,
  settings: LlmJudgeSettings,
  run: Pick<LlmJudgeOptions, 'limit' | 'where' | 'names'>,
): LlmJudgeOptions {
  return {
    client,
    model: client.options.model,
    selectModel: settings.selectModel || client.options.model,
    maxImages: settings.maxImages,
    threshold: settings.selectThreshold,
    votes: settings.votes,
    imageWidth: settings.imageWidth,
    selectImageWidth: settings.selectImageWidth,
    ...run,
  }
}

/** What judging one trajectory cost: the judge's cost per trajectory, as bench/judge reports it. */
export interface JudgeCost {
  requests: number
  /** Images sent with verdict requests (each vote sends them again). */
  images: number
  /** Images sent to the selection model, one per scored screenshot. */
  selection_images: number
}

/**
 * Judges one trajectory with the model: key screenshots chosen by a relevance score each (the final screen always
 * kept, at most maxImages), then the verdict (blocked, answer supported, one verdict per rubric fact; `votes`
 * times, majority per question), then the reference answer. Reward 1 only when nothing is blocked, the answer is
 * supported, every fact passes and the reference matches. Any failure gives reward 0 with the error: never a
 * silent 1.
 */
export async function judgeWithLlm(trajectory: Trajectory, options: LlmJudgeOptions): Promise<Judgment> {
  const cost: JudgeCost = {requests: 0, images: 0, selection_images: 0}
  const base = {
    judge: 'llm',
    model: options.model,
    prompt_version: JUDGE_PROMPT_VERSION,
    webgym_version: WEBGYM_VERSION,
  }
  const facts = rubricFacts(trajectory.task)
  const unjudged = (reason: string): FactVerdict[] =>
    facts.map((fact) => ({group_id: fact.group_id, fact: fact.text, pass: false, reason}))
  let keyShots: Shot[] = []
  try {
    if (facts.length === 0 && !trajectory.task.reference_answer) {
      throw new Error(
        `task ${trajectory.task.id} has neither a rubric nor a reference answer to judge against: run \`webgym rubric gen\` on the tasks first`,
      )
    }
    const wall = blockedBeforeJudging(trajectory)
    if (wall) {
      return {
        ...base,
        reward: 0,
        facts: unjudged(`not checked: ${wall}`),
        key_screenshots: [],
        answer_supported: null,
        reference_match: null,
        blocked: true,
        error: null,
        blocked_reason: wall,
        cost,
      }
    }
    if (!trajectory.steps.some((step) => step.screenshot)) {
      const reason = 'not checked: the episode has no screenshot (it never showed a page)'
      return {
        ...base,
        reward: 0,
        facts: unjudged(reason),
        key_screenshots: [],
        answer_supported: trajectory.answer === null ? null : false,
        reference_match: null,
        blocked: false,
        error: null,
        note: reason,
        cost,
      }
    }
    const reader = new ScreenshotReader(options.where, options.names)
    const selection = await selectKeyShots(trajectory, facts, reader, options, cost)
    keyShots = selection.kept

    const shots = await Promise.all(
      keyShots.map(async (shot) => ({
        step: shot.step,
        url: trajectory.steps[shot.step].url,
        imageUrl: await reader.dataUrl(shot.path, options.imageWidth),
      })),
    )
    const messages = verdictMessages({
      task: trajectory.task,
      facts,
      actions: trajectory.steps.map(actionLine),
      answer: trajectory.answer,
      shots,
    })
    const schema = verdictSchemaFor(facts)
    const replies = await Promise.all(
      Array.from({length: options.votes}, (_, sample) =>
        options.limit(() => {
          cost.requests++
          cost.images += shots.length
          return options.client.complete({
            schemaName: 'trajectory_verdict',
            schema,
            messages,
            promptVersion: JUDGE_PROMPT_VERSION,
            sample,
          })
        }),
      ),
    )
    const verdict = combineVerdicts(
      replies.map((reply) => reply.value),
      facts.map((fact) => fact.id),
    )
    const factVerdicts: FactVerdict[] = facts.map((fact) => {
      const found = verdict.facts.get(fact.id)!
      return {group_id: fact.group_id, fact: fact.text, pass: found.pass, reason: found.reason}
    })
    const answerSupported = trajectory.answer === null ? null : verdict.answerSupported === true
    const reference = await checkReference(trajectory, options, cost)
    const reward =
      !verdict.blocked &&
      factVerdicts.every((fact) => fact.pass) &&
      answerSupported !== false &&
      reference.match !== false &&
      (facts.length > 0 || reference.match === true)
    return {
      ...base,
      model: replies[0]?.model ?? options.model,
      reward: reward ? 1 : 0,
      facts: factVerdicts,
      key_screenshots: keyShots.map((shot) => shot.path),
      answer_supported: answerSupported,
      reference_match: reference.match,
      blocked: verdict.blocked,
      error: null,
      ...(verdict.blocked ? {blocked_reason: verdict.blockedReason} : {}),
      answer_reason: verdict.answerReason,
      ...(reference.reason ? {reference_reason: reference.reason} : {}),
      votes: options.votes,
      selection: selection.note,
      cost,
    }
  } catch (error) {
    const reason = (error as Error)?.message ?? String(error)
    return {
      ...base,
      reward: 0,
      facts: unjudged('not judged: judging failed'),
      key_screenshots: keyShots.map((shot) => shot.path),
      answer_supported: null,
      reference_match: null,
      blocked: false,
      error: options.client.redact(reason),
      cost,
    }
  }
}

/** A block the rollout already saw, or a wall title on the final screen: no model needed to give 0. */
export function blockedBeforeJudging(trajectory: Trajectory): string | null {
  if (trajectory.status === 'blocked')
    return `the rollout ended on a blocked page${trajectory.error ? ` (${trajectory.error})` : ''}`
  const last = trajectory.steps.at(-1)
  if (!last?.title) return null
  return blockedPageReason({status: null, title: last.title, text: ''})
}

interface Selection {
  kept: Shot[]
  note: {scored: number; kept: number; fallback: string | null; scores?: Array<{step: number; score: number}>}
}

async function selectKeyShots(
  trajectory: Trajectory,
  facts: readonly JudgeFact[],
  reader: ScreenshotReader,
  options: LlmJudgeOptions,
  cost: JudgeCost,
): Promise<Selection> {
  const shots = distinctShots(trajectory.steps)
  const final = finalShot(trajectory.steps)
  const candidates = shots.filter((shot) => shot.path !== final?.path)
  if (candidates.length === 0)
    return {kept: final ? [final] : [], note: {scored: 0, kept: final ? 1 : 0, fallback: null}}
  try {
    const scored: ScoredShot[] = await Promise.all(
      candidates.map(async (shot) => {
        const step = trajectory.steps[shot.step]
        const imageUrl = await reader.dataUrl(shot.path, options.selectImageWidth)
        const messages = relevanceMessages(
          trajectory.task,
          facts,
          {
            step: shot.step,
            steps: trajectory.steps.length,
            url: step.url,
            title: step.title,
            action: step.action ? formatAction(step.action) : null,
          },
          imageUrl,
        )
        const reply = await options.limit(() => {
          cost.requests++
          cost.selection_images++
          return options.client.complete({
            schemaName: 'screenshot_relevance',
            schema: RelevanceReplySchema,
            messages,
            promptVersion: JUDGE_PROMPT_VERSION,
            model: options.selectModel,
          })
        })
        return {...shot, score: reply.value.score}
      }),
    )
    const kept = keepKeyShots(final, scored, options.threshold, options.maxImages)
    return {
      kept,
      note: {
        scored: scored.length,
        kept: kept.length,
        fallback: null,
        scores: scored.map(({step, score}) => ({step, score})),
      },
    }
  } catch (error) {
    const kept = mostRecentShots(shots, options.maxImages)
    return {
      kept,
      note: {
        scored: 0,
        kept: kept.length,
        fallback: `selection failed (${options.client.redact((error as Error).message)}): kept the ${kept.length} most recent screenshots`,
      },
    }
  }
}

/** The verdict schema for one task: every fact id exactly once, so a reply that skips one is repaired, not guessed. */
function verdictSchemaFor(facts: readonly JudgeFact[]) {
  const ids = facts.map((fact) => fact.id)
  return VerdictReplySchema.superRefine((reply: VerdictReply, context) => {
    const given = reply.facts.map((fact) => fact.id)
    const missing = ids.filter((id) => !given.includes(id))
    const unknown = given.filter((id) => !ids.includes(id))
    if (missing.length > 0 || unknown.length > 0 || given.length !== ids.length) {
      context.addIssue({
        code: 'custom',
        path: ['facts'],
        message: `give exactly one verdict for each fact id ${ids.join(', ') || '(none)'}${missing.length > 0 ? `; missing ${missing.join(', ')}` : ''}${unknown.length > 0 ? `; unknown ${unknown.join(', ')}` : ''}`,
      })
    }
  })
}

interface ReferenceCheck {
  match: boolean | null
  reason: string | null
}

/** The reference answer: plain matching first, the model only when that cannot decide. */
async function checkReference(
  trajectory: Trajectory,
  options: LlmJudgeOptions,
  cost: JudgeCost,
): Promise<ReferenceCheck> {
  const reference = trajectory.task.reference_answer
  if (!reference) return {match: null, reason: null}
  if (trajectory.answer === null || trajectory.answer.trim() === '')
    return {match: false, reason: 'no answer to compare with the reference answer'}
  const outcome = compareToReference(trajectory.answer, reference)
  if (outcome !== 'inconclusive') return {match: outcome === 'match', reason: `plain match: ${outcome}`}
  const reply = await options.limit(() => {
    cost.requests++
    return options.client.complete({
      schemaName: 'reference_check',
      schema: ReferenceReplySchema,
      messages: referenceMessages(trajectory.task, trajectory.answer!, reference),
      promptVersion: JUDGE_PROMPT_VERSION,
    })
  })
  return {match: reply.value.match, reason: reply.value.reason}
}

function actionLine(step: Step): string {
  if (step.action) return formatAction(step.action)
  return step.action_error ? `(no usable action: ${step.action_error})` : '(no action)'
}
