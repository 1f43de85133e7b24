// Paragraph building: segments with internal links, lists of items, plain text, and filler sentences never repeated.
import type {SeededRandom} from '../../../random/seeded-random.js'
import {sample} from '../../random-pick.js'
import type {Link, Paragraph, Segment} from './types.js'

export function linkTo(item: {slug: string; title: string}, text = item.title): Link {
  return {slug: item.slug, text}
}

/** A paragraph from a template whose values may be links; numbers are printed as they are (years stay bare). */
export function para(strings: TemplateStringsArray, ...values: (string | number | Link)[]): Paragraph {
  const out: Segment[] = []
  const push = (segment: Segment) => {
    const last = out[out.length - 1]
    if (typeof segment === 'string' && typeof last === 'string') out[out.length - 1] = last + segment
    else if (segment !== '') out.push(segment)
  }
  strings.forEach((text, i) => {
    push(text)
    if (i < values.length) {
      const value = values[i]!
      push(typeof value === 'number' ? String(value) : value)
    }
  })
  return out
}

/** Appends sentences (already filled) to a paragraph. */
export function withSentences(paragraph: Paragraph, sentences: string[]): Paragraph {
  return sentences.length === 0 ? paragraph : [...paragraph, ` ${sentences.join(' ')}`]
}

/** Items (links or runs of segments) joined as a list: `A, B and C`. */
export function listOf(items: readonly (Segment | Segment[])[]): Segment[] {
  const out: Segment[] = []
  items.forEach((item, i) => {
    if (i > 0) out.push(i === items.length - 1 ? ' and ' : ', ')
    out.push(...(Array.isArray(item) ? item : [item]))
  })
  return out
}

export function wordList(words: readonly string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`
}

export function plainText(segments: Segment[]): string {
  return segments.map((segment) => (typeof segment === 'string' ? segment : segment.text)).join('')
}

/** Filler sentences about one article's subject, never the same sentence twice in the article. */
export class Prose {
  private readonly used = new Set<string>()
  constructor(
    private readonly rng: SeededRandom,
    private readonly subject: string,
  ) {}

  take(pool: readonly ((subject: string) => string)[], count: number): string[] {
    const fresh = pool.map((sentence) => sentence(this.subject)).filter((sentence) => !this.used.has(sentence))
    const chosen = sample(this.rng, fresh, count)
    for (const sentence of chosen) this.used.add(sentence)
    return chosen
  }
}
