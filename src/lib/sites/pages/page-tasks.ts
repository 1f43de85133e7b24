import {calendarDateOf, mentionsDate} from '../../answers/calendar-dates.js'
import {normaliseAnswer} from '../../answers/normalise-answer.js'
import {countFacts, levelForDifficulty} from '../../schema/level.js'
import type {SolutionStep} from '../../schema/solution.js'
import type {TaskInput} from '../../schema/task.js'
import {answerMentions} from '../check-helpers.js'
import type {FixtureTaskDef} from '../types.js'
import type {PageMetadata, SavedPage} from './page-corpus.js'
import {SearchableText} from './page-find.js'
import type {PageText} from './page-text.js'
import {rubricOf} from '../task-rubric.js'

// Question tasks about a saved page, from what Readability read from it: its headline, author, site name and
// publication date. A question is asked only where its answer is in the page's visible text, so that an agent that
// reads the page can answer it.

export const PAGES_SOURCE = 'pages'

export const PAGE_FIELDS = ['headline', 'author', 'site-name', 'date'] as const
export type PageField = (typeof PAGE_FIELDS)[number]

/** A page's question: a fixture task whose one fact is checked on the answer alone. */
export interface PageTaskDef extends FixtureTaskDef<null> {
  field: PageField
  /** The answer as the page writes it (what the oracle looks for and answers with). */
  shown: string
}

/** A title's parts: the headline and the site's name that titles add (`Headline | Site`, `Headline - Site`). */
const TITLE_SEPARATOR = /\s+[|–—·»]\s+|\s+[-:]{1,2}\s+|\s*[|_]\s*/u
/**
 * Bylines name people: two to six words (a given and a family name, a middle name or two), no digits (a byline with
 * digits is a date or a count run into the name: `Lucas Nolan22 Dec 2016651`). A one-word byline is as likely a
 * section's name as a person's (yahoo-4's "個人", "individual", is a menu item), so names written without spaces are
 * not asked about.
 */
const MIN_NAME_WORDS = 2
const MAX_NAME_WORDS = 6

const INTENTS: Record<PageField, string> = {
  headline: 'What is the headline of the article on this page? Answer with the headline as the page gives it.',
  author: 'Who is named as the author of the article on this page?',
  'site-name': 'What is the name of the website or publication this page is from, as the page names it?',
  date: 'On what date was the article on this page published?',
}

/**
 * The page's questions, in field order: each where the metadata has the field and the page shows it.
 * - headline: the title, or the longest part of it that titles join with a separator (`|`, ` - `, `_`...), that is
 *   the whole text of one of the page's h1-h3 headings;
 * - author: the byline without a leading "By", if it reads as a person's name (no digits, two to six words, no
 *   second "by", not the site's name), found in the text;
 * - site-name: the site name, found in the text (a one-word name written as a name: `writtenAsName`);
 * - date: the publication time's calendar date, written on the page in any common format (`datesIn`).
 */
export function pageTaskDefs(metadata: PageMetadata, text: PageText): PageTaskDef[] {
  const body = new SearchableText(text.blocks)
  const headings = new SearchableText(text.headings)
  const defs: PageTaskDef[] = []
  const mentions = (expected: string) => (input: {answer: string | null}) => answerMentions(input.answer, expected)

  const headline = headlineOf(metadata.title, headings)
  if (headline !== null)
    defs.push(
      questionTask(
        'headline',
        headline,
        headings.find(headline)!,
        `The answer gives the headline "${headline}"`,
        mentions(headline),
      ),
    )
  const author = authorOf(metadata)
  const authorShown = author === null ? null : body.find(author, writtenAsName(author))
  if (author !== null && authorShown !== null)
    defs.push(questionTask('author', author, authorShown, `The answer names the author, ${author}`, mentions(author)))
  const site = clean(metadata.siteName)
  const siteShown = site === null || normaliseAnswer(site).length < 2 ? null : body.find(site, writtenAsName(site))
  if (site !== null && siteShown !== null)
    defs.push(questionTask('site-name', site, siteShown, `The answer names the site, ${site}`, mentions(site)))
  const date = metadata.publishedTime ? calendarDateOf(metadata.publishedTime) : null
  const dateShown = date === null ? null : body.findDate(date)
  if (date !== null && dateShown !== null)
    defs.push(
      questionTask(
        'date',
        date,
        dateShown,
        `The answer gives the publication date, ${date} (in any common date format)`,
        ({answer}) => mentionsDate(answer, date),
      ),
    )
  return defs
}

const DESCRIPTIONS: Record<PageField, string> = {
  headline: 'The headline',
  author: 'The author',
  'site-name': 'The site',
  date: 'The publication date',
}

/**
 * One question: its fact and check, and the reference solution an agent would follow: scroll until the answer's text
 * (the first place the page shows it) is in view, then answer with it.
 */
function questionTask(
  field: PageField,
  reference: string,
  shown: string,
  fact: string,
  check: (input: {answer: string | null}) => boolean,
): PageTaskDef {
  const description = DESCRIPTIONS[field]
  return {
    key: field,
    field,
    kind: 'lookup',
    intent: INTENTS[field],
    groups: [{description, facts: [{text: fact, check}]}],
    referenceAnswer: reference,
    solution: [
      {
        op: 'scroll_to',
        target: {selector: textSelector(shown), first: true, description: `${description.toLowerCase()}, "${shown}"`},
      },
      {op: 'answer', text: shown},
    ],
    shown,
  }
}

/** Playwright's selector of the smallest elements whose text holds `text` (ignoring case and runs of spaces). */
function textSelector(text: string): string {
  return `:text("${text.replace(/[\\"]/g, (character) => `\\${character}`).replace(/\n/g, '\\a ')}")`
}

function headlineOf(title: string | null | undefined, headings: SearchableText): string | null {
  const whole = clean(title)
  if (whole === null) return null
  const parts = whole
    .split(TITLE_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .sort((a, b) => b.length - a.length)
  for (const candidate of [whole, ...parts])
    if (normaliseAnswer(candidate).length >= 10 && headings.isWholeBlock(candidate)) return candidate
  return null
}

/**
 * A one-word name must be written as the name (as the metadata spells it, or in capitals) where the page is taken to
 * show it, so that a common word in the text ("medium") is not taken for the name (Medium).
 */
function writtenAsName(name: string): (shown: string) => boolean {
  if (normaliseAnswer(name).includes(' ')) return () => true
  const letters = (text: string) => text.normalize('NFKD').replace(/[^\p{L}\p{N}]/gu, '')
  return (shown) => letters(shown) === letters(name) || letters(shown) === letters(name).toUpperCase()
}

function authorOf(metadata: PageMetadata): string | null {
  const byline = clean(metadata.byline)?.replace(/^(?:written\s+)?by\s*:?\s+/iu, '')
  if (!byline || /\d/.test(byline) || /\bby\b/iu.test(byline)) return null
  const words = normaliseAnswer(byline).split(' ').length
  if (words < MIN_NAME_WORDS || words > MAX_NAME_WORDS) return null
  const site = clean(metadata.siteName)
  if (site !== null && normaliseAnswer(site) === normaliseAnswer(byline)) return null
  return byline
}

/** A metadata string with its whitespace collapsed; null when absent or empty. */
function clean(value: string | null | undefined): string | null {
  const text = value?.replace(/\s+/g, ' ').trim()
  return text ? text : null
}

export function pageTaskId(page: SavedPage, field: PageField): string {
  return `${PAGES_SOURCE}:${page.label}:${field}`
}

/** The page label and field of a page task's id (`pages:<label>:<field>`), or null. */
export function parsePageTaskId(id: string): {label: string; field: PageField} | null {
  const match = /^pages:([a-z0-9-]+):([a-z-]+)$/.exec(id)
  if (!match || !(PAGE_FIELDS as readonly string[]).includes(match[2]!)) return null
  return {label: match[1]!, field: match[2] as PageField}
}

/** A page question as a Task record: one fact, the reference solution and the check, as fixture tasks have. */
export function pageTaskRecord(page: SavedPage, def: PageTaskDef): TaskInput {
  const id = pageTaskId(page, def.field)
  const rubric = rubricOf(def.groups)
  const difficulty = countFacts(rubric)
  return {
    id,
    source: PAGES_SOURCE,
    intent: def.intent,
    website: page.host,
    start_url: `http://${page.host}/`,
    reference_answer: def.referenceAnswer,
    domain: null,
    subdomain: null,
    rubric,
    difficulty,
    level: levelForDifficulty(difficulty),
    parent_id: null,
    meta: {
      page: page.name,
      field: def.field,
      kind: def.kind,
      lang: page.metadata?.lang ?? null,
      solution: def.solution,
      check: {path: '/__webgym/check', task: id},
    },
  }
}
