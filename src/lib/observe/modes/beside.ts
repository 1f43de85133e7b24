import type {ObserveModeBehaviour} from '../mode.js'

/**
 * Two modes shown together, such as screenshot+axtree: the first one's image, both texts (the first's above), and
 * whatever either lets an action name. The page is read once: the second mode reads it only when the first read
 * nothing (the modes that number elements read the same parts).
 */
export function beside(first: ObserveModeBehaviour, second: ObserveModeBehaviour): ObserveModeBehaviour {
  return {
    targets: [...new Set([...first.targets, ...second.targets])],
    capture: async (page, viewport) => {
      const parts = await first.capture(page, viewport)
      return parts.elements ? parts : second.capture(page, viewport)
    },
    render: async (screenshot, parts, options) => {
      const [shown, beside] = await Promise.all([
        first.render(screenshot, parts, options),
        second.render(screenshot, parts, options),
      ])
      const texts = [shown.text, beside.text].filter((text) => text !== undefined)
      return {image: shown.image, ...(texts.length > 0 ? {text: texts.join('\n\n')} : {})}
    },
    shownImage: first.shownImage,
    // The ids the policy reads first: the marks on the image when the first mode numbers elements (som+axtree).
    shownElements: (parts) =>
      first.targets.includes('elements') ? first.shownElements(parts) : second.shownElements(parts),
  }
}
