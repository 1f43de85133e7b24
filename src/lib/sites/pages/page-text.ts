import {decodeEntities} from './html-entities.js'

// The text a saved page shows, read from its HTML without a browser: what question tasks may ask about. It leaves out
// what a browser does not render as text (the head, scripts, styles, templates, noscript fallbacks, iframe and select
// contents, SVG titles, closed <details> but for their summary) and what the page hides itself (the `hidden`
// attribute, an inline `display: none` or `visibility: hidden`, and everything when the page's own <style> hides its
// html or body element, as anti-flicker snippets do until a script that cannot load here shows the page), and breaks
// the text into blocks where the elements that browsers lay out as blocks begin and end. Other stylesheet rules and
// scripts are not run; the oracle's rollout over the page tasks, in Chromium, is what shows that the text is on the
// page as rendered.

/** A page's visible text. */
export interface PageText {
  /** One entry per block (heading, paragraph, list item, table cell...), whitespace collapsed, in document order. */
  blocks: string[]
  /** The text of the page's h1, h2 and h3 headings, in document order. */
  headings: string[]
}

// Elements whose content is never shown as the page's text.
const UNRENDERED = new Set([
  'head',
  'title',
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'noembed',
  'noframes',
  'object',
  'select',
  'datalist',
  'annotation',
  'annotation-xml',
])
// Elements whose content is raw text up to their end tag, not markup.
const RAW_TEXT = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'textarea', 'title'])
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
])
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'br',
  'caption',
  'center',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'html',
  'legend',
  'li',
  'main',
  'nav',
  'ol',
  'option',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'td',
  'th',
  'tr',
  'ul',
])
const HEADINGS = new Set(['h1', 'h2', 'h3'])
// Start tags that end an open <p>, as the HTML parser closes it.
const CLOSES_P = new Set(
  [...BLOCKS].filter((name) => !['br', 'body', 'html', 'td', 'th', 'tr', 'option'].includes(name)),
)
// An open element of the first kind ends when another starts, unless one of the second kind lies between them.
const SELF_CLOSING: Record<string, {ends: readonly string[]; scope: readonly string[]}> = {
  li: {ends: ['li'], scope: ['ul', 'ol']},
  dt: {ends: ['dt', 'dd'], scope: ['dl']},
  dd: {ends: ['dt', 'dd'], scope: ['dl']},
  td: {ends: ['td', 'th'], scope: ['tr', 'table']},
  th: {ends: ['td', 'th'], scope: ['tr', 'table']},
  tr: {ends: ['tr', 'td', 'th'], scope: ['table']},
  option: {ends: ['option'], scope: ['select', 'datalist']},
}

interface Open {
  name: string
  /** Its text is not shown. */
  hidden: boolean
  /** A closed <details>: only its <summary> is shown. */
  closedDetails: boolean
}

/** The visible text of a page's HTML (see the module comment for what counts as visible). */
export function visibleText(html: string): PageText {
  const blocks: string[] = []
  const headings: string[] = []
  const stack: Open[] = []
  let block = ''
  let heading: string | null = null
  let blank = false
  const breakBlock = () => {
    const text = collapse(block)
    if (text !== '') blocks.push(text)
    block = ''
  }
  const shown = () => {
    const top = stack.at(-1)
    return top === undefined || (!top.hidden && !top.closedDetails)
  }
  const popTo = (index: number) => {
    while (stack.length > index) {
      const closed = stack.pop()!
      if (BLOCKS.has(closed.name)) breakBlock()
      if (HEADINGS.has(closed.name) && heading !== null) {
        const text = collapse(heading)
        if (text !== '') headings.push(text)
        heading = null
      }
    }
  }
  const lastOpen = (names: readonly string[], scope: readonly string[] = []) => {
    for (let index = stack.length - 1; index >= 0; index--) {
      if (names.includes(stack[index]!.name)) return index
      if (scope.includes(stack[index]!.name)) return -1
    }
    return -1
  }

  let at = 0
  while (at < html.length) {
    const lt = html.indexOf('<', at)
    const textEnd = lt === -1 ? html.length : lt
    if (textEnd > at) {
      if (shown()) {
        const text = decodeEntities(html.slice(at, textEnd))
        block += text
        if (heading !== null) heading += text
      }
      at = textEnd
      continue
    }
    if (html.startsWith('<!--', at)) {
      const end = html.indexOf('-->', at + 4)
      at = end === -1 ? html.length : end + 3
      continue
    }
    const tag = /^<(\/?)([a-zA-Z][^\s/>]*)/.exec(html.slice(at, at + 64))
    if (!tag) {
      // `<!doctype>`, `<?xml?>` and the like are skipped; a lone `<` is text.
      if (html[at + 1] === '!' || html[at + 1] === '?') {
        const end = html.indexOf('>', at)
        at = end === -1 ? html.length : end + 1
      } else {
        if (shown()) {
          block += '<'
          if (heading !== null) heading += '<'
        }
        at++
      }
      continue
    }
    const end = tagEnd(html, at + tag[0].length)
    const name = tag[2]!.toLowerCase()
    const attributes = html.slice(at + tag[0].length, end)
    at = end + 1
    if (tag[1] === '/') {
      const index = lastOpen([name])
      if (index >= 0) popTo(index)
      else if (name === 'br' || name === 'p') breakBlock()
      continue
    }

    // Implied end tags.
    if (
      stack.at(-1)?.name === 'head' &&
      !['meta', 'link', 'title', 'style', 'script', 'noscript', 'base', 'template'].includes(name)
    )
      popTo(stack.length - 1)
    if (name === 'body') {
      const head = lastOpen(['head'])
      if (head >= 0) popTo(head)
    }
    if (CLOSES_P.has(name)) {
      const p = lastOpen(['p'], ['button', 'table', 'td', 'th', 'li'])
      if (p >= 0) popTo(p)
    }
    const closing = SELF_CLOSING[name]
    if (closing) {
      const open = lastOpen(closing.ends, closing.scope)
      if (open >= 0) popTo(open)
    }

    if (BLOCKS.has(name)) breakBlock()
    if (VOID.has(name)) continue
    const parent = stack.at(-1)
    const attributeMap = parseAttributes(attributes)
    const hidden =
      (parent !== undefined && (parent.hidden || (parent.closedDetails && name !== 'summary'))) ||
      UNRENDERED.has(name) ||
      hidesItself(attributeMap)
    stack.push({name, hidden, closedDetails: name === 'details' && !attributeMap.has('open')})
    if (HEADINGS.has(name) && heading === null && !hidden) heading = ''
    if (RAW_TEXT.has(name)) {
      const close = new RegExp(`</${name}[\\s/>]`, 'ig')
      close.lastIndex = at
      const found = close.exec(html)
      const contentEnd = found ? found.index : html.length
      if (name === 'style' && !printOnly(attributeMap) && hidesTheDocument(html.slice(at, contentEnd))) blank = true
      if (!hidden) {
        // A textarea shows its text (character references decoded); the rest are hidden above.
        const text = decodeEntities(html.slice(at, contentEnd))
        block += text
        if (heading !== null) heading += text
      }
      at = contentEnd
    }
  }
  popTo(0)
  breakBlock()
  return blank ? {blocks: [], headings: []} : {blocks, headings}
}

/** A <style> for other media than the screen. */
function printOnly(attributes: Map<string, string>): boolean {
  const media = attributes.get('media')?.trim().toLowerCase()
  return media !== undefined && media !== '' && !/\b(?:all|screen)\b/.test(media)
}

/**
 * True when a stylesheet hides the whole document: a top-level rule (not inside `@media` or another at-rule) whose
 * selectors are all `html`, `body`, `html body` or `:root`, with `display: none` or `visibility: hidden`.
 */
export function hidesTheDocument(css: string): boolean {
  const source = css.replace(/\/\*[\s\S]*?\*\//g, '')
  let depth = 0
  let selectorStart = 0
  for (let index = 0; index < source.length; index++) {
    const character = source[index]
    if (character === '{') {
      const selector = source.slice(selectorStart, index).trim().toLowerCase()
      const close = source.indexOf('}', index)
      if (depth === 0 && !selector.startsWith('@') && close >= 0) {
        const selectors = selector.split(',').map((part) => part.trim().replace(/\s+/g, ' '))
        const declarations = source.slice(index + 1, close).toLowerCase()
        if (
          selectors.every((part) => ['html', 'body', 'html body', ':root'].includes(part)) &&
          /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\b/.test(declarations)
        )
          return true
      }
      depth++
      selectorStart = index + 1
    } else if (character === '}') {
      depth = Math.max(0, depth - 1)
      selectorStart = index + 1
    } else if (character === ';' && depth === 0) selectorStart = index + 1
  }
  return false
}

/** The index of the `>` that ends a tag whose attributes begin at `from`, quotes respected. */
function tagEnd(html: string, from: number): number {
  let quote: string | null = null
  for (let index = from; index < html.length; index++) {
    const character = html[index]!
    if (quote !== null) {
      if (character === quote) quote = null
    } else if (character === '"' || character === "'") {
      // A quote opens a value only after `=`; elsewhere it is part of a malformed name.
      if (/=\s*$/.test(html.slice(Math.max(from, index - 8), index))) quote = character
    } else if (character === '>') return index
  }
  return html.length - 1
}

/** A start tag's attributes by lower-case name (the first of a repeated name wins, as in HTML). */
function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>()
  for (const match of source.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    const name = match[1]!.toLowerCase()
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''))
  }
  return attributes
}

/** The `hidden` attribute, or an inline style of `display: none` or `visibility: hidden`. */
function hidesItself(attributes: Map<string, string>): boolean {
  if (attributes.has('hidden')) return true
  const css = attributes.get('style')?.toLowerCase()
  if (css === undefined) return false
  return /(?:^|;)\s*display\s*:\s*none\b/.test(css) || /(?:^|;)\s*visibility\s*:\s*(?:hidden|collapse)\b/.test(css)
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}
