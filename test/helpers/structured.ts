// Structured-output helpers for the OpenAI stand-in: reply with JSON, read the JSON schema a request asked for.
import type {StandinReply, StandinRequest} from './openai-standin.js'

/** A completion whose message content is `value` as JSON text. */
export function jsonReply(value: unknown): StandinReply {
  return {content: JSON.stringify(value)}
}

/** The JSON schema of a `response_format: {type: 'json_schema'}` request, or undefined. */
export function schemaOf(request: Pick<StandinRequest, 'body'>): unknown {
  return request.body?.response_format?.json_schema?.schema
}
