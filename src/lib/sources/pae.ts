import {optionalText} from './fields.js'
import {normaliseSite} from './website.js'
import type {SourceAdapter} from './types.js'
import {webvoyagerDraft} from './webvoyager.js'

// PAE's generator maps its fixed site names to start URLs through a hard-coded table with known mistakes
// ("Coursera" to espn.com, "EPSN" with no URL, "BBC News" to bbcnews.com). These are the sites the names mean.
const PAE_SITES: Record<string, string> = {
  allrecipes: 'https://www.allrecipes.com/',
  amazon: 'https://www.amazon.com/',
  apple: 'https://www.apple.com/',
  arxiv: 'https://arxiv.org/',
  github: 'https://github.com/',
  espn: 'https://www.espn.com/',
  epsn: 'https://www.espn.com/',
  coursera: 'https://www.coursera.org/',
  'cambridge dictionary': 'https://dictionary.cambridge.org/',
  'bbc news': 'https://www.bbc.com/news',
  'google map': 'https://www.google.com/maps/',
  'google search': 'https://www.google.com/',
  huggingface: 'https://huggingface.co/',
  'wolfram alpha': 'https://www.wolframalpha.com/',
}

// PAE rows use WebVoyager's shape (web_name, id, ques, web); its WebArena-derived files add `eval` with the
// reference answers.
export const pae: SourceAdapter = {
  name: 'pae',
  description: 'PAE (Proposer-Agent-Evaluator) WebVoyager-style tasks; fixes its known wrong site URLs',
  fileHints: ['pae'],
  variantOf: 'webvoyager',
  detect: (sample) => ('ques' in sample && 'web_name' in sample ? ('eval' in sample ? 1 : 0.8) : 0),
  toTask: (row) => {
    const webName = optionalText(row, 'web_name')
    const known = webName ? PAE_SITES[webName.toLowerCase()] : undefined
    const given = optionalText(row, 'web')
    const fixed = known && (!given || normaliseSite(given)?.website !== normaliseSite(known)?.website)
    const draft = webvoyagerDraft(fixed ? {...row, web: known} : row)
    if (fixed) draft.meta.web_as_published = given
    draft.referenceAnswer = paeReferenceAnswer(row.eval)
    return draft
  },
}

// `eval.reference_answers` holds one of exact_match (text), must_include or fuzzy_match (lists).
function paeReferenceAnswer(evaluation: unknown): string | null {
  const answers = (evaluation as {reference_answers?: Record<string, unknown>} | undefined)?.reference_answers
  if (!answers || typeof answers !== 'object') return null
  for (const key of ['exact_match', 'must_include', 'fuzzy_match']) {
    const value = answers[key]
    if (typeof value === 'string' && value.trim()) return value.trim()
    if (Array.isArray(value) && value.length > 0) return value.map(String).join('; ')
  }
  return null
}
