// Answer checks of travel tasks: free text is compared after normalisation, with a few tolerated spellings.
import {answerMentions, normaliseAnswer} from '../../check-helpers.js'
import {money} from './format.js'
import type {RefundRule, TravelModel} from './types.js'

function normalised(answer: string | null): string {
  return answer === null ? '' : ` ${normaliseAnswer(answer)} `
}

/** True when the answer names a service code like "AU1234", with or without a space. */
export function mentionsCode(answer: string | null, code: string): boolean {
  const compact = normalised(answer)
    .replace(/ ([a-z]{2}) (\d{3,4}) /g, ' $1$2 ')
    .replace(/ ([a-z]{2}) (\d{3,4}) /g, ' $1$2 ')
  return compact.includes(` ${code.toLowerCase()} `)
}

/** True when the answer gives a clock time, as 24-hour "07:05"/"7:05" or 12-hour "7:05 am". */
export function mentionsTime(answer: string | null, minutes: number): boolean {
  const text = normalised(answer)
  const h = Math.floor(minutes / 60)
  const mm = String(minutes % 60).padStart(2, '0')
  const h12 = h % 12 === 0 ? 12 : h % 12
  const suffix = h < 12 ? 'a ?m' : 'p ?m'
  if (text.includes(` ${String(h).padStart(2, '0')} ${mm} `) || text.includes(` ${h} ${mm} `)) return true
  return new RegExp(` 0?${h12} ${mm} ?${suffix} `).test(text) || new RegExp(` 0?${h12} ${mm}${suffix} `).test(text)
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three']

export function mentionsBagCount(answer: string | null, bags: number, kg: number): boolean {
  const text = normalised(answer)
  const counts = bags === 1 ? '(?:1|one|a|a single)' : `(?:${bags}|${NUMBER_WORDS[bags]})`
  const nouns = '(?:checked |large |stowed |hold )?(?:bags?|suitcases?|pieces?|items?|luggage)'
  return (
    new RegExp(` ${counts} ${nouns} `).test(text) ||
    new RegExp(` ${counts} ?x ?${kg} ?kg`).test(text) ||
    new RegExp(` ${counts} ${kg} ?kg ${nouns} `).test(text)
  )
}

export function mentionsWeight(answer: string | null, kg: number): boolean {
  return new RegExp(` ${kg} ?(?:kg|kgs|kilos?|kilograms?) `).test(normalised(answer))
}

export function mentionsChangeFee(answer: string | null, model: TravelModel, fee: number): boolean {
  if (fee > 0) return answerMentions(answer, money(model, fee))
  return / (?:free|no (?:change )?fee|no charge|0|without (?:a )?fee|free of charge) /.test(normalised(answer))
}

export function mentionsRefund(answer: string | null, model: TravelModel, refund: RefundRule): boolean {
  const text = normalised(answer)
  const nonRefundable = / (?:non ?refundable|not refundable|no refunds?) /.test(text)
  if (refund.kind === 'none') return nonRefundable
  if (refund.kind === 'full')
    return (
      !nonRefundable && / (?:fully refundable|full refund|refundable (?:free|without)|free cancellation) /.test(text)
    )
  return !nonRefundable && / refund/.test(text) && answerMentions(answer, money(model, refund.fee))
}
