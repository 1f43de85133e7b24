// A stand-in for a vision-language policy behind a batching GPU server (vLLM serving Qwen3-VL), for bench/rollout.
// OpenAI-compatible (POST /v1/chat/completions, GET /v1/models) over real HTTP. It replies in the qwen3vl dialect:
// a left_click at a point in 0-1000 or, at the step where the episode's planned length runs out, an `answer`.
//
// Latency behaves like continuous batching: every request in flight shares the GPU. Each request needs some work:
// one unit in the simple model, or (with `replyTokens`) its prefill plus one decode iteration per reply token. While n
// requests are in flight a unit (an iteration) takes `baseMs + perInflightMs * n`, so a batch arriving together
// finishes when its longest reply does, and a lone short request is fast. Requests are simulated exactly (the next
// completion is recomputed when one arrives or leaves), not by polling.
//
// Replies are deterministic: the episode is recognised by its task intent ("Task: ..." in the first user message),
// the step by the "Step N screenshot" line of the last user message, so async and sync runs see the same actions.
import {createHash} from 'node:crypto'
import {createServer} from 'node:http'

/**
 * Starts the stand-in. `episodeLength(intent)` says at which step (1-based) the policy answers; a length past the
 * episode's horizon means it never does, and the episode runs to the cap as a failed one would.
 */
export async function startPolicyStandin({
  baseMs = 300,
  perInflightMs = 40,
  model = 'standin',
  episodeLength,
  replyTokens = null,
  prefillUnits = 0,
}) {
  const state = {requests: 0, answers: 0, badRequests: 0, peakInflight: 0, busyMs: 0}
  const running = new Set()
  let clock = performance.now()
  let timer = null

  const msFor = (n) => baseMs + perInflightMs * n
  // Moves every running request on by the work done since the last event, at the current batch size.
  const advance = () => {
    const now = performance.now()
    if (running.size > 0) {
      const done = (now - clock) / msFor(running.size)
      for (const request of running) request.left -= done
      state.busyMs += now - clock
    }
    clock = now
  }
  const schedule = () => {
    clearTimeout(timer)
    timer = null
    if (running.size === 0) return
    const least = Math.min(...[...running].map((request) => request.left))
    timer = setTimeout(onTimer, Math.max(0, least * msFor(running.size)))
  }
  const onTimer = () => {
    advance()
    const finished = [...running].filter((request) => request.left <= 1e-3)
    for (const request of finished) running.delete(request)
    schedule()
    for (const request of finished) request.finish()
  }
  const compute = (units) =>
    new Promise((resolve) => {
      advance()
      running.add({left: units, finish: resolve})
      state.peakInflight = Math.max(state.peakInflight, running.size)
      schedule()
    })

  const server = createServer((req, res) => {
    if (req.method === 'GET' && /\/models\/?$/.test(req.url ?? '')) {
      return json(res, 200, {object: 'list', data: [{id: model, object: 'model', created: 0, owned_by: 'bench'}]})
    }
    if (req.method !== 'POST' || !/\/chat\/completions\/?$/.test(req.url ?? ''))
      return json(res, 404, {error: {message: `no route ${req.method} ${req.url}`}})
    const chunks = []
    req.on('data', (chunk) => chunks.push(chunk))
    req.on('end', async () => {
      state.requests++
      let content
      let tokens = 90
      try {
        const {messages} = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        ;({content, tokens} = reply(messages, episodeLength, replyTokens))
      } catch (error) {
        state.badRequests++
        return json(res, 400, {error: {message: `bad request: ${error.message}`}})
      }
      if (content.includes('"answer"')) state.answers++
      await compute(replyTokens ? prefillUnits + tokens : 1)
      json(res, 200, {
        id: `chatcmpl-standin-${state.requests}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [
          {index: 0, message: {role: 'assistant', content, refusal: null}, logprobs: null, finish_reason: 'stop'},
        ],
        usage: {prompt_tokens: 2500, completion_tokens: tokens, total_tokens: 2500 + tokens},
      })
    })
  })
  server.keepAliveTimeout = 30_000
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${server.address().port}/v1`,
    state,
    close: () =>
      new Promise((resolve) => {
        clearTimeout(timer)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * The reply to one request: a click somewhere, or the answer once the episode's planned steps are done, and its
 * length in tokens (`replyTokens(u1, u2)` maps two uniform draws to a length; without it, 90). Both are deterministic in the
 * task and the step, so that async and sync runs get the same replies.
 */
function reply(messages, episodeLength, replyTokens) {
  const users = messages.filter((message) => message.role === 'user')
  const intent = /^Task: (.*)$/m.exec(textOf(users[0]))?.[1]
  if (!intent) throw new Error('no "Task: ..." line in the first user message')
  const step = stepNumber(messages, users)
  const hash = createHash('sha256').update(`${intent}\0${step}`).digest()
  const tokens = replyTokens
    ? replyTokens((hash.readUInt32BE(4) + 0.5) / 2 ** 32, (hash.readUInt32BE(8) + 0.5) / 2 ** 32)
    : 90
  if (step >= episodeLength(intent)) {
    const call = {name: 'computer_use', arguments: {action: 'answer', text: 'The stand-in has finished the task.'}}
    return {
      tokens,
      content: `Thought: The screen shows what the task asks for.\nAction: Answer.\n<tool_call>\n${JSON.stringify(call)}\n</tool_call>\nMemory: answered at step ${step}.`,
    }
  }
  const coordinate = [hash.readUInt16BE(0) % 1001, hash.readUInt16BE(2) % 1001]
  const call = {name: 'computer_use', arguments: {action: 'left_click', coordinate}}
  return {
    tokens,
    content: `Thought: This part of the page may lead towards the goal.\nAction: Click at (${coordinate[0]}, ${coordinate[1]}).\n<tool_call>\n${JSON.stringify(call)}\n</tool_call>\nMemory: step ${step} done.`,
  }
}

// The prompt shows only the last few rounds as turns (--window), so counting assistant messages alone undercounts
// after a few steps: the closing "Step N screenshot" line is the step number; turns plus history lines the fallback.
function stepNumber(messages, users) {
  const closing = /Step (\d+) screenshot/.exec(textOf(users.at(-1)))
  if (closing) return Number(closing[1])
  const history = (textOf(users[0]).match(/^Step \d+: /gm) ?? []).length
  return history + messages.filter((message) => message.role === 'assistant').length + 1
}

function textOf(message) {
  if (!message) return ''
  if (typeof message.content === 'string') return message.content
  return (message.content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('\n')
}

function json(res, status, body) {
  const payload = Buffer.from(JSON.stringify(body))
  res.writeHead(status, {'content-type': 'application/json', 'content-length': payload.length})
  res.end(payload)
}
