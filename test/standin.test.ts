import {request as httpRequest} from 'node:http'
import OpenAI, {
  APIConnectionError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
} from 'openai'
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest'
import {startStandin, type Standin} from './helpers/openai-standin.js'
import {jsonReply, schemaOf} from './helpers/structured.js'

const MODEL = 'Qwen/Qwen3-VL-8B-Instruct'
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

const clientFor = (standin: Standin, extra: {apiKey?: string; maxRetries?: number} = {}) =>
  new OpenAI({baseURL: standin.url, apiKey: 'sk-test', maxRetries: 0, ...extra})

const ask = (client: OpenAI, text: string) =>
  client.chat.completions.create({model: MODEL, messages: [{role: 'user', content: text}]})

let standin: Standin
let client: OpenAI
beforeAll(async () => {
  standin = await startStandin({models: [MODEL]})
  client = clientFor(standin)
})
afterEach(() => standin.reset())
afterAll(() => standin.close())

describe('openai stand-in: chat completions', () => {
  it('returns the scripted content as a ChatCompletion with plausible usage', async () => {
    standin.script([{match: 'capital of France', reply: {content: 'Paris'}}])
    const completion = await ask(client, 'What is the capital of France?')
    expect(completion.object).toBe('chat.completion')
    expect(completion.model).toBe(MODEL)
    expect(completion.choices[0].message).toMatchObject({role: 'assistant', content: 'Paris'})
    expect(completion.choices[0].finish_reason).toBe('stop')
    expect(completion.usage).toEqual({prompt_tokens: 8, completion_tokens: 2, total_tokens: 10})
    expect(standin.requests).toHaveLength(1)
    expect(standin.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      text: 'What is the capital of France?',
      images: 0,
      index: 0,
    })
    expect(standin.requests[0].headers.authorization).toBe('Bearer sk-test')
  })

  it('counts image parts and charges 256 prompt tokens for each', async () => {
    standin.script([{reply: {content: 'two screenshots'}}])
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages: [
        {role: 'system', content: 'You are a web agent.'},
        {
          role: 'user',
          content: [
            {type: 'text', text: 'Compare these.'},
            {type: 'image_url', image_url: {url: PIXEL}},
            {type: 'image_url', image_url: {url: PIXEL}},
          ],
        },
      ],
    })
    expect(standin.requests[0].images).toBe(2)
    expect(standin.requests[0].text).toBe('You are a web agent.\nCompare these.')
    expect(completion.usage?.prompt_tokens).toBe(Math.ceil(35 / 4) + 2 * 256)
  })

  it('tries rules in order, lets `times` fall through, and answers unscripted calls with a 400', async () => {
    standin.script([
      {match: /step \d+/, reply: {content: 'first'}, times: 1},
      {
        match: (request) => request.text.startsWith('step'),
        reply: (request) => ({content: `handled ${request.index}`}),
      },
    ])
    expect((await ask(client, 'step 1')).choices[0].message.content).toBe('first')
    expect((await ask(client, 'step 2')).choices[0].message.content).toBe('handled 1')
    const error = await ask(client, 'something else').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(BadRequestError)
    expect((error as BadRequestError).message).toContain('no scripted reply for request 2')
    expect((error as BadRequestError).type).toBe('invalid_request_error')
  })

  it('uses the fallback handler when no rule matches and keeps it across reset()', async () => {
    const other = await startStandin({handler: (request) => ({content: `echo: ${request.text}`})})
    try {
      other.script([{match: 'special', reply: {content: 'scripted'}}])
      const otherClient = clientFor(other)
      expect((await ask(otherClient, 'special')).choices[0].message.content).toBe('scripted')
      other.reset()
      expect((await ask(otherClient, 'special')).choices[0].message.content).toBe('echo: special')
      expect(other.requests.map((request) => request.index)).toEqual([0])
    } finally {
      await other.close()
    }
  })

  it('rejects a model it does not serve, like vLLM', async () => {
    standin.script([{reply: {content: 'never'}}])
    const error = await client.chat.completions
      .create({model: 'gpt-typo', messages: [{role: 'user', content: 'hi'}]})
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(NotFoundError)
  })

  it('serves structured output replies and exposes the requested schema', async () => {
    const schema = {type: 'object', properties: {reward: {type: 'integer'}}, required: ['reward']}
    standin.script([{reply: jsonReply({reward: 1})}])
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages: [{role: 'user', content: 'judge this'}],
      response_format: {type: 'json_schema', json_schema: {name: 'judgment', schema, strict: true}},
    })
    expect(JSON.parse(completion.choices[0].message.content ?? '')).toEqual({reward: 1})
    expect(schemaOf(standin.requests[0])).toEqual(schema)
  })

  it('answers many concurrent requests', async () => {
    const busy = await startStandin()
    busy.setHandler((request) => ({content: `#${request.text}`, delayMs: 20}))
    try {
      const busyClient = clientFor(busy)
      const answers = await Promise.all(Array.from({length: 64}, (_, i) => ask(busyClient, String(i))))
      expect(answers.map((answer) => answer.choices[0].message.content)).toEqual(
        Array.from({length: 64}, (_, i) => `#${i}`),
      )
      expect(busy.requests.map((request) => request.index).sort((a, b) => a - b)).toEqual(
        Array.from({length: 64}, (_, i) => i),
      )
    } finally {
      await busy.close()
    }
  })
})

describe('openai stand-in: failures', () => {
  it('sends a 429 with retry-after that the client retries', async () => {
    standin.script([
      {reply: {status: 429, headers: {'retry-after': '1'}}, times: 1},
      {reply: {content: 'after the wait'}},
    ])
    const started = Date.now()
    const completion = await ask(clientFor(standin, {maxRetries: 2}), 'go')
    expect(completion.choices[0].message.content).toBe('after the wait')
    expect(Date.now() - started).toBeGreaterThanOrEqual(900)
    expect(standin.requests).toHaveLength(2)
    expect(standin.requests[0].headers['x-stainless-retry-count']).toBe('0')
    expect(standin.requests[1].headers['x-stainless-retry-count']).toBe('1')
  })

  it('sends a 500 as an InternalServerError with the OpenAI error body', async () => {
    standin.script([{reply: {status: 500}}])
    const error = await ask(client, 'go').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InternalServerError)
    expect((error as InternalServerError).status).toBe(500)
    expect((error as InternalServerError).type).toBe('server_error')
  })

  it('drops the connection, which the client reports as APIConnectionError', async () => {
    standin.script([{reply: {drop: true}}])
    await expect(ask(client, 'go')).rejects.toBeInstanceOf(APIConnectionError)
    // The server keeps serving after a dropped socket.
    standin.script([{reply: {content: 'still here'}}])
    expect((await ask(client, 'again')).choices[0].message.content).toBe('still here')
  })

  it('sends a malformed JSON body, which the client cannot parse', async () => {
    standin.script([{reply: {raw: '{"id": "chatcmpl-1", "choices": ['}}])
    await expect(ask(client, 'go')).rejects.toThrow(SyntaxError)
  })

  it('delays a reply by delayMs plus latencyMs', async () => {
    const slow = await startStandin({latencyMs: 50, handler: () => ({content: 'slow', delayMs: 100})})
    try {
      const started = performance.now()
      await ask(clientFor(slow), 'go')
      expect(performance.now() - started).toBeGreaterThanOrEqual(148)
    } finally {
      await slow.close()
    }
  })

  it('refuses a wrong API key with 401 when requireApiKey is set', async () => {
    const guarded = await startStandin({requireApiKey: 'sk-right', handler: () => ({content: 'ok'})})
    try {
      const error = await ask(clientFor(guarded, {apiKey: 'sk-wrong'}), 'go').catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(AuthenticationError)
      expect((error as AuthenticationError).message).not.toContain('sk-wrong')
      await expect(clientFor(guarded, {apiKey: 'sk-wrong'}).models.list()).rejects.toBeInstanceOf(AuthenticationError)
      expect((await ask(clientFor(guarded, {apiKey: 'sk-right'}), 'go')).choices[0].message.content).toBe('ok')
    } finally {
      await guarded.close()
    }
  })

  it('closes promptly with a reply still pending and keep-alive sockets open', async () => {
    const hanging = await startStandin({handler: () => ({content: 'late', delayMs: 60_000})})
    const hangingClient = clientFor(hanging)
    const pending = ask(hangingClient, 'wait').catch((caught: unknown) => caught)
    await expect.poll(() => hanging.requests.length).toBe(1)
    const started = performance.now()
    await hanging.close()
    expect(performance.now() - started).toBeLessThan(1000)
    expect(await pending).toBeInstanceOf(APIConnectionError)
  })
})

describe('openai stand-in: models and LoRA adapters', () => {
  it('lists the configured models', async () => {
    const page = await client.models.list()
    expect(page.data.map((model) => [model.id, model.object, model.owned_by])).toEqual([[MODEL, 'model', 'vllm']])
    expect(typeof page.data[0].created).toBe('number')
    expect(standin.requests[0]).toMatchObject({method: 'GET', path: '/v1/models', index: 0})
  })

  it('adds a loaded LoRA adapter to /v1/models and serves chat under its name', async () => {
    const loaded = await client.post('/load_lora_adapter', {
      body: {lora_name: 'policy-it3', lora_path: '/runs/it3/adapter'},
    })
    expect(loaded).toBe("Success: LoRA adapter 'policy-it3' added successfully.")
    expect((await client.models.list()).data.map((model) => model.id)).toEqual([MODEL, 'policy-it3'])
    standin.script([{reply: {content: 'from the adapter'}}])
    const completion = await client.chat.completions.create({
      model: 'policy-it3',
      messages: [{role: 'user', content: 'hi'}],
    })
    expect(completion.model).toBe('policy-it3')
    expect(standin.requests.map((request) => request.path)).toEqual([
      '/v1/load_lora_adapter',
      '/v1/models',
      '/v1/chat/completions',
    ])
    await client.post('/unload_lora_adapter', {body: {lora_name: 'policy-it3'}})
    expect((await client.models.list()).data.map((model) => model.id)).toEqual([MODEL])
  })

  it('answers a load_lora_adapter body without lora_name or lora_path with 400', async () => {
    await expect(client.post('/load_lora_adapter', {body: {lora_name: 'no-path'}})).rejects.toBeInstanceOf(
      BadRequestError,
    )
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = httpRequest(
        `${standin.url}/load_lora_adapter`,
        {method: 'POST', headers: {'content-type': 'application/json'}},
        (response) => {
          response.resume()
          resolve(response.statusCode)
        },
      )
      request.on('error', reject)
      request.end('not json')
    })
    expect(status).toBe(400)
    expect((await client.models.list()).data.map((model) => model.id)).toEqual([MODEL])
  })
})
