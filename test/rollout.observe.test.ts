// Observation modes end to end: the built CLI against the stand-in in real Chromium on a local page. The stand-in
// answers as a model reading the observation would, finding element ids in the text it was sent; each run checks
// that the right element was clicked and typed into, that what the policy was sent is in the record (the text, the
// marked screenshot), and that `train --dry-run` rebuilds every prompt as it was sent.
import {createHash} from 'node:crypto'
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {dump} from './helpers/cli.js'
import {localPageAndStandin} from './helpers/local-page.js'
import {type StandinReply, type StandinRequest} from './helpers/openai-standin.js'
import {sampleMessages, sentMessages} from './helpers/prompt-parity.js'
import {ndjson, readNdjson} from './helpers/rollout.js'
import {workdir, type Workdir} from './helpers/workdir.js'

// A search field, two buttons, and one that disappears 1.2 s after "Arm" is clicked; the title says what happened.
const PAGE = `<!doctype html><html><head><title>start</title></head><body style="margin:0;font:16px sans-serif">
<nav style="height:40px"><a href="#top">Home</a></nav>
<input id="q" aria-label="Search" style="position:absolute;left:600px;top:360px;width:120px;height:40px">
<button id="add" style="position:absolute;left:100px;top:600px;width:140px;height:40px" onclick="document.title = 'added'">Add to cart</button>
<button id="arm" style="position:absolute;left:300px;top:600px" onclick="document.title = 'armed'; setTimeout(() => document.getElementById('gone').remove(), 1200)">Arm</button>
<button id="gone" style="position:absolute;left:400px;top:600px" onclick="document.title = 'clicked the vanished button'">Soon gone</button>
<script>
document.getElementById('q').addEventListener('keydown', (e) => { if (e.key === 'Enter') document.title = 'submitted ' + e.target.value })
</script></body></html>`

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
const judgment = {
  reward: 1,
  facts: [],
  key_screenshots: [],
  answer_supported: null,
  reference_match: null,
  blocked: false,
  judge: 'programmatic',
  model: null,
  prompt_version: null,
  webgym_version: '0.1.0',
  error: null,
}

/** The id the latest observation sent gives the element named `name` (as `[12] button "Add to cart"`). */
function idOf(request: StandinRequest, name: string): string {
  const last = request.body.messages.at(-1)
  const text = last.content
    .filter((part: any) => part.type === 'text')
    .map((part: any) => part.text)
    .join('\n')
  const match = new RegExp(`\\[(\\d+)\\] \\w+ ${JSON.stringify(name).replace(/[[\]()]/g, '\\$&')}`).exec(text)
  if (!match) throw new Error(`no element "${name}" in the observation:\n${text}`)
  return match[1]!
}

describe('rollout --observe (built CLI, stand-in, Chromium)', () => {
  const env = localPageAndStandin(PAGE, ['m'])

  /** A rollout of the one task with the stand-in replying `replies[step](request)`, then train --dry-run on it. */
  async function run(wd: Workdir, args: string[], replies: ((request: StandinRequest) => StandinReply)[]) {
    env.standin.reset()
    env.standin.setHandler((request) => replies[Math.min(request.index, replies.length - 1)]!(request))
    wd.write(
      'tasks.ndjson',
      ndjson([
        {
          id: 't:observe',
          source: 't',
          intent: 'Search for a red mug and add it to the cart',
          website: '127.0.0.1',
          start_url: env.page.url,
        },
      ]),
    )
    const host = new URL(env.page.url).host
    const result = await wd.run(
      [
        'rollout',
        ...args,
        '--base-url',
        env.standin.url,
        '--model',
        'm',
        '--allow-host',
        host,
        '--browsers',
        '1',
        '--concurrency',
        '1',
        '--horizon',
        '12',
        '--shots',
        'shots',
        'tasks.ndjson',
        '-o',
        'traj.ndjson',
      ],
      {cleanEnv: true},
    )
    expect(result.exitCode, dump(result)).toBe(0)
    const [trajectory] = readNdjson(wd.path('traj.ndjson'))
    const requests = [...env.standin.requests]
    writeFileSync(wd.path('judged.ndjson'), ndjson([{...trajectory, judgment}]))
    const train = await wd.run(['train', 'judged.ndjson', '--out', 'run', '--dry-run', '--backend', 'torch'])
    expect(train.exitCode, dump(train)).toBe(0)
    const samples = readNdjson(wd.path('run', 'samples.jsonl'))
    return {trajectory, requests, samples}
  }

  /** Every training sample's messages are the request the policy sent at that step. */
  function expectParity(wd: Workdir, samples: any[], requests: StandinRequest[], steps: any[]) {
    expect(samples.length).toBeGreaterThan(0)
    for (const sample of samples) {
      const index = Number(/#(\d+)$/.exec(sample.id)![1])
      expect(sampleMessages(wd.path('run'), sample), sample.id).toEqual(sentMessages(requests[index]!))
      expect(sample.response).toBe(steps[index].response)
    }
  }

  it('som x som: acts on the ids of the marks, records the marked screenshot and the list, and keeps going on bad ids and replies', async () => {
    const wd = workdir()
    const say = (action: string) => () => ({content: `Thought: next.\nAction: ${action}`})
    const {trajectory, requests, samples} = await run(
      wd,
      ['--dialect', 'som', '--observe', 'som'],
      [
        (request) => ({content: `Thought: The search field.\nAction: fill('${idOf(request, 'Search')}', 'red mug')`}),
        (request) => ({content: `Action: press('${idOf(request, 'Search')}', 'Enter')`}),
        (request) => ({content: `Action: click('${idOf(request, 'Add to cart')}')`}),
        say("click('99')"),
        (request) => ({content: `Action: click('${idOf(request, 'Arm')}')`}),
        // The reply comes after the button has gone: the id named is stale.
        (request) => ({content: `Action: click('${idOf(request, 'Soon gone')}')`, delayMs: 2500}),
        say('I am not sure what to do.'),
        say("send_msg_to_user('added')"),
      ],
    )
    const steps = trajectory.steps
    expect(trajectory).toMatchObject({
      status: 'answered',
      answer: 'added',
      run: {observe: 'som', prompt_version: 'som-v1'},
    })
    expect(steps[0].action).toMatchObject({name: 'type', text: 'red mug'})
    expect(steps[1].action).toMatchObject({name: 'press', key: 'Enter'})
    expect(steps[2].title).toBe('submitted red mug')
    expect(steps[3].title).toBe('added')
    expect(steps[3].action_error).toMatch(/^there is no element 99 on this page \(ids 1-\d+\)$/)
    expect(steps[5].title).toBe('armed')
    expect(steps[5].action_error).toBe(
      'element ' + steps[5].action.element + ' (button "Soon gone") is no longer on the page',
    )
    expect(steps[6].title).toBe('armed') // the vanished button was not clicked
    expect(steps[6]).toMatchObject({
      action: null,
      action_error: expect.stringContaining('no action call in the response'),
    })
    // What the policy saw: the marked screenshot (its own image in the store) and the element list, as sent.
    for (const [i, step] of steps.entries()) {
      expect(step.observation.elements).toBeGreaterThan(3)
      expect(step.observation.marked_screenshot).not.toBe(step.screenshot)
      const marked = readFileSync(join(wd.path('shots'), step.observation.marked_screenshot))
      const sent = requests[i]!.body.messages.at(-1).content.find((part: any) => part.type === 'image_url').image_url
        .url
      expect(sha(Buffer.from(sent.replace(/^data:image\/jpeg;base64,/, ''), 'base64'))).toBe(sha(marked))
      expect(requests[i]!.text).toContain(step.observation.text)
      expect(step.observation.text).toMatch(
        /^Interactive elements \(each id is the number on its box in the screenshot\):\n/,
      )
    }
    expectParity(wd, samples, requests, steps)
    // The report shows what the policy saw: the marked screenshot and the list, and actions by element.
    const view = await wd.run(['view', 'traj.ndjson', '--out', 'report'])
    expect(view.exitCode, dump(view)).toBe(0)
    const pageHtml = readFileSync(wd.path('report', 't', '1.html'), 'utf8')
    expect(pageHtml).toContain(`src="../shots/${steps[0].observation.marked_screenshot}"`)
    expect(pageHtml).toContain('What the policy was shown (')
    expect(pageHtml).toContain('[' + steps[2].action.element + '] button &quot;Add to cart&quot;')
    expect(pageHtml).toContain(`left_click([${steps[2].action.element}])`)
    expect(pageHtml).toContain(`press(&quot;Enter&quot;) on [${steps[1].action.element}]`)
  }, 180_000)

  it('som x axtree: no image is sent; the accessibility tree carries the ids', async () => {
    const wd = workdir()
    const {trajectory, requests, samples} = await run(
      wd,
      ['--dialect', 'som', '--observe', 'axtree'],
      [
        (request) => ({content: `Action: click('${idOf(request, 'Add to cart')}')`}),
        () => ({content: "Action: send_msg_to_user('added')"}),
      ],
    )
    expect(trajectory).toMatchObject({status: 'answered', run: {observe: 'axtree'}})
    expect(trajectory.steps[1].title).toBe('added')
    expect(requests.every((request) => request.images === 0)).toBe(true)
    expect(trajectory.steps[0].observation.marked_screenshot).toBeUndefined()
    expect(trajectory.steps[0].observation.text).toBe(
      [
        'Accessibility tree of the visible page:',
        '[1] RootWebArea "start", focused',
        '\t[2] navigation ""',
        '\t\t[3] link "Home"',
        '\t[4] textbox "Search"',
        '\t[5] button "Add to cart"',
        '\t[6] button "Arm"',
        '\t[7] button "Soon gone"',
      ].join('\n'),
    )
    expectParity(wd, samples, requests, trajectory.steps)
  }, 120_000)

  it('qwen3vl x screenshot+axtree: clicks by coordinates on the plain screenshot, with the tree beside it', async () => {
    const wd = workdir()
    const call = (args: object) =>
      `<tool_call>\n${JSON.stringify({name: 'computer_use', arguments: args})}\n</tool_call>`
    const {trajectory, requests, samples} = await run(
      wd,
      ['--dialect', 'qwen3vl', '--observe', 'screenshot+axtree'],
      [
        // The Add button's centre, (170, 620) of 1280x768, in 0-1000 units.
        () => ({content: `Thought: Add it.\nAction: click\n${call({action: 'left_click', coordinate: [133, 807]})}`}),
        () => ({content: call({action: 'answer', text: 'added'})}),
      ],
    )
    const [first] = trajectory.steps
    expect(trajectory.steps[1].title).toBe('added')
    expect(first.observation.marked_screenshot).toBeUndefined()
    const sent = requests[0]!.body.messages.at(-1).content.find((part: any) => part.type === 'image_url').image_url.url
    expect(sha(Buffer.from(sent.replace(/^data:image\/jpeg;base64,/, ''), 'base64'))).toBe(
      sha(readFileSync(join(wd.path('shots'), first.screenshot))),
    )
    expect(requests[0]!.text).toContain('Accessibility tree of the visible page:')
    expectParity(wd, samples, requests, trajectory.steps)
  }, 120_000)

  it('tools x som+axtree: pixel coordinates on the marked screenshot, with the list and the tree', async () => {
    const wd = workdir()
    const {trajectory, requests, samples} = await run(
      wd,
      ['--dialect', 'tools', '--observe', 'som+axtree'],
      [
        () => ({content: null, tool_calls: [{name: 'click', arguments: '{"x": 170, "y": 620}'}]}),
        () => ({content: null, tool_calls: [{name: 'answer', arguments: '{"text": "added"}'}]}),
      ],
    )
    expect(trajectory.steps[1].title).toBe('added')
    expect(trajectory.steps[0].observation.text).toMatch(
      /^Interactive elements [^\n]*\n[\s\S]*\n\nAccessibility tree of the visible page:\n/,
    )
    expect(requests[0]!.images).toBe(1)
    expectParity(wd, samples, requests, trajectory.steps)
  }, 120_000)

  it('refuses a dialect that cannot act on what the mode shows, before any browser starts (exit 2)', async () => {
    const wd = workdir()
    wd.write('tasks.ndjson', ndjson([{id: 't:x', source: 't', intent: 'x', start_url: env.page.url}]))
    const elementsWithoutIds = await wd.run(
      ['rollout', '--dialect', 'som', '--base-url', env.standin.url, '--model', 'm', 'tasks.ndjson'],
      {cleanEnv: true},
    )
    expect(elementsWithoutIds.exitCode).toBe(2)
    expect(elementsWithoutIds.stderr).toContain(
      '--dialect som names elements by id, but --observe screenshot numbers none',
    )
    const pointsWithoutImage = await wd.run(
      ['rollout', '--observe', 'axtree', '--base-url', env.standin.url, '--model', 'm', 'tasks.ndjson'],
      {cleanEnv: true},
    )
    expect(pointsWithoutImage.exitCode).toBe(2)
    expect(pointsWithoutImage.stderr).toContain(
      '--dialect qwen3vl points at the screenshot, but --observe axtree shows no image',
    )
  }, 60_000)
})
