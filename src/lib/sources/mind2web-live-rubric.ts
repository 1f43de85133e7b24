import {describeValue} from '../errors.js'
import type {FactGroup, Rubric} from '../schema/rubric.js'
import {withoutRepeatedFacts} from '../rubric/without-repeated-facts.js'
import {RowError} from './types.js'

// Bump when the facts' wording changes: it is the rubric's prompt_version in provenance.
export const MIND2WEB_LIVE_RUBRIC_VERSION = 'source:mind2web-live-v1'

/** One key node of Mind2Web-Live's `evaluation` (WebCanvas): what a step of a successful episode must show. */
interface KeyNode {
  match_function_name?: unknown
  content?: {key?: unknown; reference_answer?: unknown; url?: unknown; netloc?: unknown}
}

interface NodeText {
  /** The checked value: a URL piece, a query value, a CSS selector or an element's value. */
  reference: string
  /** The query parameter a URL node checks, or null when it checks the whole URL. */
  key: string | null
  /** Where the human demonstration met the node: a URL, else the site's name. */
  page: string | null
}

// WebCanvas's six match functions: what the step must show, as a fact a judge reads. A semantic node's value is an
// instruction to a judge ("Decide whether ..."), so its fact quotes it as the check to pass.
const URL_FACTS: Record<string, (node: NodeText) => string> = {
  url_included_match: ({reference, page}) =>
    `The agent reaches a page whose URL contains "${reference}"${seenAt(page)}`,
  url_exactly_match: ({reference, key, page}) =>
    key
      ? `The agent reaches a page whose URL has ${key}=${reference} in its query${onPage(page)}`
      : `The agent reaches exactly the URL ${reference}`,
  url_semantic_match: ({reference, key, page}) =>
    key
      ? `The agent reaches a page whose URL's ${key} parameter passes this check: ${reference}${onPage(page)}`
      : `The agent reaches a page whose URL passes this check: ${reference}`,
}
const ELEMENT_FACTS: Record<string, (node: NodeText) => string> = {
  element_path_exactly_match: ({reference, page}) =>
    `The agent acts on the page element at CSS selector "${reference}"${onPage(page)}`,
  element_value_exactly_match: ({reference, page}) =>
    `The agent clicks, types or selects exactly "${reference}"${onPage(page)}`,
  element_value_semantic_match: ({reference, page}) =>
    `The agent clicks, types or selects a value that passes this check: ${reference}${onPage(page)}`,
}
const MATCH_FUNCTIONS = [...Object.keys(URL_FACTS), ...Object.keys(ELEMENT_FACTS)]

const seenAt = (page: string | null) => (page && /^https?:\/\//.test(page) ? ` (as ${page} does)` : '')
const onPage = (page: string | null) => (page ? ` (on ${page})` : '')

/**
 * The fact-group rubric of a Mind2Web-Live task's evaluation key nodes, in their order: the pages to reach (URL
 * nodes) and the page elements to act on (element nodes), one fact per node; null when the task has no key node.
 * A key node that cannot be read (not an object, an unknown match function, no value to check) is a RowError naming
 * it.
 */
export function keyNodeRubric(evaluation: unknown): Rubric | null {
  if (!Array.isArray(evaluation)) return null
  const pages: string[] = []
  const elements: string[] = []
  evaluation.forEach((node: unknown, index) => {
    const where = `evaluation.${index}`
    if (node === null || typeof node !== 'object' || Array.isArray(node))
      throw new RowError(where, `expected a key node object, got ${describeValue(node)}`)
    const {match_function_name: name, content} = node as KeyNode
    if (typeof name !== 'string' || !MATCH_FUNCTIONS.includes(name)) {
      throw new RowError(
        `${where}.match_function_name`,
        `unknown match function ${describeValue(name)} (Mind2Web-Live's are ${MATCH_FUNCTIONS.join(', ')})`,
      )
    }
    const text = nodeText(content, where)
    if (name in URL_FACTS) pages.push(URL_FACTS[name](text))
    else elements.push(ELEMENT_FACTS[name](text))
  })
  const groups: FactGroup[] = []
  if (pages.length > 0)
    groups.push({id: 'pages', description: 'Pages the agent must reach (Mind2Web-Live URL key nodes)', facts: pages})
  if (elements.length > 0)
    groups.push({
      id: 'elements',
      description: 'Page elements the agent must act on (Mind2Web-Live element key nodes)',
      facts: elements,
    })
  const rubric = withoutRepeatedFacts(groups)
  return rubric.fact_groups.length > 0 ? rubric : null
}

function nodeText(content: KeyNode['content'], where: string): NodeText {
  const reference = content?.reference_answer
  if ((typeof reference !== 'string' || reference.trim() === '') && typeof reference !== 'number') {
    throw new RowError(
      `${where}.content.reference_answer`,
      `expected the value the key node checks, got ${describeValue(reference)}`,
    )
  }
  const key = typeof content?.key === 'string' && content.key.trim() ? content.key.trim() : null
  const url = typeof content?.url === 'string' && content.url.trim() ? withoutTracking(content.url.trim()) : null
  const netloc = typeof content?.netloc === 'string' && content.netloc.trim() ? content.netloc.trim() : null
  return {reference: String(reference).trim(), key, page: url ?? netloc}
}

// The demonstrations' URLs carry ad and referral parameters (utm_*, gclid, IMDb's ref_) that say nothing about the
// page; a fact names the page without them. A URL that does not parse is shown as it is.
const TRACKING_PARAMETER = /^(utm_\w+|gclid|gclsrc|gad_source|dclid|fbclid|msclkid|kclid|ds_rl|ref_)$/i

function withoutTracking(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return url
  }
  const names = [...parsed.searchParams.keys()]
  if (!names.some((name) => TRACKING_PARAMETER.test(name))) return url
  for (const name of names) if (TRACKING_PARAMETER.test(name)) parsed.searchParams.delete(name)
  return parsed.toString()
}
