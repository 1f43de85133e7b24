// The conversation every policy dialect sends: the rounds inside the prompt window as user turns (the image the
// policy saw, a page line and the notes about the round before) alternating with the replies, older rounds folded
// into the first user message as text, then the current observation. Each dialect fills in its own wording.
import type {ChatMessage} from '../llm/client.js'
import type {RecordedAction} from '../schema/action.js'
import {image, roundNotes, text, type ContentPart} from './prompt-parts.js'
import type {PolicyPromptInput, PolicyRound} from './qwen3vl.js'

export interface DialogueWording {
  /** Rounds with images when the input does not say (the current one included). */
  defaultWindow: number
  /** Said of a round that repeated an action on an unchanged screen. */
  noEffectNote: string
  /** The text of the first user message: the task (and instructions), and the rounds older than the window. */
  intro(older: readonly PolicyRound[]): string
  /** A shown round's image part(s): what the policy saw then. */
  roundImage(round: PolicyRound): ContentPart[]
  /** A shown round's text: its page line (step number from 1) and the notes about the round before. */
  roundText(step: number, round: PolicyRound, notes: readonly string[]): string
  /** A round's reply: the model's own, or one written in the dialect for an action taken without a model. */
  reply(action: RecordedAction | null): string
  /** The current observation's parts, given the notes about the last round. */
  current(notes: readonly string[]): ContentPart[]
}

/** The messages of one request: `system` first when the dialect has one, then the windowed rounds and the current one. */
export function windowedMessages(
  input: PolicyPromptInput,
  wording: DialogueWording,
  system?: ChatMessage,
): ChatMessage[] {
  const window = Number.isFinite(input.window) ? Math.max(1, Math.floor(input.window as number)) : wording.defaultWindow
  const firstShown = Math.max(0, input.rounds.length - (window - 1))
  const messages: ChatMessage[] = system ? [system] : []
  // The task rides in the first user message so that user and assistant turns strictly alternate.
  let intro: string | null = wording.intro(input.rounds.slice(0, firstShown))
  const withIntro = (parts: ContentPart[]): ContentPart[] => {
    const all = intro ? [text(intro), ...parts] : parts
    intro = null
    return all
  }
  for (let i = firstShown; i < input.rounds.length; i++) {
    const round = input.rounds[i]!
    const before = input.rounds[i - 1]
    const notes = i > firstShown && before ? roundNotes(before.action_error, before.repeated, wording.noEffectNote) : []
    messages.push({
      role: 'user',
      content: withIntro([...wording.roundImage(round), text(wording.roundText(i + 1, round, notes))]),
    })
    messages.push({role: 'assistant', content: round.response ?? wording.reply(round.action)})
  }
  const notes = roundNotes(input.lastActionError ?? null, input.lastActionNoEffect, wording.noEffectNote)
  messages.push({role: 'user', content: withIntro(wording.current(notes))})
  return messages
}

/** A shown round's screenshot, or a line saying it is gone (the coordinate dialects always showed one). */
export function screenshotOrNote(round: PolicyRound): ContentPart[] {
  return [round.image ? image(round.image) : text('(screenshot not available)')]
}
