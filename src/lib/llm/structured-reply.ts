import {z} from 'zod'

/** The JSON Schema sent as `response_format` for a reply schema. */
export function replyJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, {io: 'output', unrepresentable: 'any'}) as Record<string, unknown>
  delete json.$schema
  return json
}

/** The instruction added to the prompt when the server cannot constrain replies to a JSON schema. */
export function schemaInstruction(schema: z.ZodType): string {
  return `Reply with one JSON object and nothing else (no prose, no code fence). It must match this JSON Schema:\n${JSON.stringify(replyJsonSchema(schema))}`
}

export type ReplyCheck<T> = {ok: true; value: T; json: string} | {ok: false; problem: string}

/**
 * Reads a model reply as JSON and validates it: tolerates a code fence or prose around one JSON object, and says
 * what is wrong (for the repair request) when it does not match.
 */
export function checkReply<T>(content: string | null | undefined, schema: z.ZodType<T>): ReplyCheck<T> {
  if (!content || content.trim() === '') return {ok: false, problem: 'the reply was empty'}
  const text = extractJson(content)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return {ok: false, problem: `the reply is not valid JSON (${(error as Error).message})`}
  }
  const result = schema.safeParse(value)
  if (!result.success) {
    const issues = result.error.issues.slice(0, 5).map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    return {ok: false, problem: `the reply does not match the schema (${issues.join('; ')})`}
  }
  return {ok: true, value: result.data, json: JSON.stringify(result.data)}
}

function extractJson(content: string): string {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content)
  const text = (fenced ? fenced[1] : content).trim()
  if (text.startsWith('{') || text.startsWith('[')) return text
  const start = text.indexOf('{')
  const end = text.lastIndexOf('}')
  return start !== -1 && end > start ? text.slice(start, end + 1) : text
}
