// The uitars dialect end to end (its grammar and coordinates: rollout.uitars.test.ts): the built CLI against the
// stand-in replaying UI-TARS replies on a local page in real Chromium, and `train --dry-run` rebuilding each prompt
// as sent.
import {writeFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import {dump} from './helpers/cli.js'
import {localPageAndStandin} from './helpers/local-page.js'
import {sampleMessages, sentMessages} from './helpers/prompt-parity.js'
import {ndjson, readNdjson} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'

// A page with a field in the middle: the title says where a click landed and what was typed and submitted.
const PAGE = `<!doctype html><html><head><title>start</title></head><body style="margin:0;height:768px">
<input id="q" style="position:absolute;left:600px;top:360px;width:80px;height:48px">
<script>
addEventListener('click', (e) => { document.title = 'click ' + e.clientX + ',' + e.clientY })
document.getElementById('q').addEventListener('keydown', (e) => { if (e.key === 'Enter') document.title = 'submitted ' + e.target.value })
</script></body></html>`

describe('rollout --dialect uitars (built CLI, stand-in, Chromium)', () => {
  const env = localPageAndStandin(PAGE, ['ui-tars'])

  it('clicks the point the model named, types where intended, and train rebuilds each prompt as it was sent', async () => {
    const wd = workdir()
    const replies = [
      "Thought: The search field is in the middle.\nAction: click(start_box='<|box_start|>(644,378)<|box_end|>')",
      "Thought: Type the query and submit.\nAction: type(content='red mug\\n')",
      "Thought: Two buttons at once?\nAction: left_double(start_box='(10,10)')",
      "Thought: The query was sent.\nAction: finished(content='submitted')",
    ]
    env.standin.setHandler((request) => ({content: replies[Math.min(request.index, replies.length - 1)]!}))
    const host = new URL(env.page.url).host
    wd.write(
      'tasks.ndjson',
      ndjson([
        {id: 't:uitars', source: 't', intent: 'Search for a red mug', website: '127.0.0.1', start_url: env.page.url},
      ]),
    )
    const result = await wd.run(
      [
        'rollout',
        '--dialect',
        'uitars',
        '--base-url',
        env.standin.url,
        '--model',
        'ui-tars',
        '--allow-host',
        host,
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
    expect(trajectory.run.prompt_version).toBe('uitars-v1')
    expect(trajectory.status).toBe('answered')
    const steps = trajectory.steps
    // (644, 378) of the 1288x756 image the model sees is the viewport's centre, (640, 384) in CSS pixels.
    expect(steps[0].action).toEqual({name: 'left_click', coordinate: [500, 500]})
    expect(steps[1].title).toBe('click 640,384')
    expect(steps[1].action).toEqual({name: 'type', text: 'red mug\n'})
    expect(steps[2].title).toBe('submitted red mug')
    // An action outside webgym's set is the step's error, and the episode goes on.
    expect(steps[2]).toMatchObject({
      action: null,
      action_error: expect.stringContaining('"left_double" is not in webgym'),
    })
    expect(steps[3].action).toEqual({name: 'answer', text: 'submitted'})
    expect(trajectory.answer).toBe('submitted')
    // No system message: UI-TARS takes its instructions in the first user turn.
    expect(env.standin.requests[0]!.body.messages[0].role).toBe('user')

    // Training parity: each sample's messages are the request sent at that step.
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
      expect(sample.response).toBe(steps[index].response)
    }
  }, 180_000)
})
