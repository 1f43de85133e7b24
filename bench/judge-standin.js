// An OpenAI-compatible stand-in for bench/judge: it answers the judge's three requests and records, per request,
// which kind it was and how many images it carried, so the bench counts what really reached the model.
//
// Screenshot relevance is not random and not tuned: the stand-in is given, per task intent, the screens the
// noiseless oracle shows on its way to solving the task (the fixture web is deterministic, so a noisy episode that is
// on the solution path shows the very same images). A screenshot that is one of those screens scores 4 (on the
// path: evidence), any other 1 (a detour the noise caused). Verdicts pass every fact; reference checks match.
import {createHash} from 'node:crypto'
import {createServer} from 'node:http'

/** The identity of an image as the selection model receives it (its data URL). */
export function imageKey(dataUrl) {
  return createHash('sha256').update(dataUrl).digest('hex')
}

const reply = (content) =>
  JSON.stringify({
    id: 'chatcmpl-judge-bench',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'bench-judge',
    choices: [
      {
        index: 0,
        message: {role: 'assistant', content: JSON.stringify(content), refusal: null},
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage: {prompt_tokens: 1000, completion_tokens: 50, total_tokens: 1050},
  })

/** @param {Map<string, Set<string>>} evidence intent -> imageKey of each screen the noiseless solution shows */
export async function startJudgeStandin(evidence) {
  const requests = []
  const server = createServer((req, res) => {
    const chunks = []
    req.on('data', (chunk) => chunks.push(chunk))
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      const parts = body.messages.flatMap((message) =>
        Array.isArray(message.content) ? message.content : [{type: 'text', text: message.content}],
      )
      const text = parts
        .filter((part) => part.type === 'text')
        .map((part) => part.text)
        .join('\n')
      const images = parts.filter((part) => part.type === 'image_url').length
      const kind = body.response_format?.json_schema?.name ?? 'unknown'
      const imageUrls = parts.filter((part) => part.type === 'image_url').map((part) => part.image_url.url)
      const intent = /^Task: (.*)$/m.exec(text)?.[1] ?? ''
      requests.push({kind, images, intent})
      let content
      if (kind === 'screenshot_relevance') {
        const relevant = imageUrls.length === 1 && (evidence.get(intent)?.has(imageKey(imageUrls[0])) ?? false)
        content = {reason: relevant ? 'a screen on the way to the solution' : 'a detour', score: relevant ? 4 : 1}
      } else if (kind === 'trajectory_verdict') {
        const ids = [...text.matchAll(/^- \[([^\]]+)\]/gm)].map((match) => match[1])
        content = {
          blocked: false,
          blocked_reason: '',
          answer_supported: true,
          answer_reason: 'shown',
          facts: ids.map((id) => ({id, pass: true, reason: 'shown'})),
        }
      } else {
        content = {match: true, reason: 'same'}
      }
      const payload = reply(content)
      res.writeHead(200, {'content-type': 'application/json', 'content-length': Buffer.byteLength(payload)})
      res.end(payload)
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${server.address().port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}
