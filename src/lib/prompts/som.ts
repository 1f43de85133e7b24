// The som dialect: element-id actions for a Set-of-Marks or accessibility-tree observation (the GPT-4o-SoM baseline
// and BrowserGym-style agents). The model reads the numbered elements (boxes on the screenshot, the element list,
// the accessibility tree) and names one by its id; it gives no coordinates. The episode turns the id into the
// element's centre when the action runs.
import type {ChatMessage} from '../llm/client.js'
import type {RecordedAction} from '../schema/action.js'
import {imageParts, text} from './prompt-parts.js'
import {screenshotOrNote, windowedMessages} from './windowed-dialogue.js'
import {firstLine} from '../errors.js'
import {ACTION_ERROR_CHARS} from './qwen3vl-actions.js'
import type {PolicyPromptInput, PolicyRound} from './qwen3vl.js'
import {SOM_SCROLL_PIXELS, somCall} from './som-actions.js'

export const SOM_PROMPT_VERSION = 'som-v1'

const DEFAULT_WINDOW = 4
const NO_EFFECT_NOTE = 'Your previous action had no effect: the page did not change. Do something else.'

function systemPrompt(useMemory: boolean): string {
  const memoryFormat = useMemory
    ? '\nMemory: <facts found so far that later steps will need; earlier observations are not shown again>'
    : ''
  return `You are a web agent. You complete the user's task in a web browser, one action per step. Each step shows the page: the elements you can act on carry numeric ids, as boxes with a number on the screenshot, in a list of elements, or in the accessibility tree, as [id] before each element.

# Actions

Act by calling one of these functions on the Action line; arguments are Python literals and element ids are strings:
click(bid) - click the element with id bid. Example: click('12')
fill(bid, value) - clear the text field bid and type value into it. Example: fill('7', 'red running shoes')
press(bid, key) - focus the element bid and press a key or combination. Example: press('7', 'Enter')
scroll(delta_x, delta_y) - scroll the page by pixels. Example: scroll(0, ${SOM_SCROLL_PIXELS}) scrolls down
go_back() - go back to the previous page.
goto(url) - open a URL. Example: goto('https://example.com')
noop(wait_ms) - wait for the page to change. Example: noop(1000)
send_msg_to_user(text) - finish the task, giving the complete answer or outcome (or why it cannot be done).

# Reply format

Reply in exactly this form:
Thought: <what the page shows and why the next action brings the task closer to done>
Action: <one function call>${memoryFormat}

Only use ids shown in the latest observation: ids change from step to step. If an action failed or had no effect, do not repeat it.`
}

/** The request: the task, the last `window` observations with the replies between them, older ones as lines. */
export function buildSomMessages(input: PolicyPromptInput): ChatMessage[] {
  return windowedMessages(
    input,
    {
      defaultWindow: DEFAULT_WINDOW,
      noEffectNote: NO_EFFECT_NOTE,
      intro: (older) => introText(input, older),
      roundImage: (round) => imageParts(round.image),
      roundText: (step, round, notes) => [stepLine(step, round), ...notes].join('\n'),
      reply: (action) => (action ? somReply(action) : '(no reply)'),
      current: (notes) => {
        const closing = [stepLine(input.rounds.length + 1, input.current)]
        if (input.current.text) closing.push('', input.current.text)
        if (input.useMemory && input.memory !== null) closing.push('', 'Memory from your previous reply:', input.memory)
        if (notes.length > 0) closing.push('', ...notes)
        closing.push(
          '',
          input.useMemory
            ? 'Give your next reply: Thought, Action and Memory.'
            : 'Give your next reply: Thought and Action.',
        )
        return [...imageParts(input.current.image), text(closing.join('\n'))]
      },
    },
    {role: 'system', content: systemPrompt(input.useMemory)},
  )
}

/** A reply in this dialect for an action chosen without a model (the oracle): Thought when given, then the call. */
export function somReply(action: RecordedAction, thought?: string): string {
  return `${thought ? `Thought: ${thought}\n` : ''}Action: ${somCall(action)}`
}

function stepLine(step: number, page: {url: string; title?: string}): string {
  return [`Step ${step}`, `URL: ${page.url}`, ...(page.title ? [`Title: ${page.title}`] : [])].join('\n')
}

function introText(input: PolicyPromptInput, older: readonly PolicyRound[]): string {
  const lines = [`Task: ${input.task.intent}`]
  if (input.task.website) lines.push(`Website: ${input.task.website}`)
  if (input.task.start_url) lines.push(`Start page: ${input.task.start_url}`)
  if (older.length > 0) {
    lines.push('', 'Earlier steps (their observations are no longer shown):')
    older.forEach((round, i) => {
      let line = `Step ${i + 1}: ${round.action ? somCall(round.action) : 'no valid action'} on ${round.url}`
      if (round.action_error) line += ` (failed: ${firstLine(round.action_error, ACTION_ERROR_CHARS)})`
      if (round.repeated) line += ' (no effect)'
      lines.push(line)
    })
  }
  return lines.join('\n')
}
