// The tools dialect end to end (its replies and prompts: rollout.tools.test.ts): the built CLI against the stand-in
// returning function calls on a local page in real Chromium, and `train --dry-run` rebuilding each prompt as it was
// sent.
import {writeFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import {dump} from './helpers/cli.js'
import {localPageAndStandin} from './helpers/local-page.js'
import {type StandinReply} from './helpers/openai-standin.js'
import {sampleMessages, sentMessages} from './helpers/prompt-parity.js'
import {ndjson, readNdjson} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'

const PAGE = `<!doctype html><html><head><title>start</title></head><body style="margin:0;height:768px">
<input id="q" style="position:absolute;left:600px;top:360px;width:80px;height:48px">
<script>
addEventListener('click', (e) => { document.title = 'click ' + e.clientX + ',' + e.clientY })
document.getElementById('q').addEventListener('keydown', (e) => { if (e.key === 'Enter') document.title = 'submitted ' + e.target.value })
</script></body></html>`

describe('rollout --dialect tools (built CLI, stand-in, Chromium)', () => {
  const env = localPageAndStandin(PAGE, ['gpt'])

  it('clicks where the call says, types into the field, offers the functions as tools, and train rebuilds each prompt', async () => {
    const wd = workdir()
    const replies: StandinReply[] = [
      {content: 'The search field is in the middle.', tool_calls: [{name: 'click', arguments: '{"x": 640, "y": 384}'}]},
      {content: null, tool_calls: [{name: 'type_text', arguments: '{"text": "red mug", "submit": true}'}]},
      {content: null, tool_calls: [{name: 'click', arguments: '{"x": 9000, "y": 1}'}]},
      {content: 'Done.', tool_calls: [{name: 'answer', arguments: '{"text": "submitted"}'}]},
    ]
    env.standin.setHandler((request) => replies[Math.min(request.index, replies.length - 1)]!)
    wd.write(
      'tasks.ndjson',
      ndjson([
        {id: 't:tools', source: 't', intent: 'Search for a red mug', website: '127.0.0.1', start_url: env.page.url},
      ]),
    )
    const result = await wd.run(
      [
        'rollout',
        '--dialect',
        'tools',
        '--base-url',
        env.standin.url,
        '--model',
        'gpt',
        '--allow-host',
        new URL(env.page.url).host,
        '--browsers',
        '1',
        '--concurrency',
        '1',
        '--horizon',
        '8',
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
    expect(trajectory).toMatchObject({status: 'answered', answer: 'submitted', run: {prompt_version: 'tools-v1'}})
    const steps = trajectory.steps
    expect(steps[0].action).toEqual({name: 'left_click', coordinate: [500, 500]})
    expect(steps[0].response).toBe(
      'The search field is in the middle.\n<tool_call>\n{"name":"click","arguments":{"x":640,"y":384}}\n</tool_call>',
    )
    expect(steps[1].title).toBe('click 640,384')
    expect(steps[2].title).toBe('submitted red mug')
    expect(steps[2]).toMatchObject({
      action: null,
      action_error: 'click: point (9000, 1) is off the 1280x768 screenshot',
    })
    const body = env.standin.requests[0]!.body
    expect(body.tool_choice).toBe('auto')
    expect(body.tools.map((tool: any) => tool.function.name)).toContain('type_text')

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
    writeFileSync(wd.path('judged.ndjson'), ndjson([{...trajectory, judgment}]))
    const train = await wd.run(['train', 'judged.ndjson', '--out', 'run', '--dry-run', '--backend', 'torch'])
    expect(train.exitCode, dump(train)).toBe(0)
    const samples = readNdjson(wd.path('run', 'samples.jsonl'))
    expect(samples).toHaveLength(3)
    for (const sample of samples) {
      const index = Number(/#(\d+)$/.exec(sample.id)![1])
      expect(sampleMessages(wd.path('run'), sample), sample.id).toEqual(sentMessages(env.standin.requests[index]!))
    }
  }, 180_000)
})
