// The most characters (Unicode code points) a record keeps of each text that a page or a model server controls;
// longer text is cut with a marker that keeps its length (cut-text.ts). The README's trajectory record section lists
// them. A whole record is kept within the readers' line limit besides (fit-record.ts).

export const TEXT_CAPS = {
  /** A step's URL and a navigate action's URL. */
  url: 4_096,
  /** A step's page title. */
  title: 1_024,
  /** The model's raw response. */
  response: 32_768,
  /** A thinking model's reasoning. */
  reasoning: 32_768,
  /** The memory the model carries from step to step. */
  memory: 8_192,
  /** The text of a type or answer action, and so the trajectory's answer. */
  actionText: 8_192,
  /** The key of a press action. */
  actionKey: 256,
  /** A step's action error, a trajectory's error, and a judgment's error and reasons. */
  error: 4_096,
  /** The text observation a step showed the policy (element list, accessibility tree). */
  observationText: 65_536,
  /** An element's name (or a text run) on one line of the text observation. */
  elementName: 1_000,
} as const

export type TextCapName = keyof typeof TEXT_CAPS

/** The fewest characters a fit to the line limit cuts a text to (fit-record.ts). */
export const MIN_FIT_CHARS = 64

/** How a schema describes a capped text: its cap and the marker a longer one ends in. */
export function capNote(name: TextCapName): string {
  return `at most ${TEXT_CAPS[name]} characters; a longer text is cut to that, ending in …[cut: LENGTH chars]`
}
