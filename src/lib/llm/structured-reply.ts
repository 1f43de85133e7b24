import {z} from 'zod'

// Converting a schema takes a quarter of a millisecond, and a request needs it twice (the cache key and the body):
// at hundreds of requests a second it is done once per schema.
const jsonSchemas = new WeakMap<z.ZodType, {json: Record<string, unknown>; text: string}>()

function converted(schema: z.ZodType): {json: Record<string, unknown>; text: string} {
  let entry = jsonSchemas.get(schema)
  if (!entry) {
    const json = z.toJSONSchema(schema, {io: 'output', unrepresentable: 'any'}) as Record<string, unknown>
    delete json.$schema
    entry = {json, text: JSON.stringify(json)}
    jsonSchemas.set(schema, entry)
  }
  return entry
}

/** The JSON Schema sent as `response_format` for a reply schema (the same object for every call: do not modify it). */
export function replyJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return converted(schema).json
}

/** The same JSON Schema as text. */
export function replyJsonSchemaText(schema: z.ZodType): string {
  return converted(schema).text
}

/** The instruction added to the prompt when the server cannot constrain replies to a JSON schema. */
export function schemaInstruction(schema: z.ZodType): string {
  return `Reply with one JSON object and nothing else (no prose, no code fence). It must match this JSON Schema:\n${replyJsonSchemaText(schema)}`
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
    const issues = result.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
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
