import type {EndpointSummary} from '../../llm/endpoint-pool.js'
import {LlmClient, LlmError, type ChatReply} from '../../llm/client.js'
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
    const rounds = input.history.map(({step, image}) =>
      policyRound(step, image.length > 0 ? dataUrl(image) : undefined, this.options.useMemory),
    )
    const messages = this.options.dialect.buildMessages({
      task: {intent: task.intent, start_url: task.start_url, website: task.website},
      viewport: input.viewport,
      rounds,
      current: {
        url: input.observation.url,
        title: input.observation.title,
        ...(input.observation.shown ? {image: dataUrl(input.observation.shown)} : {}),
        ...(input.observation.text === undefined ? {} : {text: input.observation.text}),
      },
      memory: this.options.useMemory ? input.memory : null,
      useMemory: this.options.useMemory,
      lastActionNoEffect: input.lastActionNoEffect,
      lastActionError: input.lastActionError,
      window: this.options.window,
    })
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
    const response = this.options.dialect.responseText(reply)
    const parsed = this.options.dialect.parseResponse(response, {viewport: input.viewport})
    return {
      response,
      reasoning: reply.reasoning,
      action: parsed.action,
      memory: this.options.useMemory ? parsed.memory : null,
      error: parsed.error,
    }
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
