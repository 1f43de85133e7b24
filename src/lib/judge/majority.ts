// Votes: N independent verdicts on the same trajectory, combined per question. A tie never passes: the judge's
// doubt is the agent's loss, never a silent 1.

import type {VerdictReply} from '../prompts/judge.js'

export interface Tally {
  /** The majority answer (a tie counts as false). */
  value: boolean
  yes: number
  votes: number
}

export function majority(values: readonly boolean[]): Tally {
  const yes = values.filter(Boolean).length
  return {value: yes * 2 > values.length, yes, votes: values.length}
}

/** A tie on "blocked" counts as blocked (reward 0, like every other tie). */
export function majorityBlocked(values: readonly boolean[]): Tally {
  const yes = values.filter(Boolean).length
  return {value: yes * 2 >= values.length && yes > 0, yes, votes: values.length}
}

export interface CombinedVerdict {
  blocked: boolean
  blockedReason: string
  /** null when no vote saw an answer to check. */
  answerSupported: boolean | null
  answerReason: string
  facts: Map<string, {pass: boolean; reason: string}>
}

/** Majority per fact, per answer check and per block; each reason comes from a vote on the winning side. */
export function combineVerdicts(replies: readonly VerdictReply[], factIds: readonly string[]): CombinedVerdict {
  const split = (tally: Tally) => (replies.length > 1 ? ` (${tally.yes} of ${tally.votes} votes)` : '')
  const blocked = majorityBlocked(replies.map((reply) => reply.blocked))
  const blockedReason = replies.find((reply) => reply.blocked === blocked.value)?.blocked_reason ?? ''
  const answers = replies.filter((reply) => reply.answer_supported !== null)
  let answerSupported: boolean | null = null
  let answerReason = replies[0]?.answer_reason ?? ''
  if (answers.length > 0) {
    // A vote that saw no answer where others did is a vote against support.
    const tally = majority(replies.map((reply) => reply.answer_supported === true))
    answerSupported = tally.value
    answerReason =
      `${answers.find((reply) => reply.answer_supported === tally.value)?.answer_reason ?? ''}${split(tally)}`.trim()
  }
  const facts = new Map<string, {pass: boolean; reason: string}>()
  for (const id of factIds) {
    const verdicts = replies.map((reply) => reply.facts.find((fact) => fact.id === id))
    const tally = majority(verdicts.map((verdict) => verdict?.pass === true))
    const reason =
      verdicts.find((verdict) => verdict && verdict.pass === tally.value)?.reason ??
      'the judge gave no verdict on this fact'
    facts.set(id, {pass: tally.value, reason: `${reason}${split(tally)}`})
  }
  return {
    blocked: blocked.value,
    blockedReason: `${blockedReason}${blocked.value ? split(blocked) : ''}`,
    answerSupported,
    answerReason,
    facts,
  }
}
