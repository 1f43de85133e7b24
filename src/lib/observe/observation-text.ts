import type {ObserveMode} from './observe-mode.js'
import type {PageElements} from './page-elements.js'

/**
 * The text observation the mode adds to the image (or gives alone): the Set-of-Marks element list and/or the
 * accessibility tree. Recorded in the step as sent, so the trainer rebuilds the prompt from the record.
 */
export function observationText(mode: ObserveMode, elements: PageElements | null): string | undefined {
  if (!elements) return undefined
  const sections: string[] = []
  if (mode.elementList)
    sections.push(`Interactive elements (each id is the number on its box in the screenshot):\n${elements.list}`)
  if (mode.axtree) sections.push(`Accessibility tree of the visible page:\n${elements.axtree}`)
  return sections.length > 0 ? sections.join('\n\n') : undefined
}
