import type {ChatMessage, ChatReply} from '../llm/client.js'
import type {ActionTarget} from '../schema/action.js'
import {buildPolicyMessages, QWEN3VL_PROMPT_VERSION, withToolCalls, type PolicyPromptInput} from './qwen3vl.js'
import {parsePolicyResponse, type ParsedPolicyResponse} from './qwen3vl-reply.js'
import {buildUiTarsMessages, UITARS_PROMPT_VERSION} from './uitars.js'
import {parseUiTarsResponse} from './uitars-reply.js'
import {buildSomMessages, SOM_PROMPT_VERSION} from './som.js'
import {parseSomResponse} from './som-reply.js'
import {BROWSER_TOOLS, buildToolsMessages, parseToolsResponse, TOOLS_PROMPT_VERSION} from './tools.js'

/** How a policy model is prompted and its reply read: one versioned prompt builder and its parser. */
export interface PolicyDialect {
  name: string
  /** The dialect in a few words, for help. */
  summary: string
  /** Recorded in every trajectory (run.prompt_version), so that training rebuilds the same prompts. */
  promptVersion: string
  buildMessages(input: PolicyPromptInput): ChatMessage[]
  /** Functions the request offers as OpenAI `tools` (the tools dialect); none for dialects that write calls as text. */
  tools?: readonly unknown[]
  /**
   * The reply as the model wrote it, in one text: what the step records as its response, what the trainer learns to
   * write, and what parseResponse reads. Function calls a server returned apart from the content go back in.
   */
  responseText(reply: Pick<ChatReply, 'content' | 'toolCalls'>): string | null
  /**
   * Never throws: a malformed reply gives a null action and a one-line error. Coordinates come back in webgym's
   * 0-1000 units, converted from the dialect's own convention (which may depend on the viewport).
   */
  parseResponse(
    text: string | null | undefined,
    context: {viewport: {width: number; height: number}},
  ): ParsedPolicyResponse
  /**
   * What the model acts on: points of an image (coordinates) or the numbered elements of an observation mode with
   * element ids (som, axtree).
   */
  actsOn: ActionTarget
}

const qwen3vl: PolicyDialect = {
  name: 'qwen3vl',
  summary: "Qwen3-VL's computer_use tool call, coordinates 0-1000",
  promptVersion: QWEN3VL_PROMPT_VERSION,
  buildMessages: buildPolicyMessages,
  responseText: ({content, toolCalls}) => withToolCalls(content, toolCalls),
  parseResponse: parsePolicyResponse,
  actsOn: 'coordinates',
}

// UI-TARS-1.5 (ByteDance-Seed/UI-TARS-1.5-7B behind vLLM): its grammar and its resized-pixel coordinates.
const uitars: PolicyDialect = {
  name: 'uitars',
  summary: "UI-TARS-1.5's grammar, pixels of its resized screenshot",
  promptVersion: UITARS_PROMPT_VERSION,
  buildMessages: buildUiTarsMessages,
  responseText: ({content}) => content,
  parseResponse: (text, {viewport}) => parseUiTarsResponse(text, viewport),
  actsOn: 'coordinates',
}

// Plain OpenAI function calling, for any model behind an OpenAI-compatible server; pixel coordinates.
const tools: PolicyDialect = {
  name: 'tools',
  summary: 'OpenAI function calling for any model, coordinates in screenshot pixels',
  promptVersion: TOOLS_PROMPT_VERSION,
  buildMessages: buildToolsMessages,
  tools: BROWSER_TOOLS,
  responseText: ({content, toolCalls}) => withToolCalls(content, toolCalls),
  parseResponse: (text, {viewport}) => parseToolsResponse(text, viewport),
  actsOn: 'coordinates',
}

// Element ids of a Set-of-Marks or accessibility-tree observation, in BrowserGym's function grammar.
const som: PolicyDialect = {
  name: 'som',
  summary: "BrowserGym-style calls on element ids, such as click('12')",
  promptVersion: SOM_PROMPT_VERSION,
  buildMessages: buildSomMessages,
  responseText: ({content}) => content,
  parseResponse: (text) => parseSomResponse(text),
  actsOn: 'elements',
}

/** The dialects `rollout --dialect` offers, by name. */
export const POLICY_DIALECTS = {qwen3vl, som, tools, uitars} as const satisfies Record<string, PolicyDialect>
export type DialectName = keyof typeof POLICY_DIALECTS
export const DIALECTS = Object.keys(POLICY_DIALECTS) as DialectName[]

/** Each dialect in a few words, by name, for help. */
export const DIALECT_SUMMARIES = Object.fromEntries(
  DIALECTS.map((name) => [name, POLICY_DIALECTS[name].summary]),
) as Record<DialectName, string>

/** The dialects that name elements by id (they need an observation mode that numbers elements). */
export const ELEMENT_DIALECTS = DIALECTS.filter((name) => POLICY_DIALECTS[name].actsOn === 'elements')

/** The dialect whose prompts a trajectory's run.prompt_version names, or undefined if this webgym has none. */
export function dialectForPromptVersion(version: string): PolicyDialect | undefined {
  return Object.values(POLICY_DIALECTS).find((dialect: PolicyDialect) => dialect.promptVersion === version)
}

/** The prompt versions this webgym can rebuild, for messages. */
export function knownPromptVersions(): string[] {
  return Object.values(POLICY_DIALECTS).map((dialect: PolicyDialect) => dialect.promptVersion)
}
