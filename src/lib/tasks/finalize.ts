import {createHash} from 'node:crypto'
import {countFacts, levelForDifficulty} from '../schema/level.js'
import type {Task} from '../schema/task.js'
import {RowError, type TaskDraft} from '../sources/types.js'
import {normaliseSite} from '../sources/website.js'

const END_PUNCTUATION = new Set([...' .?!\u3002'].map((char) => char.charCodeAt(0)))

/** The text two tasks must share (with the website) to be the same task: case, spacing and end punctuation aside. */
export function normaliseIntent(intent: string): string {
  // One scan decides which of the costly steps a text needs; most intents are plain ASCII with single spaces.
  let nonAscii = false
  let irregularSpace = false
  for (let i = 0; i < intent.length; i++) {
    const code = intent.charCodeAt(i)
    if (code > 0x7f) nonAscii = true
    else if (code < 32 || (code === 32 && intent.charCodeAt(i + 1) === 32)) irregularSpace = true
  }
  let text = (nonAscii ? intent.normalize('NFKC') : intent).toLowerCase()
  if (irregularSpace || nonAscii) text = text.replace(/\s+/g, ' ')
  let end = text.length
  while (end > 0 && END_PUNCTUATION.has(text.charCodeAt(end - 1))) end--
  let begin = 0
  while (begin < end && text.charCodeAt(begin) === 32) begin++
  return begin === 0 && end === text.length ? text : text.slice(begin, end)
}

/** The duplicate key of a task: normalised intent and website. */
export function duplicateKey(intent: string, website: string | null): string {
  return `${normaliseIntent(intent)}\u0000${website ?? ''}`
}

/** A short stable hash, for ids of tasks whose source gives none and for telling colliding ids apart. */
export function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12)
}

/** Turns an adapter's draft into a Task: `source:native-id` ids, registrable-domain websites, URLs with schemes. */
export function finalizeTask(draft: TaskDraft, sourceName: string): Task {
  const source = draft.source ?? sourceName
  let website: string | null = null
  let startUrl: string | null = null
  if (draft.website) {
    const site = normaliseSite(draft.website)
    if (!site) throw new RowError('website', `not a URL or domain name: ${JSON.stringify(draft.website)}`)
    website = site.website
    startUrl = site.startUrl
  }
  if (draft.startUrl) {
    const start = normaliseSite(draft.startUrl)
    if (!start) throw new RowError('start_url', `not a URL: ${JSON.stringify(draft.startUrl)}`)
    startUrl = start.startUrl
  }
  const intent = draft.intent.trim()
  const rubric = draft.rubric ?? null
  const difficulty = draft.difficulty ?? (rubric ? countFacts(rubric) : null)
  const nativeId = draft.nativeId?.trim() || shortHash(duplicateKey(intent, website))
  return {
    id: `${source}:${nativeId}`,
    source,
    intent,
    website,
    start_url: startUrl,
    reference_answer: draft.referenceAnswer,
    domain: draft.domain ?? null,
    subdomain: draft.subdomain ?? null,
    rubric,
    difficulty,
    level: draft.level ?? (difficulty !== null && difficulty > 0 ? levelForDifficulty(difficulty) : null),
    parent_id: draft.parentId ?? null,
    meta: draft.meta,
    ...(draft.provenance ? {provenance: draft.provenance} : {}),
  }
}
