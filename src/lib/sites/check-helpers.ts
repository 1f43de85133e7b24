// Helpers for the programmatic checks of fixture tasks: comparing an agent's free-text answer with expected values.
import {normaliseAnswer} from '../answers/normalise-answer.js'

// The families' checks clean answers exactly as the judge does.
export {normaliseAnswer}

/** True when the answer mentions `expected` as whole words (numbers compared by value, case and accents ignored). */
export function answerMentions(answer: string | null, expected: string | number): boolean {
  if (answer === null) return false
  const haystack = ` ${normaliseAnswer(answer)} `
  const needle = normaliseAnswer(String(expected))
  if (needle === '') return false
  return haystack.includes(` ${needle} `)
}

/** A fact check on the answer alone. */
export function answerHas<State>(expected: string | number): (input: {answer: string | null; state: State}) => boolean {
  return ({answer}) => answerMentions(answer, expected)
}

/** Money as sites print it: `$1,234.50`. */
export function formatMoney(amount: number, currency = '$'): string {
  // Without toLocaleString: pages print thousands of prices and ICU formatting is slow.
  const [whole, cents] = Math.abs(amount).toFixed(2).split('.') as [string, string]
  return `${amount < 0 ? '-' : ''}${currency}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${cents}`
}
