import type {CalendarDate} from '../../answers/calendar-dates.js'
import {datesIn} from '../../answers/calendar-dates.js'
import {normaliseAnswer} from '../../answers/normalise-answer.js'

// Finding a value in a page's text as the answer checks compare answers: whole words once normalised. What is found
// is the text as the page writes it, for the oracle to look for on the rendered page and answer with.

/** Blocks of text with their normalised forms, made once per page. */
export class SearchableText {
  private readonly normalised: string[]

  constructor(readonly blocks: readonly string[]) {
    this.normalised = blocks.map((block) => ` ${normaliseAnswer(block)} `)
  }

  /**
   * The shortest run of words of the first block that holds the value, as the page writes it (the first that `accept`
   * takes, when given); null if none does.
   */
  find(value: string, accept: (shown: string) => boolean = () => true): string | null {
    const needle = normaliseAnswer(value)
    if (needle === '') return null
    for (let index = 0; index < this.blocks.length; index++) {
      if (!this.normalised[index]!.includes(` ${needle} `)) continue
      const shown = shortestSpan(this.blocks[index]!, needle, value)
      if (accept(shown)) return shown
    }
    return null
  }

  /** True when some block is the value, whole (once normalised). */
  isWholeBlock(value: string): boolean {
    const needle = ` ${normaliseAnswer(value)} `
    return needle.trim() !== '' && this.normalised.includes(needle)
  }

  /** The first date the page writes that is the given calendar date, as written; null if it writes none. */
  findDate(date: CalendarDate): string | null {
    for (const block of this.blocks)
      for (const mention of datesIn(block)) if (mention.dates.includes(date)) return mention.text
    return null
  }
}

/**
 * The shortest run of the block's words whose normalised form holds `needle` as whole words, with the punctuation the
 * value begins or ends with where the page has it too (the quotes of `'Neutral' Snopes`).
 */
function shortestSpan(block: string, needle: string, value: string): string {
  const words = [...block.matchAll(/[\p{L}\p{M}\p{N}]+/gu)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }))
  const holds = (start: number, end: number) => ` ${normaliseAnswer(block.slice(start, end))} `.includes(` ${needle} `)
  // Holding is monotone in the run's length, so both ends are found by bisection.
  const last = firstTrue(words.length, (index) => holds(0, words[index]!.end))
  if (last === words.length) return block
  const first = firstTrue(last + 1, (index) => !holds(words[index]!.start, words[last]!.end)) - 1
  let start = words[first]!.start
  let end = words[last]!.end
  // The normaliser drops articles, so a value that begins with one ("The Verge") gets it back where the page has it.
  const article = /^(a|an|the)\s/iu.exec(value.trim())?.[1]
  const before = first > 0 ? words[first - 1]! : null
  if (article && before && block.slice(before.start, before.end).toLowerCase() === article.toLowerCase())
    start = before.start
  const lead = /^[^\p{L}\p{N}]+/u.exec(value.trim())?.[0]
  if (lead && block.slice(start - lead.length, start) === lead) start -= lead.length
  const trail = /[^\p{L}\p{N}]+$/u.exec(value.trim())?.[0]
  if (trail && block.slice(end, end + trail.length) === trail) end += trail.length
  return block.slice(start, end)
}

/** The least index in [0, length) for which `test` holds, `test` being false then true; `length` if it never holds. */
function firstTrue(length: number, test: (index: number) => boolean): number {
  let low = 0
  let high = length
  while (low < high) {
    const middle = (low + high) >> 1
    if (test(middle)) high = middle
    else low = middle + 1
  }
  return low
}
