import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {assertBuilt} from './helpers/cli.js'
import {startStandin, type Standin, type StandinReply, type StandinRequest} from './helpers/openai-standin.js'
import {chromiumProcesses, ndjson, spawnWebgym} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'

// The openai policy against a local OpenAI-compatible stand-in with scripted tool calls, on a local test page that
// writes where each click landed (in CSS pixels) into its title. The page's look never changes, so the same action
// twice is a repeat on an unchanged screen.
const PAGE = `<!doctype html><html><head><title>start</title></head>
<body style="margin:0;height:2000px;font:16px sans-serif">
<p>Click test page</p>
<a id="meta" href="http://169.254.169.254/latest/meta-data/" style="position:absolute;left:100px;top:600px">metadata</a>
<button id="alert" onclick="alert('hello')" style="position:absolute;left:300px;top:400px;width:100px;height:40px">alert</button>
<a id="tab" href="/second" target="_blank" style="position:absolute;left:600px;top:400px;width:100px;height:40px;display:block">open a tab</a>
<a id="dl" href="/file.bin" download style="position:absolute;left:900px;top:400px;width:100px;height:40px;display:block">download</a>
<script>addEventListener('click', (e) => { if (e.target.id !== 'meta') document.title = 'click ' + e.clientX + ',' + e.clientY })</script>
</body></html>`

// Links and embeds that lead to a local address the run does not allow (another port of this machine).
const GUARDED_PAGE = (forbidden: string) => `<!doctype html><html><head><title>guarded</title></head>
<body style="margin:0;font:16px sans-serif">
<a id="redirect" href="/redirect" style="position:absolute;left:100px;top:100px;width:200px;height:40px;display:block">redirect</a>
<a id="tab" href="http://localhost:${forbidden.split(':')[1]}/tab" target="_blank" style="position:absolute;left:500px;top:100px;width:200px;height:40px;display:block">tab</a>
<iframe src="http://${forbidden}/frame" style="position:absolute;left:100px;top:300px;width:200px;height:100px"></iframe>
<img src="http://${forbidden}/image.png" style="position:absolute;left:500px;top:300px;width:20px;height:20px">
</body></html>`

let page: Server
let forbiddenServer: Server
let forbiddenHost: string
const forbiddenHits: string[] = []
let pageUrl: string
let pageHost: string
let standin: Standin

beforeAll(async () => {
  assertBuilt()
  page = createServer((request, response) => {
    if (request.url === '/guarded')
      return void response.writeHead(200, {'content-type': 'text/html'}).end(GUARDED_PAGE(forbiddenHost))
    if (request.url === '/redirect')
      return void response.writeHead(302, {location: `http://${forbiddenHost}/redirected`}).end()
    if (request.url === '/second')
      return void response
        .writeHead(200, {'content-type': 'text/html'})
        .end('<title>second page</title><p>The new tab</p>')
    if (request.url === '/file.bin')
      return void response
        .writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-disposition': 'attachment; filename="file.bin"',
        })
        .end(Buffer.alloc(1024))
    response.writeHead(200, {'content-type': 'text/html'}).end(PAGE)
  })
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve))
  pageHost = `127.0.0.1:${(page.address() as AddressInfo).port}`
  forbiddenServer = createServer((request, response) => {
    forbiddenHits.push(request.url ?? '')
    response.writeHead(200, {'content-type': 'text/html'}).end('<title>local secret</title>')
  })
  await new Promise<void>((resolve) => forbiddenServer.listen(0, '127.0.0.1', resolve))
  forbiddenHost = `127.0.0.1:${(forbiddenServer.address() as AddressInfo).port}`
  pageUrl = `http://${pageHost}/`
  standin = await startStandin({models: ['standin-vl']})
})
afterAll(async () => {
  await standin?.close()
  await new Promise((resolve) => page?.close(resolve))
  await new Promise((resolve) => forbiddenServer?.close(resolve))
})

const call = (args: Record<string, unknown>, memory?: string) =>
  `Thought: next step.\nAction: ${String(args.action)}\n<tool_call>\n${JSON.stringify({name: 'computer_use', arguments: args})}\n</tool_call>${memory ? `\nMemory: ${memory}` : ''}`

function task(id: string) {
  return {
    id: `test:${id}`,
    source: 'test',
    intent: `Click test ${id}`,
    website: '127.0.0.1',
    start_url: pageUrl,
    reference_answer: null,
  }
}

async function rollout(replies: (string | StandinReply)[], extra: string[] = [], id = 'one', exitCode = 0) {
  standin.reset()
  standin.setHandler((request: StandinRequest) => {
    const reply = replies[Math.min(request.index, replies.length - 1)]!
    return typeof reply === 'string' ? {content: reply} : reply
  })
  const {dir} = workdir()
  const result = await spawnWebgym(
    [
      'rollout',
      '--base-url',
      standin.url,
      '--model',
      'standin-vl',
      '--allow-host',
      pageHost,
      '--concurrency',
      '1',
      '--browsers',
      '1',
      '--horizon',
      '20',
      '--shots',
      `${dir}/shots`,
      ...extra,
      '-',
    ],
    {input: ndjson([task(id)]), tmp: dir},
  )
  expect(result.stderr).not.toMatch(/internal error/)
  expect(result.exitCode, result.stderr).toBe(exitCode)
  const lines = result.stdout.trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(chromiumProcesses(dir)).toEqual([])
  return {trajectory: JSON.parse(lines[0]!), requests: [...standin.requests], stderr: result.stderr}
}

describe('rollout --policy openai (qwen3vl dialect)', () => {
  it('clicks where the 0-1000 [x, y] coordinates say, on a 1280x768 viewport', async () => {
    const {trajectory} = await rollout([
      call({action: 'left_click', coordinate: [703, 260]}),
      call({action: 'left_click', coordinate: [100, 900]}),
      call({action: 'answer', text: 'done'}),
    ])
    // [703, 260] -> (900, 200) px; an x/y swap would land at (333, 540), unscaled coordinates at (703, 260).
    expect(trajectory.steps[1].title).toBe('click 900,200')
    expect(trajectory.steps[2].title).toBe('click 128,691')
    expect(trajectory.steps[0].action).toEqual({name: 'left_click', coordinate: [703, 260]})
    expect(trajectory).toMatchObject({
      status: 'answered',
      answer: 'done',
      run: {policy: 'openai', model: 'standin-vl', prompt_version: 'qwen3vl-v1'},
    })
  }, 120_000)

  it('reads an action returned as tool_calls (vLLM with --tool-call-parser hermes) as well as in the content, and keeps reasoning_content', async () => {
    const args = {action: 'left_click', coordinate: [703, 260]}
    const {trajectory} = await rollout([
      // vLLM's hermes parser: the text before the first <tool_call> as content, the call apart, arguments a JSON string.
      {
        content: 'Thought: the button is at the top.\nAction: click it\n',
        tool_calls: [{name: 'computer_use', arguments: JSON.stringify(args)}],
        reasoning_content: 'The page shows a button; clicking it moves on.',
      },
      // A thinking model's reasoning with the call in the content, as without a tool-call parser.
      {
        content: call({action: 'left_click', coordinate: [100, 900]}, 'clicked twice'),
        reasoning_content: 'Now lower left.',
      },
      {content: null, tool_calls: [{name: 'computer_use', arguments: '{"action": "answer", "text": "done"}'}]},
    ])
    expect(trajectory.steps.map((step: any) => step.action)).toEqual([
      {name: 'left_click', coordinate: [703, 260]},
      {name: 'left_click', coordinate: [100, 900]},
      {name: 'answer', text: 'done'},
    ])
    // The click landed where the tool call said (an x/y swap would give 333,540).
    expect(trajectory.steps[1].title).toBe('click 900,200')
    // The response is the text the model wrote: the content and the call back in its block, so training sees it whole.
    expect(trajectory.steps[0].response).toBe(
      `Thought: the button is at the top.\nAction: click it\n<tool_call>\n${JSON.stringify({name: 'computer_use', arguments: args})}\n</tool_call>`,
    )
    expect(trajectory.steps[0].reasoning).toBe('The page shows a button; clicking it moves on.')
    expect(trajectory.steps[1]).toMatchObject({reasoning: 'Now lower left.', memory: 'clicked twice'})
    expect(trajectory.steps[2].reasoning).toBeUndefined()
    expect(trajectory).toMatchObject({status: 'answered', answer: 'done', cause: {kind: 'answered'}})
  }, 120_000)

  it('sends the tool schema, at most --window screenshots, and the memory carried forward', async () => {
    const replies = [
      call({action: 'left_click', coordinate: [500, 100]}, 'remember-alpha'),
      call({action: 'scroll', direction: 'down'}),
      call({action: 'left_click', coordinate: [500, 300]}),
      call({action: 'scroll', direction: 'up'}),
      call({action: 'left_click', coordinate: [600, 100]}, 'remember-beta'),
      call({action: 'left_click', coordinate: [700, 100]}),
      call({action: 'answer', text: 'ok'}),
    ]
    const {trajectory, requests} = await rollout(replies)
    expect(trajectory.status).toBe('answered')
    expect(requests).toHaveLength(7)
    const system = requests[0]!.body.messages[0]
    expect(system.role).toBe('system')
    const systemText = typeof system.content === 'string' ? system.content : JSON.stringify(system.content)
    expect(systemText).toContain('<tools>')
    expect(systemText).toContain('"computer_use"')
    for (const action of ['left_click', 'type', 'scroll', 'wait', 'go_back', 'navigate', 'answer'])
      expect(systemText).toContain(action)
    expect(requests.map((request) => request.images)).toEqual([1, 2, 3, 4, 4, 4, 4])
    // The memory of step 0 reaches steps 1-4 (no later reply replaced it), step 4's from step 5 on.
    for (const index of [1, 2, 3, 4]) expect(requests[index]!.text).toContain('remember-alpha')
    for (const index of [5, 6]) expect(requests[index]!.text).toContain('remember-beta')
    // Rounds outside the window are text lines: the first click is still named in the last request.
    expect(requests[6]!.text).toMatch(/left_click\(500, 100\)/)
    expect(trajectory.steps[0].memory).toBe('remember-alpha')
  }, 120_000)

  it('with --no-memory neither asks for nor carries memory', async () => {
    const {requests} = await rollout(
      [call({action: 'left_click', coordinate: [500, 100]}, 'remember-gamma'), call({action: 'answer', text: 'ok'})],
      ['--no-memory'],
    )
    expect(requests).toHaveLength(2)
    expect(requests[1]!.text).not.toContain('remember-gamma')
    expect(requests[0]!.text).not.toMatch(/Memory:/)
  }, 120_000)

  it('records malformed output as the step action_error and goes on', async () => {
    const {trajectory, requests} = await rollout(
      [
        'I would like to click on the page but I am not sure where.',
        '<tool_call>{"name": "computer_use", "arguments": {"action": "left_click", "coordinate": [1200, 40]}}</tool_call>',
        '<tool_call>{"name": "computer_use", "arguments": {"action": "fly"}}</tool_call>',
        call({action: 'left_click', coordinate: [250, 500]}),
        call({action: 'answer', text: 'finished'}),
      ],
      ['--max-action-errors', '4'],
    )
    expect(trajectory.status).toBe('answered')
    expect(trajectory.steps).toHaveLength(5)
    for (const step of trajectory.steps.slice(0, 3)) {
      expect(step.action).toBeNull()
      expect(step.action_error).toEqual(expect.any(String))
      expect(step.response).toEqual(expect.any(String))
    }
    expect(trajectory.steps[0].action_error).toMatch(/tool_call/i)
    expect(trajectory.steps[1].action_error).toMatch(/coordinate/i)
    expect(trajectory.steps[2].action_error).toMatch(/fly/)
    expect(trajectory.steps[4].title).toBe('click 320,384')
    // The model is told that its last reply could not be used.
    expect(requests[1]!.text).toContain(trajectory.steps[0].action_error.slice(0, 40))
  }, 120_000)

  it('ends an episode as error after --max-action-errors unusable replies in a row (its only episode: the run fails, the record is written)', async () => {
    const {trajectory, stderr} = await rollout(
      ['no idea', 'still no idea', 'nothing'],
      ['--max-action-errors', '3'],
      'one',
      1,
    )
    expect(trajectory.status).toBe('error')
    expect(trajectory.steps).toHaveLength(3)
    expect(trajectory.error).toMatch(/3 responses in a row/)
    expect(stderr).toMatch(
      /rollout failed: every episode \(1\) ended in error \(last: 3 responses in a row gave no usable action/,
    )
  }, 120_000)

  it('flags a repeated action on an unchanged screen, tells the model, and ends as stuck after --max-repeats', async () => {
    const same = call({action: 'left_click', coordinate: [500, 500]})
    const {trajectory, requests} = await rollout([same], ['--max-repeats', '2'])
    expect(trajectory.status).toBe('stuck')
    expect(trajectory.steps.map((step: any) => step.repeated)).toEqual([false, true, true])
    expect(requests[1]!.text).not.toMatch(/previous action had no effect/i)
    expect(requests[2]!.text).toMatch(/previous action had no effect/i)
  }, 120_000)

  it('blocks each forbidden navigation target, typed or clicked, and records it', async () => {
    const forbidden = [
      'file:///etc/passwd',
      'chrome://settings',
      'javascript:alert(1)',
      'data:text/html,<h1>hi</h1>',
      'http://127.0.0.1:9/',
      'http://localhost:8000/v1/models',
      `${standin.url}/models`,
      'http://169.254.169.254/latest/meta-data/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://10.0.0.1/',
      'http://192.168.1.1/admin',
      'http://172.16.0.1/',
      'http://[::1]:8000/',
      'http://0.0.0.0:8000/',
      'http://2130706433/',
    ]
    const replies = [
      ...forbidden.map((url) => call({action: 'navigate', url})),
      call({action: 'left_click', coordinate: [102, 793]}),
      call({action: 'answer', text: 'x'}),
    ]
    const {trajectory} = await rollout(replies)
    expect(trajectory.status).toBe('answered')
    const steps = trajectory.steps
    expect(steps).toHaveLength(forbidden.length + 2)
    forbidden.forEach((url, index) => {
      expect(steps[index].action).toEqual({name: 'navigate', url})
      expect(steps[index].action_error, url).toMatch(/^blocked: /)
    })
    // The click on a link to the cloud metadata address is refused by the guard in the browser.
    expect(steps[forbidden.length].action.name).toBe('left_click')
    expect(steps[forbidden.length].action_error).toMatch(/blocked: .*169\.254\.169\.254/)
    // The agent never left the start page.
    expect(steps.map((step: any) => `${step.url} ${step.action_error}`)).toEqual(
      steps.map((step: any) => `${pageUrl} ${step.action_error}`),
    )
  }, 180_000)

  it('refuses what a page leads to: a redirect, a new tab, a frame and an image on a forbidden host never reach it', async () => {
    forbiddenHits.length = 0
    const {trajectory} = await rollout([
      call({action: 'navigate', url: `${pageUrl}guarded`}),
      // The link to /redirect (200, 120 px): the allowed page answers with a redirect to the forbidden host.
      call({action: 'left_click', coordinate: [156, 156]}),
      // The target=_blank link to localhost on the forbidden port (600, 120 px).
      call({action: 'left_click', coordinate: [469, 156]}),
      call({action: 'answer', text: 'x'}),
    ])
    expect(trajectory.status).toBe('answered')
    const steps = trajectory.steps
    // The frame and the image of the guarded page are the page's own requests, not the action's doing: refused as
    // parts of it, one entry for their host with the first URL, in the step that loaded it, never its action_error;
    // the page itself is where the agent went.
    expect(steps[0].action_error).toBeNull()
    expect(steps[0].refused).toEqual([
      {
        host: '127.0.0.1',
        count: 2,
        reason: expect.stringMatching(/^blocked: 127\.0\.0\.1 is a loopback address/),
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/(frame|image\.png)$/),
      },
    ])
    expect(steps[1]).toMatchObject({url: `${pageUrl}guarded`, title: 'guarded', page: 'ok'})
    // The redirect the click led to is refused: the action's error, and the page stays where it was.
    expect(steps[1].action_error).toMatch(
      /^the page it led to was refused: blocked: 127\.0\.0\.1 is a loopback address/,
    )
    expect(steps[2].action_error).toMatch(/blocked: localhost is a loopback name/)
    expect(steps[3].url).not.toContain('/tab')
    expect(steps.map((step: any) => step.title)).not.toContain('local secret')
    expect(forbiddenHits).toEqual([])
  }, 120_000)

  it('a go_back with no earlier page in the episode does nothing and says so; one after a navigation goes back', async () => {
    const {trajectory, requests} = await rollout([
      call({action: 'go_back'}),
      call({action: 'navigate', url: `${pageUrl}second`}),
      call({action: 'go_back'}),
      call({action: 'go_back'}),
      call({action: 'answer', text: 'x'}),
    ])
    const steps = trajectory.steps
    expect(steps.map((step: any) => [step.url, step.page])).toEqual([
      [pageUrl, 'ok'],
      [pageUrl, 'ok'],
      [`${pageUrl}second`, 'ok'],
      [pageUrl, 'ok'],
      [pageUrl, 'ok'],
    ])
    expect(steps.map((step: any) => step.action_error)).toEqual([
      'there is no earlier page in this episode to go back to',
      null,
      null,
      'there is no earlier page in this episode to go back to',
      null,
    ])
    expect(requests[1]!.text).toContain('there is no earlier page in this episode to go back to')
  }, 120_000)

  it("a page the action led to that does not load is the action's error and the next observation's cause", async () => {
    const {trajectory, requests} = await rollout([
      call({action: 'navigate', url: 'http://nowhere.invalid/'}),
      call({action: 'answer', text: 'x'}),
    ])
    const steps = trajectory.steps
    expect(steps[0]).toMatchObject({url: pageUrl, page: 'ok'})
    expect(steps[0].action_error).toMatch(/the page it led to was refused: blocked: nowhere\.invalid does not resolve/)
    // The error page the agent now sees says why, and the policy was told.
    expect(steps[1]).toMatchObject({page: 'blocked'})
    expect(steps[1].page_cause).toMatch(
      /^blocked: nowhere\.invalid does not resolve .*\(http:\/\/nowhere\.invalid\/\)$/,
    )
    expect(requests[1]!.text).toMatch(/nowhere\.invalid does not resolve/)
  }, 120_000)

  it('dismisses dialogs, refuses downloads and follows a new tab', async () => {
    const {trajectory} = await rollout([
      call({action: 'left_click', coordinate: [273, 547]}),
      call({action: 'left_click', coordinate: [742, 547]}),
      call({action: 'left_click', coordinate: [508, 547]}),
      call({action: 'answer', text: 'done'}),
    ])
    expect(trajectory.status).toBe('answered')
    const steps = trajectory.steps
    // The alert was dismissed: the page went on to take the click's title.
    expect(steps[1]).toMatchObject({url: pageUrl, title: 'click 349,420', action_error: null})
    // The download did not take the agent anywhere.
    expect(steps[2]).toMatchObject({url: pageUrl, title: 'click 950,420', action_error: null})
    // The link with target=_blank opened a tab, which the agent now sees.
    expect(steps[3]).toMatchObject({url: `${pageUrl}second`, title: 'second page'})
  }, 120_000)

  it('keeps at most --max-inflight policy requests in flight', async () => {
    standin.reset()
    let inflight = 0
    let most = 0
    let served = 0
    standin.setHandler(async () => {
      inflight++
      most = Math.max(most, inflight)
      await new Promise((resolve) => setTimeout(resolve, 150))
      inflight--
      served++
      return {content: call(served % 3 === 0 ? {action: 'answer', text: 'ok'} : {action: 'scroll', direction: 'down'})}
    })
    const {dir} = workdir()
    const result = await spawnWebgym(
      [
        'rollout',
        '--base-url',
        standin.url,
        '--model',
        'standin-vl',
        '--allow-host',
        pageHost,
        '--concurrency',
        '4',
        '--max-inflight',
        '2',
        '--horizon',
        '6',
        '--shots',
        `${dir}/shots`,
        '-',
      ],
      {input: ndjson(['a', 'b', 'c', 'd', 'e', 'f'].map(task)), tmp: dir},
    )
    expect(result.exitCode).toBe(0)
    expect(result.stdout.trim().split('\n')).toHaveLength(6)
    expect(most).toBe(2)
  }, 180_000)
})
