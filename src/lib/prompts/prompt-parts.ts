// The pieces every policy dialect's prompt builder shares: message parts, the line that introduces a screenshot, and
// the notes about the previous action. Each dialect keeps its own wording of the no-effect note (it is part of its
// versioned prompt).
import {firstLine} from '../errors.js'
import {ACTION_ERROR_CHARS} from './qwen3vl-actions.js'

export type ContentPart = {type: 'text'; text: string} | {type: 'image_url'; image_url: {url: string}}

export function text(value: string): ContentPart {
  return {type: 'text', text: value}
}

export function image(url: string): ContentPart {
  return {type: 'image_url', image_url: {url}}
}

/**
 * "Step N screenshot", the URL and the title: what introduces each screenshot; then the page's text observation
 * (element list, accessibility tree) when the observation mode gives one.
 */
export function pageLine(step: number, page: {url: string; title?: string; text?: string}): string {
  const lines = [`Step ${step} screenshot`, `URL: ${page.url}`, ...(page.title ? [`Title: ${page.title}`] : [])]
  if (page.text) lines.push('', page.text)
  return lines.join('\n')
}

/** The current observation's image part, when the mode shows one (axtree alone shows none). */
export function imageParts(url: string | undefined): ContentPart[] {
  return url ? [image(url)] : []
}

/** The previous action's failure, and `noEffectNote` when it left the screen unchanged. */
export function roundNotes(error: string | null, noEffect: boolean, noEffectNote: string): string[] {
  const notes: string[] = []
  if (error) notes.push(`Your previous action failed: ${firstLine(error, ACTION_ERROR_CHARS)}`)
  if (noEffect) notes.push(noEffectNote)
  return notes
}
