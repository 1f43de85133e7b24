// Answer checks for the tasks: a fact the answer mentions, and naming one of two first.
import {answerMentions, normaliseAnswer} from '../../check-helpers.js'
import type {CheckInput, FactDef} from '../../types.js'
import type {EncyclopediaState} from './types.js'

function mentions(value: string) {
  return ({answer}: CheckInput<EncyclopediaState>) => answerMentions(answer, value)
}

export function fact(text: string, value: string): FactDef<EncyclopediaState> {
  return {text, check: mentions(value)}
}

/** The answer names `first` and, if it also names `other`, names `first` before it. */
export function namesFirst(first: string, other: string) {
  return ({answer}: CheckInput<EncyclopediaState>) => {
    if (!answerMentions(answer, first)) return false
    if (!answerMentions(answer, other)) return true
    const text = ` ${normaliseAnswer(answer ?? '')} `
    return text.indexOf(` ${normaliseAnswer(first)} `) < text.indexOf(` ${normaliseAnswer(other)} `)
  }
}
