// A minimal OpenAI-compatible server for bench/llm: every chat completion waits a fixed latency, then replies a
// valid two-group rubric. It does as little as it can (the reply is serialised once, the request body is not
// parsed), so the bench measures the client, not the server. Counts the requests it answers. The tests' full
// stand-in is test/helpers/openai-standin.ts.
import {createServer} from 'node:http'

const RUBRIC = JSON.stringify({
  fact_groups: [
    {
      id: 'g1',
      description: 'The item found',
      facts: ['The page shows the requested item', 'The item matches every stated constraint'],
    },
    {
      id: 'g2',
      description: 'The answer',
      facts: ['The answer states the item price', 'The price matches the page', 'The answer names the website'],
    },
  ],
})

export async function startBenchStandin({latencyMs = 100, model = 'bench-model'} = {}) {
  const state = {requests: 0}
  const payload = Buffer.from(
    JSON.stringify({
      id: 'chatcmpl-bench',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {index: 0, message: {role: 'assistant', content: RUBRIC, refusal: null}, logprobs: null, finish_reason: 'stop'},
      ],
      usage: {prompt_tokens: 300, completion_tokens: 60, total_tokens: 360},
    }),
  )
  const headers = {'content-type': 'application/json', 'content-length': payload.length}
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      state.requests++
      setTimeout(() => {
        res.writeHead(200, headers)
        res.end(payload)
      }, latencyMs)
    })
  })
  server.keepAliveTimeout = 30_000
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${server.address().port}/v1`,
    state,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}
