import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {existsSync, readFileSync} from 'node:fs'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {DEFAULT_MAX_LINE_BYTES} from '../src/lib/io/read-lines.js'
import {cutLength, cutMarker} from '../src/lib/schema/cut-text.js'
import {JudgedTrajectorySchema} from '../src/lib/schema/judged.js'
import {TEXT_CAPS} from '../src/lib/schema/text-caps.js'
import {TrajectorySchema} from '../src/lib/schema/trajectory.js'
import {assertBuilt, dump} from './helpers/cli.js'
import {startStandin, type Standin, type StandinReply, type StandinRequest} from './helpers/openai-standin.js'
import {sampleMessages, sentMessages} from './helpers/prompt-parity.js'
import {chromiumProcesses, ndjson} from './helpers/rollout.js'
import {jsonReply} from './helpers/structured.js'
import {workdir} from './helpers/workdir.js'

// What a page and a model server control is recorded within caps, and every record stays within the one line limit
// that writers and readers share. A hostile page sets a 12 MB document.title, a 1.9 MB URL and a 100 KB button name;
// a model server that ignores max_tokens replies 12 MB (and 12 MB of reasoning, a 12 MB answer, 12 MB judge reasons).
// Every command that reads trajectories reads what comes out: judge, stats, filter, eval, view and train.

const MB12 = 12 * 1024 * 1024
const URL_TAIL = 1_900_000
const BUTTON_NAME = 100_000
const HOSTILE = `<!doctype html><html><head><title>hostile</title></head>
<body style="margin:0;height:3000px;font:16px sans-serif">
<p>A page that writes without bounds.</p>
<button id="b" style="position:absolute;left:100px;top:100px;width:200px;height:40px">button</button>
<script>
  document.title = 'T'.repeat(${MB12})
  document.getElementById('b').setAttribute('aria-label', 'B'.repeat(${BUTTON_NAME}))
  history.replaceState(null, '', '/?q=' + 'u'.repeat(${URL_TAIL}))
</script>
</body></html>`

let page: Server
let pageHost: string
let standin: Standin
const wd = workdir()

const call = (args: Record<string, unknown>, thought: string, memory?: string) =>
  `Thought: ${thought}\nAction: ${String(args.action)}\n<tool_call>\n${JSON.stringify({name: 'computer_use', arguments: args})}\n</tool_call>${memory === undefined ? '' : `\nMemory: ${memory}`}`

// The policy's replies by request: a scroll in 12 MB of thought and memory with 12 MB of reasoning, then a 12 MB answer.
const POLICY_REPLIES: StandinReply[] = [
  {
    content: call({action: 'scroll', direction: 'down'}, 'R'.repeat(MB12 / 2), 'M'.repeat(MB12 / 2)),
    reasoning_content: 'r'.repeat(MB12),
  },
  {content: call({action: 'answer', text: 'A'.repeat(MB12)}, 'done')},
]

function handler(request: StandinRequest): StandinReply {
  const schema = request.body?.response_format?.json_schema?.name
  if (schema === 'screenshot_relevance') return jsonReply({reason: 'shows the page', score: 4})
  if (schema === 'trajectory_verdict')
    return jsonReply({
      blocked: false,
      blocked_reason: '',
      answer_supported: true,
      answer_reason: 'w'.repeat(MB12),
      facts: [{id: 'g1.1', pass: true, reason: 'v'.repeat(MB12)}],
    })
  if (schema !== undefined) return {status: 400}
  const policyIndex = standin.requests.filter((seen) => seen.body?.response_format === undefined).length - 1
  return POLICY_REPLIES[Math.min(policyIndex, POLICY_REPLIES.length - 1)]!
}

beforeAll(async () => {
  assertBuilt()
  page = createServer((_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end(HOSTILE))
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve))
  pageHost = `127.0.0.1:${(page.address() as AddressInfo).port}`
  standin = await startStandin({models: ['standin-vl'], handler})
})
afterAll(async () => {
  await standin?.close()
  page?.closeAllConnections()
  await new Promise((resolve) => page?.close(resolve))
})

const task = () => ({
  id: 'test:hostile',
  source: 'test',
  intent: 'Read the page and say what it is',
  website: '127.0.0.1',
  start_url: `http://${pageHost}/`,
  reference_answer: null,
  rubric: {fact_groups: [{id: 'g1', description: 'The page', facts: ['The answer names the page']}]},
  level: 'easy',
})

/** Each line of an NDJSON file, as bytes and record. */
function lines(path: string): {bytes: number; record: any}[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => ({bytes: Buffer.byteLength(line), record: JSON.parse(line)}))
}

const codePoints = (text: string) => [...text].length

describe('bounded records', () => {
  let trajectory: any

  beforeAll(async () => {
    wd.write('tasks.ndjson', ndjson([task()]))
    const result = await wd.run(
      [
        'rollout',
        '--base-url',
        standin.url,
        '--model',
        'standin-vl',
        '--allow-host',
        pageHost,
        '--observe',
        'screenshot+axtree',
        '--concurrency',
        '1',
        '--browsers',
        '1',
        '--horizon',
        '3',
        // A page of megabytes on 2 cores shared with other work: room beyond the 30 s and 60 s defaults.
        '--navigation-timeout',
        '120',
        '--step-timeout',
        '180',
        '--shots',
        'shots',
        '-o',
        'traj.ndjson',
        'tasks.ndjson',
      ],
      {tmp: wd.dir, timeout: 540_000},
    )
    expect(result.exitCode, dump(result)).toBe(0)
    expect(chromiumProcesses(wd.dir)).toEqual([])
    const written = lines(wd.path('traj.ndjson'))
    expect(written).toHaveLength(1)
    expect(written[0]!.bytes).toBeLessThanOrEqual(DEFAULT_MAX_LINE_BYTES)
    trajectory = written[0]!.record
  }, 600_000)

  it("records the page's title, URL and element names and the model's reply within their caps, each cut with its length", () => {
    expect(TrajectorySchema.safeParse(trajectory).success).toBe(true)
    expect(trajectory).toMatchObject({status: 'answered', error: null})
    const [first, second] = trajectory.steps
    expect(trajectory.steps).toHaveLength(2)
    for (const step of [first, second]) {
      expect(step.title).toBe(`${'T'.repeat(TEXT_CAPS.title - cutMarker(MB12).length)}${cutMarker(MB12)}`)
      expect(codePoints(step.url)).toBe(TEXT_CAPS.url)
      expect(step.url.startsWith(`http://${pageHost}/?q=uuu`)).toBe(true)
      expect(cutLength(step.url)).toBe(`http://${pageHost}/?q=`.length + URL_TAIL)
      // The page's name (its title) is cut on its line; the text observation is within its own cap.
      expect(step.observation.text).toContain(
        `[1] RootWebArea "${'T'.repeat(TEXT_CAPS.elementName - cutMarker(MB12).length)}${cutMarker(MB12)}"`,
      )
      expect(codePoints(step.observation.text)).toBeLessThanOrEqual(TEXT_CAPS.observationText)
    }
    // So is the button's name, in view before the scroll.
    expect(first.observation.text).toContain(
      `button "${'B'.repeat(TEXT_CAPS.elementName - cutMarker(BUTTON_NAME).length)}${cutMarker(BUTTON_NAME)}"`,
    )
    expect(codePoints(first.response)).toBe(TEXT_CAPS.response)
    expect(first.response.startsWith('Thought: RRR')).toBe(true)
    expect(cutLength(first.response)).toBeGreaterThan(MB12)
    expect(first.reasoning).toBe(`${'r'.repeat(TEXT_CAPS.reasoning - cutMarker(MB12).length)}${cutMarker(MB12)}`)
    expect(first.memory).toBe(`${'M'.repeat(TEXT_CAPS.memory - cutMarker(MB12 / 2).length)}${cutMarker(MB12 / 2)}`)
    expect(first.action).toEqual({name: 'scroll', direction: 'down'})
    const answer = `${'A'.repeat(TEXT_CAPS.actionText - cutMarker(MB12).length)}${cutMarker(MB12)}`
    expect(second.action).toEqual({name: 'answer', text: answer})
    expect(trajectory.answer).toBe(answer)
  })

  it('shows the policy what the record keeps: the prompt after the hostile page holds the cut texts, not megabytes', () => {
    const policyRequests = standin.requests.filter((request) => request.body?.response_format === undefined)
    expect(policyRequests).toHaveLength(2)
    for (const request of policyRequests) {
      expect(request.text.length).toBeLessThan(400_000)
      expect(request.text).toContain(trajectory.steps[0].title)
    }
    // The second prompt carries the first step's cut memory on.
    expect(policyRequests[1]!.text).toContain(trajectory.steps[0].memory)
  })

  it('judge reads the trajectory and writes a judged record within the limit, its model reasons cut', async () => {
    const result = await wd.run([
      'judge',
      '--base-url',
      standin.url,
      '--model',
      'standin-vl',
      '--no-cache',
      '--shots',
      'shots',
      '-o',
      'judged.ndjson',
      'traj.ndjson',
    ])
    expect(result.exitCode, dump(result)).toBe(0)
    const [judged] = lines(wd.path('judged.ndjson'))
    expect(judged!.bytes).toBeLessThanOrEqual(DEFAULT_MAX_LINE_BYTES)
    expect(JudgedTrajectorySchema.safeParse(judged!.record).success).toBe(true)
    const {judgment} = judged!.record
    expect(judgment.reward).toBe(1)
    expect(judgment.facts[0].reason).toBe(`${'v'.repeat(TEXT_CAPS.error - cutMarker(MB12).length)}${cutMarker(MB12)}`)
    expect(codePoints(judgment.answer_reason)).toBe(TEXT_CAPS.error)
    // The judge was shown the cut texts too.
    const verdict = standin.requests.find(
      (request) => request.body?.response_format?.json_schema?.name === 'trajectory_verdict',
    )
    expect(verdict!.text).toContain(trajectory.answer)
  }, 120_000)

  it('stats, filter, eval, view (-o) and train read the records', async () => {
    const stats = await wd.run(['stats', 'traj.ndjson', 'judged.ndjson'])
    expect(stats.exitCode, dump(stats)).toBe(0)
    expect(stats.stdout).toMatch(/\S/)
    const filter = await wd.run(['filter', '--success', 'judged.ndjson', '-o', 'good.ndjson'])
    expect(filter.exitCode, dump(filter)).toBe(0)
    expect(lines(wd.path('good.ndjson')).map((line) => line.record.id)).toEqual(['test:hostile#1'])
    const evaluated = await wd.run(['eval', 'judged.ndjson', '--format', 'json'])
    expect(evaluated.exitCode, dump(evaluated)).toBe(0)
    expect(JSON.parse(evaluated.stdout).runs[0]).toMatchObject({n: 1, success_rate: 1})
    const view = await wd.run(['view', 'judged.ndjson', '-o', 'report', '--shots', 'shots'])
    expect(view.exitCode, dump(view)).toBe(0)
    const page = readFileSync(wd.path('report', 't', '1.html'), 'utf8')
    expect(page).toContain(cutMarker(MB12))
    const train = await wd.run([
      'train',
      'good.ndjson',
      '--out',
      'run',
      '--backend',
      'torch',
      '--shots',
      'shots',
      '--dry-run',
    ])
    expect(train.exitCode, dump(train)).toBe(0)
    expect(JSON.parse(train.stdout)).toMatchObject({samples: 2, trajectories_used: 1})
    // Its prompts, rebuilt from the record, are the requests the policy was sent, and the targets are the cut replies.
    const samples = lines(wd.path('run', 'samples.jsonl')).map((line) => line.record)
    const sent = standin.requests.filter((request) => request.body?.response_format === undefined)
    expect(samples.map((sample) => sampleMessages(wd.path('run'), sample))).toEqual(sent.map(sentMessages))
    expect(samples.map((sample) => sample.response)).toEqual(trajectory.steps.map((step: any) => step.response))
  }, 180_000)

  it('judge fits what it writes to the line limit it reads with, cutting the steps further', async () => {
    const limit = lines(wd.path('traj.ndjson'))[0]!.bytes + 2000
    const result = await wd.run([
      'judge',
      '--base-url',
      standin.url,
      '--model',
      'standin-vl',
      '--no-cache',
      '--shots',
      'shots',
      '--max-line-bytes',
      String(limit),
      '-o',
      'judged-tight.ndjson',
      'traj.ndjson',
    ])
    expect(result.exitCode, dump(result)).toBe(0)
    const [judged] = lines(wd.path('judged-tight.ndjson'))
    expect(judged!.bytes).toBeLessThanOrEqual(limit)
    const step = judged!.record.steps[0]
    expect(codePoints(step.observation.text)).toBeLessThan(TEXT_CAPS.observationText)
    expect(cutLength(step.title)).toBe(MB12)
    const stats = await wd.run(['stats', '--max-line-bytes', String(limit), 'judged-tight.ndjson'])
    expect(stats.exitCode, dump(stats)).toBe(0)
  }, 120_000)

  it('rollout --resume reads its file with the limit judge and stats read it with', async () => {
    // A trajectory line longer than the limit, as an older webgym wrote them.
    const long = {...trajectory, steps: [{...trajectory.steps[0], title: 'T'.repeat(DEFAULT_MAX_LINE_BYTES)}]}
    wd.write('long.ndjson', `${JSON.stringify(long)}\n`)
    const refusals = await Promise.all([
      wd.run(['stats', 'long.ndjson']),
      wd.run(['rollout', '--policy', 'random', '--shots', 'shots', '--resume', 'long.ndjson', 'tasks.ndjson']),
    ])
    for (const refused of refusals) {
      expect(refused.exitCode, dump(refused)).toBe(1)
      expect(refused.stderr).toContain(
        `long.ndjson:1: line is longer than the limit of ${DEFAULT_MAX_LINE_BYTES} bytes`,
      )
      expect(refused.stderr).toContain('--max-line-bytes')
    }
    expect(existsSync(wd.path('long.ndjson.resume.tmp'))).toBe(false)
    expect(lines(wd.path('long.ndjson'))).toHaveLength(1)
  }, 120_000)
})
