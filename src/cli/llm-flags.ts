import {Flags} from '@oclif/core'
import {UsageError} from '../lib/errors.js'
import {LlmClient, type LlmOptions} from '../lib/llm/client.js'
import {defaultCacheDir} from '../lib/llm/response-cache.js'
import type {Text} from '../lib/option-text.js'
import type {Reporter} from '../lib/report/reporter.js'

// The flags of every model-backed command, each with its environment variable.
export const llmFlags = {
  'base-url': Flags.string({
    env: 'OPENAI_BASE_URL',
    multiple: true,
    multipleNonGreedy: true,
    delimiter: ',',
    default: ['http://127.0.0.1:8000/v1'],
    helpValue: 'URL',
    description:
      'OpenAI-compatible endpoint (vLLM, OpenAI, ...). Repeatable, or comma-separated (also in OPENAI_BASE_URL), for replicas of one model: each request goes to the server with the fewest in flight; one that refuses connections or fails its health check (GET /models) is taken out and checked again, and its requests go to the others.',
  }),
  'api-key': Flags.string({
    env: 'OPENAI_API_KEY',
    helpValue: 'KEY',
    description: 'API key for the endpoint (never written to records or logs).',
  }),
  model: Flags.string({env: 'WEBGYM_MODEL', helpValue: 'NAME', description: 'Model name as the endpoint knows it.'}),
  concurrency: Flags.integer({
    default: 16,
    min: 1,
    max: 4096,
    helpValue: 'N',
    description: 'Requests in flight at once.',
  }),
  timeout: Flags.integer({
    default: 120,
    min: 1,
    helpValue: 'SECONDS',
    description: 'Per-request timeout (a timed-out request is retried).',
  }),
  'max-retries': Flags.integer({
    default: 4,
    min: 0,
    max: 20,
    helpValue: 'N',
    description:
      'Retries per request on 429, 5xx, timeouts and dropped connections (exponential backoff with jitter, honouring Retry-After).',
  }),
  'max-retry-wait': Flags.integer({
    default: 60,
    min: 0,
    helpValue: 'SECONDS',
    description:
      "The longest wait a server's Retry-After may ask for before a retry; a longer one is cut to this (said on stderr).",
  }),
  temperature: Flags.string({
    default: '0',
    helpValue: 'T',
    description: 'Sampling temperature (0 for reproducible replies).',
  }),
  seed: Flags.integer({
    default: 0,
    helpValue: 'N',
    description:
      'Seed sent with every request and used for any random choice; same inputs, seed and cache give byte-identical output.',
  }),
  'json-schema': Flags.boolean({
    default: true,
    allowNo: true,
    description:
      'Constrain replies with response_format json_schema; --no-json-schema puts the schema in the prompt for servers without it.',
  }),
  cache: Flags.string({
    env: 'WEBGYM_CACHE',
    helpValue: 'DIR',
    description: `Reply cache directory [default: ${defaultCacheDir()}].`,
  }),
  'no-cache': Flags.boolean({default: false, description: 'Neither read nor write the reply cache.'}),
}

/** The parsed values of llmFlags (commands may override some, e.g. rollout never caches). */
export interface LlmFlagValues {
  'base-url': string | string[]
  'api-key'?: string
  model?: string
  timeout: number
  'max-retries': number
  'max-retry-wait': number
  temperature: string
  seed: number
  'json-schema': boolean
  cache?: string
  'no-cache': boolean
}

/**
 * The one way a command gets a model client: from the shared model flags. A missing model or a bad number is a usage
 * error; `modelEnv` is the environment variable the hint names for the model.
 */
export function llmClientFromFlags(
  flags: LlmFlagValues,
  options: {modelEnv?: string; reporter?: Reporter} = {},
): LlmClient {
  const reporter = options.reporter
  return new LlmClient({
    ...llmOptionsFromFlags(flags, options.modelEnv ?? 'WEBGYM_MODEL'),
    ...(reporter ? {onWait: (text: Text) => reporter.warn(text)} : {}),
  })
}

function llmOptionsFromFlags(flags: LlmFlagValues, modelEnv: string): LlmOptions {
  if (!flags.model) throw new UsageError('no model given', `pass --model NAME or set ${modelEnv}`)
  const temperature = Number(flags.temperature)
  if (!Number.isFinite(temperature) || temperature < 0 || temperature > 2) {
    throw new UsageError(`--temperature must be a number from 0 to 2, got "${flags.temperature}"`)
  }
  const baseURLs = baseUrlsFromFlag(flags['base-url'])
  return {
    baseURL: baseURLs[0]!,
    baseURLs,
    apiKey: flags['api-key'],
    model: flags.model,
    timeoutMs: flags.timeout * 1000,
    maxRetries: flags['max-retries'],
    maxRetryWaitMs: flags['max-retry-wait'] * 1000,
    temperature,
    seed: flags.seed,
    jsonSchema: flags['json-schema'],
    cacheDir: flags['no-cache'] ? null : flags.cache || defaultCacheDir(),
  }
}

/**
 * The endpoints --base-url names: the flag repeated, comma-separated, or OPENAI_BASE_URL (which oclif hands over
 * unsplit), each an http(s) URL, without a trailing slash and without repeats.
 */
export function baseUrlsFromFlag(value: string | readonly string[]): string[] {
  const texts = (typeof value === 'string' ? [value] : [...value])
    .flatMap((text) => text.split(','))
    .map((text) => text.trim())
    .filter((text) => text !== '')
  if (texts.length === 0) throw new UsageError('--base-url is empty', 'e.g. http://127.0.0.1:8000/v1')
  const urls: string[] = []
  for (const text of texts) {
    let url: URL
    try {
      url = new URL(text)
    } catch {
      throw new UsageError(`--base-url is not a URL: "${text}"`, 'e.g. http://127.0.0.1:8000/v1')
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new UsageError(`--base-url is not an http(s) URL: "${text}"`, 'e.g. http://127.0.0.1:8000/v1')
    const normal = text.replace(/\/+$/, '')
    if (!urls.includes(normal)) urls.push(normal)
  }
  return urls
}
