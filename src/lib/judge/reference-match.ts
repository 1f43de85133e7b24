// The cheap part of the reference-answer check: answers that are the reference once normalised match; when both are
// one number in the same words (the same unit, no "not" or "less than" around it), equal numbers match and different
// ones do not; anything else is for the model to decide. A wrong 1 costs more than a model request, so plain
// matching decides only what it cannot get wrong.

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
  const given = numbersIn(answer)
  const expected = numbersIn(reference)
  if (given.length !== 1 || expected.length !== 1) return 'inconclusive'
  if (answerShape.words !== referenceShape.words) return 'inconclusive'
  return sameNumber(given[0], expected[0]) ? 'match' : 'mismatch'
}
