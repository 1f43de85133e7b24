import {z} from 'zod'
import type {ChatMessage} from '../llm/client.js'
import type {Task} from '../schema/task.js'

// The judge's three prompts: a relevance score per screenshot (key screenshot selection), the verdict on a trajectory
// (blocked site, answer supported by the screenshots, one verdict per rubric fact), and the reference-answer check
// when plain matching cannot decide. Bump the version when any wording changes: it is part of the cache key and of
// every judgment's provenance.
export const JUDGE_PROMPT_VERSION = 'judge-v1'

/** A rubric fact as the judge sees it: `id` is `<group id>.<n>`, unique within the task. */
export interface JudgeFact {
  id: string
  group_id: string | number
  text: string
}

/** The facts of a task's rubric, numbered for the verdict prompt. */
export function rubricFacts(task: Task): JudgeFact[] {
  const facts: JudgeFact[] = []
  for (const group of task.rubric?.fact_groups ?? []) {
    group.facts.forEach((text, index) => facts.push({id: `${group.id}.${index + 1}`, group_id: group.id, text}))
  }
  return facts
}

// ---- key screenshot selection ------------------------------------------------------------------------------------

export const RelevanceReplySchema = z.object({
  reason: z.string().describe('One sentence: what the screenshot shows that matters for the task, or why nothing does'),
  score: z
    .number()
    .int()
    .min(1)
    .max(5)
    .describe('1 = irrelevant, 3 = shows something a fact or the answer depends on, 5 = decisive evidence'),
})
export type RelevanceReply = z.infer<typeof RelevanceReplySchema>

const SELECT_SYSTEM = `You help judge whether a web agent completed a task. You see one screenshot the agent took along the way. Score how useful it is as evidence for judging the task: 1 means it shows nothing the task depends on (a loading page, an unrelated page, a cookie banner), 3 means it shows something that one of the listed facts or the final answer depends on, 5 means it decisively shows a required fact, a final result or a block (CAPTCHA, access denied). Judge only what is visible.`

export interface ScreenshotContext {
  step: number
  steps: number
  url: string
  title?: string
  /** What the agent did on this screen, as a short text. */
  action: string | null
}

/** The messages that ask for one screenshot's relevance. */
export function relevanceMessages(
  task: Task,
  facts: readonly JudgeFact[],
  shot: ScreenshotContext,
  imageUrl: string,
): ChatMessage[] {
  const lines = [`Task: ${task.intent}`]
  if (facts.length > 0)
    lines.push('Facts the final state or answer must show:', ...facts.map((fact) => `- ${fact.text}`))
  lines.push(
    '',
    `Screenshot of step ${shot.step + 1} of ${shot.steps}, at ${shot.url}${shot.title ? ` ("${shot.title}")` : ''}.`,
    shot.action ? `The agent's action on this screen: ${shot.action}` : 'The agent took no action on this screen.',
    '',
    'Score the screenshot.',
  )
  return [
    {role: 'system', content: SELECT_SYSTEM},
    {
      role: 'user',
      content: [
        {type: 'text', text: lines.join('\n')},
        {type: 'image_url', image_url: {url: imageUrl}},
      ],
    },
  ]
}

// ---- the verdict ------------------------------------------------------------------------------------------------

export const VerdictReplySchema = z.object({
  blocked: z
    .boolean()
    .describe('True when the site blocked the agent: a CAPTCHA, an HTTP 403, an "access denied" or bot-check page'),
  blocked_reason: z.string().describe('What shows the block, or empty'),
  answer_supported: z
    .boolean()
    .nullable()
    .describe("Is every claim in the agent's final answer shown by a screenshot? null when the agent gave no answer"),
  answer_reason: z.string().describe('Which screenshot supports the answer, or which claim none does'),
  facts: z
    .array(
      z.object({
        id: z.string().describe('The fact id as given, e.g. "g1.2"'),
        pass: z.boolean().describe('True only if the screenshots or the answer clearly show the fact'),
        reason: z.string().describe('One short sentence of evidence'),
      }),
    )
    .describe('One verdict for every fact, in the order given'),
})
export type VerdictReply = z.infer<typeof VerdictReplySchema>

const VERDICT_SYSTEM = `You are a strict judge of web agents. An agent was given a task on a website; you see the key screenshots of its episode (the last one is the final screen), its actions and its final answer. Decide:
1. blocked: did the website block the agent (CAPTCHA, HTTP 403, "access denied", a bot check)?
2. answer_supported: is every claim in the final answer visible in at least one screenshot? An answer that states something no screenshot shows is not supported, even if it sounds plausible. null when there is no answer.
3. For every fact, in the order given: pass only if the final screen, an earlier screenshot or the supported answer clearly shows it. When in doubt, fail it, and say why in one short sentence.
Judge only what the screenshots show; the agent's own claims are not evidence.`

export interface KeyShot {
  step: number
  url: string
  imageUrl: string
}

export interface VerdictInput {
  task: Task
  facts: readonly JudgeFact[]
  /** One line per step: what the agent did. */
  actions: readonly string[]
  answer: string | null
  /** The kept screenshots, oldest first; the last one is the final screen. */
  shots: readonly KeyShot[]
}

/** The messages that ask for the verdict on a trajectory. */
export function verdictMessages(input: VerdictInput): ChatMessage[] {
  const lines = [`Task: ${input.task.intent}`]
  if (input.task.start_url) lines.push(`Start page: ${input.task.start_url}`)
  lines.push(
    '',
    'Facts to check:',
    ...(input.facts.length > 0
      ? input.facts.map((fact) => `- [${fact.id}] ${fact.text}`)
      : ['(none: give an empty facts list)']),
  )
  lines.push(
    '',
    "The agent's actions:",
    ...(input.actions.length > 0 ? input.actions.map((line, index) => `${index + 1}. ${line}`) : ['(none)']),
  )
  lines.push(
    '',
    input.answer === null ? 'The agent gave no final answer.' : `The agent's final answer: ${input.answer}`,
  )
  lines.push('', `${input.shots.length} key screenshots follow, oldest first; the last is the final screen.`)
  const content: Array<{type: 'text'; text: string} | {type: 'image_url'; image_url: {url: string}}> = [
    {type: 'text', text: lines.join('\n')},
  ]
  input.shots.forEach((shot, index) => {
    const final = index === input.shots.length - 1 ? ' (final screen)' : ''
    content.push({type: 'text', text: `Screenshot ${index + 1}: step ${shot.step + 1}, ${shot.url}${final}`})
    content.push({type: 'image_url', image_url: {url: shot.imageUrl}})
  })
  content.push({type: 'text', text: 'Give your verdict.'})
  return [
    {role: 'system', content: VERDICT_SYSTEM},
    {role: 'user', content},
  ]
}

// ---- the reference answer ----------------------------------------------------------------------------------------

export const ReferenceReplySchema = z.object({
  match: z.boolean().describe("True when the agent's answer gives the same information as the reference answer"),
  reason: z.string().describe('One short sentence'),
})
export type ReferenceReply = z.infer<typeof ReferenceReplySchema>

const REFERENCE_SYSTEM = `You compare a web agent's final answer with the task's reference answer. They match when the agent's answer gives the same information: wording, order, units written differently and extra correct detail do not matter; a different value, a missing required part or a hedge between several values does not match.`

/** The text-only messages that compare an answer with the reference answer. */
export function referenceMessages(task: Task, answer: string, reference: string): ChatMessage[] {
  return [
    {role: 'system', content: REFERENCE_SYSTEM},
    {
      role: 'user',
      content: `Task: ${task.intent}\nReference answer: ${reference}\nAgent's answer: ${answer}\n\nDo they match?`,
    },
  ]
}
