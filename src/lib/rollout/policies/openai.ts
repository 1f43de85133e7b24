import type {EndpointSummary} from '../../llm/endpoint-pool.js'
import {LlmClient, LlmError, type ChatMessage, type ChatReply} from '../../llm/client.js'
import type {PolicyDialect} from '../../prompts/policy-dialects.js'
import type {PolicyRound} from '../../prompts/qwen3vl.js'
import type {Task} from '../../schema/task.js'
import type {Step} from '../../schema/trajectory.js'
import {PolicyFailure, type EpisodePolicy, type Policy, type PolicyInput, type PolicyOutput} from '../policy.js'

export interface OpenAIPolicyOptions {
  /** How the model is prompted and its reply read (--dialect). */
  dialect: PolicyDialect
  /** Carry the model's Memory section from step to step (--no-memory turns it off). */
  useMemory: boolean
  /** Rounds with screenshots in each request, the current one included. */
  window: number
  maxTokens: number
}

/**
 * A vision-language model behind an OpenAI-compatible endpoint (vLLM serving Qwen3-VL in production), in a dialect
 * (qwen3vl: the computer-use tool, screenshots in, one tool call out). A response that cannot be parsed becomes the
 * step's action_error and the episode goes on; an endpoint that fails for good after its retries ends the episode.
 */
export class OpenAIPolicy implements Policy {
  readonly name = 'openai'
  readonly remote = true
  readonly promptVersion: string
  readonly version: string

  constructor(
    private readonly client: LlmClient,
    private readonly options: OpenAIPolicyOptions,
  ) {
    this.promptVersion = options.dialect.promptVersion
    this.version = options.dialect.name
  }

  get model(): string {
    return this.client.options.model
  }

  /** Recorded in every trajectory's run block, so that training rebuilds the prompts exactly. */
  get promptSettings(): {window: number; memory: boolean} {
    return {window: this.options.window, memory: this.options.useMemory}
  }

  /** Each attempt of a task samples with its own request seed (--seed plus the attempt's index), as votes do. */
  begin(task: Task, _seed: number, attempt: number): EpisodePolicy {
    return {next: (input) => this.next(task, input, attempt - 1)}
  }

  async close(): Promise<void> {
    await this.client.close()
  }

  servers(): EndpointSummary[] {
    return this.client.endpointSummary()
  }

  private async next(task: Task, input: PolicyInput, sample: number): Promise<PolicyOutput> {
    const messages = policyMessages(this.options.dialect, task, input, this.options)
    let reply: ChatReply
    try {
      reply = await this.client.chat(messages, {
        maxTokens: this.options.maxTokens,
        signal: input.signal,
        sample,
        ...(this.options.dialect.tools ? {tools: this.options.dialect.tools} : {}),
      })
    } catch (error) {
      if (error instanceof LlmError) throw new PolicyFailure(error.message)
      throw error
    }
    const output = readReply(this.options.dialect, this.options.dialect.responseText(reply), input, this.options)
    return {...output, reasoning: reply.reasoning}
  }
}

/** How a dialect's prompts are built from an episode: the rounds with screenshots, and whether memory is carried. */
export type PromptSettings = Pick<OpenAIPolicyOptions, 'useMemory' | 'window'>

/** The messages the dialect sends the model at this step; `env serve` hands the same ones to its clients. */
export function policyMessages(
  dialect: PolicyDialect,
  task: Task,
  input: Omit<PolicyInput, 'page' | 'signal' | 'index'>,
  settings: PromptSettings,
): ChatMessage[] {
  const rounds = input.history.map(({step, image}) =>
    policyRound(step, image.length > 0 ? dataUrl(image) : undefined, settings.useMemory),
  )
  return dialect.buildMessages({
    task: {intent: task.intent, start_url: task.start_url, website: task.website},
    viewport: input.viewport,
    rounds,
    current: {
      url: input.observation.url,
      title: input.observation.title,
      ...(input.observation.shown ? {image: dataUrl(input.observation.shown)} : {}),
      ...(input.observation.text === undefined ? {} : {text: input.observation.text}),
    },
    memory: settings.useMemory ? input.memory : null,
    useMemory: settings.useMemory,
    lastActionNoEffect: input.lastActionNoEffect,
    lastActionError: input.lastActionError,
    window: settings.window,
  })
}

/**
 * A reply read by the dialect into the step's output: the action (or why there is none) and the memory it carries.
 * The one reader of model replies, for the openai policy and for replies `env serve` is sent.
 */
export function readReply(
  dialect: PolicyDialect,
  response: string | null,
  input: Pick<PolicyInput, 'viewport'>,
  settings: Pick<PromptSettings, 'useMemory'>,
): PolicyOutput {
  const parsed = dialect.parseResponse(response, {viewport: input.viewport})
  return {
    response,
    action: parsed.action,
    memory: settings.useMemory ? parsed.memory : null,
    error: parsed.error,
  }
}

/** A past step as the prompt shows it; training rebuilds its prompts with this same function. */
export function policyRound(step: Step, image: string | undefined, useMemory: boolean): PolicyRound {
  return {
    url: step.url,
    title: step.title,
    // Without memory, a Memory section the model wrote anyway is not shown back to it.
    response: useMemory || step.response === null ? step.response : withoutMemory(step.response),
    action: step.action,
    action_error: step.action_error,
    repeated: step.repeated,
    ...(image === undefined ? {} : {image}),
  }
}

function withoutMemory(response: string): string {
  return response.replace(/(^|\n)[ \t]*\**memory\**[ \t]*:[\s\S]*$/i, '')
}

function dataUrl(jpeg: Buffer): string {
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`
}
