// The cheap part of the reference-answer check: answers that are the reference once normalised match; a reference
// that is a date matches an answer that writes that one date in any common format and nothing else that could be a
// date (and is a mismatch for an answer that is only another date); when both are one number in the same words (the
// same unit, no "not" or "less than" around it), equal numbers match and different ones do not; anything else is for
// the model to decide. A wrong 1 costs more than a model request, so plain
// matching decides only what it cannot get wrong.

import {datesIn, type DateMention} from '../answers/calendar-dates.js'
import {normaliseAnswer} from '../answers/normalise-answer.js'

export type ReferenceOutcome = 'match' | 'mismatch' | 'inconclusive'

const NUMBER = /-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?/g
const CURRENCY = /\p{Sc}/u

/** The numbers written in a text: thousands separators ignored, a leading minus kept. */
export function numbersIn(text: string): number[] {
  const found: number[] = []
  for (const match of text.matchAll(NUMBER)) {
    const value = Number(match[0].replaceAll(',', ''))
    if (Number.isFinite(value)) found.push(value)
  }
  return found
}

const TOLERANCE = 1e-6

function sameNumber(a: number, b: number): boolean {
  return Math.abs(a - b) <= TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b))
}

/** A text with its one number taken out (`12.99 kg` -> `# kg`), and the currency sign it has, if any. */
function shapeOf(text: string): {words: string; currency: string | null} {
  return {
    words: normaliseAnswer(text.replace(NUMBER, ' # ').replace(/\p{Sc}/gu, ' ')),
    currency: CURRENCY.exec(text)?.[0] ?? null,
  }
}

/** Decides what plain matching can: normalised equality, or one number in the same words on both sides. */
export function compareToReference(answer: string, reference: string): ReferenceOutcome {
  const a = normaliseAnswer(answer)
  const r = normaliseAnswer(reference)
  if (a === '' || r === '') return 'inconclusive'
  const answerShape = shapeOf(answer)
  const referenceShape = shapeOf(reference)
  // "$12.99" and "12.99" are the same answer; "$5" and "€5" are not.
  if (
    answerShape.currency !== null &&
    referenceShape.currency !== null &&
    answerShape.currency !== referenceShape.currency
  )
    return 'inconclusive'
  if (a === r) return 'match'
  const dated = compareDates(answer, reference)
  if (dated !== null) return dated
  const given = numbersIn(answer)
  const expected = numbersIn(reference)
  if (given.length !== 1 || expected.length !== 1) return 'inconclusive'
  if (answerShape.words !== referenceShape.words) return 'inconclusive'
  return sameNumber(given[0], expected[0]) ? 'match' : 'mismatch'
}

/**
 * For a reference that is one date and nothing else: an answer whose one date is that date matches, an answer that is
 * only another date does not, and an answer with several dates, or one that could be read two ways (`03/05/2019`), is
 * for the model. Null when the reference is not a date alone or the answer writes none.
 */
function compareDates(answer: string, reference: string): ReferenceOutcome | null {
  const expected = onlyDate(reference)
  if (expected === null || expected.dates.length !== 1) return null
  const given = datesIn(answer)
  if (given.length === 0) return null
  if (given.length > 1 || given[0]!.dates.length > 1) return 'inconclusive'
  const mention = given[0]!
  const words = normaliseAnswer(answer.slice(0, mention.index) + answer.slice(mention.index + mention.text.length))
  if (words.split(' ').some((word) => HEDGES.has(word))) return 'inconclusive'
  if (mention.dates[0] === expected.dates[0]) return 'match'
  return words === '' ? 'mismatch' : 'inconclusive'
}

/** Words around a date that change what it says ("not on", "before", "until"): the model decides those. */
const HEDGES = new Set(['not', 'no', 'never', 'before', 'after', 'until', 'since', 'than', 'except', 'between', 'or'])

/** The text's one date mention when the text is nothing but it (punctuation aside). */
function onlyDate(text: string): DateMention | null {
  const mentions = datesIn(text)
  if (mentions.length !== 1) return null
  const mention = mentions[0]!
  return normaliseAnswer(text.slice(0, mention.index) + text.slice(mention.index + mention.text.length)) === ''
    ? mention
    : null
}
