// Answer checks for the tasks: a date in any common written form, and the fact a question asks for.
import {answerMentions} from '../../check-helpers.js'
import type {CheckInput, FactDef} from '../../types.js'
import {dateParts, MONTHS} from './dates.js'
import type {NewsState, Question} from './types.js'

/** True when the answer states the date in a common written form (day month year, month day year, or ISO). */
export function answerHasDate(answer: string | null, iso: string): boolean {
  if (answer === null) return false
  const {year, month, day} = dateParts(iso)
  const plain = answer.replace(/(\d+)(st|nd|rd|th)\b/gi, '$1')
  const long = MONTHS[month - 1]
  const short = long.slice(0, 3)
  const forms = [
    `${day} ${long} ${year}`,
    `${long} ${day} ${year}`,
    `${day} ${short} ${year}`,
    `${short} ${day} ${year}`,
    iso,
  ]
  return forms.some((form) => answerMentions(plain, form))
}

export function answerFact(question: Question): FactDef<NewsState> {
  const check =
    question.iso !== undefined
      ? ({answer}: CheckInput<NewsState>) => answerHasDate(answer, question.iso!)
      : ({answer}: CheckInput<NewsState>) => answerMentions(answer, question.answer)
  return {
    text: `The answer states ${question.type === 'date' ? 'the date' : question.type === 'person' ? 'the name' : 'the number'} ${question.answer}`,
    check,
  }
}
