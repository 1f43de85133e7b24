// Training parity over every dialect x observation mode that can act: a two-step rollout (a scroll, then the answer)
// of the built CLI against the stand-in in real Chromium, then `train --dry-run`; every sample's messages must be the
// request the policy sent at that step (images by their bytes), with the text observation and the image the mode
// shows, and its reply the target.
import {writeFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import {OBSERVE_MODES, observeMode} from '../src/lib/observe/observe-mode.js'
import {DIALECTS, POLICY_DIALECTS, type DialectName} from '../src/lib/prompts/policy-dialects.js'
import {dump} from './helpers/cli.js'
import {localPageAndStandin} from './helpers/local-page.js'
import {type StandinReply} from './helpers/openai-standin.js'
import {sampleMessages, sentMessages} from './helpers/prompt-parity.js'
import {ndjson, readNdjson} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'

const PAGE = `<!doctype html><html><head><title>long page</title></head><body style="margin:0;height:3000px">
<h1>Mugs</h1><a href="#more">More mugs</a><label>Search <input name="q"></label><button>Add to cart</button></body></html>`

// Each dialect's scroll and answer, as its model writes them.
const call = (args: object) => `<tool_call>\n${JSON.stringify({name: 'computer_use', arguments: args})}\n</tool_call>`
const REPLIES: Record<DialectName, [StandinReply, StandinReply]> = {
  qwen3vl: [
    {content: `Thought: Scroll.\nAction: scroll\n${call({action: 'scroll', direction: 'down'})}`},
    {content: call({action: 'answer', text: 'done'})},
  ],
  tools: [
    {content: null, tool_calls: [{name: 'scroll', arguments: '{"direction": "down"}'}]},
    {content: null, tool_calls: [{name: 'answer', arguments: '{"text": "done"}'}]},
  ],
  uitars: [
    {content: "Thought: Scroll.\nAction: scroll(direction='down')"},
    {content: "Thought: Done.\nAction: finished(content='done')"},
  ],
  som: [{content: 'Thought: Scroll.\nAction: scroll(0, 400)'}, {content: "Action: send_msg_to_user('done')"}],
}

/** The pairs rollout accepts: element-id dialects with modes that number elements, coordinate ones with an image. */
const PAIRS = DIALECTS.flatMap((dialect) =>
  OBSERVE_MODES.filter((name) => observeMode(name).targets.includes(POLICY_DIALECTS[dialect].actsOn)).map(
    (mode) => [dialect, mode] as const,
  ),
)

describe('training parity for every dialect x observation mode (built CLI, stand-in, Chromium)', () => {
  const env = localPageAndStandin(PAGE, ['m'])

  it('covers all 16 pairs that can act', () => {
    expect(PAIRS).toHaveLength(16)
  })

  for (const [dialect, mode] of PAIRS) {
    it(`${dialect} x ${mode}`, async () => {
      const wd = workdir()
      env.standin.reset()
      env.standin.setHandler((request) => REPLIES[dialect][Math.min(request.index, 1)]!)
      wd.write(
        'tasks.ndjson',
        ndjson([{id: 't:parity', source: 't', intent: 'Find the mugs', website: '127.0.0.1', start_url: env.page.url}]),
      )
      const rollout = await wd.run(
        [
          'rollout',
          '--dialect',
          dialect,
          '--observe',
          mode,
          '--base-url',
          env.standin.url,
          '--model',
          'm',
          '--allow-host',
          new URL(env.page.url).host,
          '--browsers',
          '1',
          '--concurrency',
          '1',
          '--horizon',
          '4',
          '--shots',
          'shots',
          'tasks.ndjson',
          '-o',
          'traj.ndjson',
        ],
        {cleanEnv: true},
      )
      expect(rollout.exitCode, dump(rollout)).toBe(0)
      const [trajectory] = readNdjson(wd.path('traj.ndjson'))
      expect(trajectory).toMatchObject({
        status: 'answered',
        answer: 'done',
        run: {prompt_version: POLICY_DIALECTS[dialect].promptVersion},
      })
      expect(trajectory.run.observe).toBe(mode === 'screenshot' ? undefined : mode)
      expect(trajectory.steps[0].action).toMatchObject({name: 'scroll', direction: 'down'})
      const requests = [...env.standin.requests]
      // A mode that lets an action point shows an image: one in the first request, two in the second.
      const image = observeMode(mode).targets.includes('coordinates')
      expect(requests.map((request) => request.images)).toEqual(image ? [1, 2] : [0, 0])
      for (const [i, step] of trajectory.steps.entries()) {
        if (mode === 'screenshot') expect(step.observation).toBeUndefined()
        else expect(requests[i]!.text).toContain(step.observation.text)
      }
      writeFileSync(
        wd.path('judged.ndjson'),
        ndjson([
          {
            ...trajectory,
            judgment: {
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
            },
          },
        ]),
      )
      const train = await wd.run(['train', 'judged.ndjson', '--out', 'run', '--dry-run', '--backend', 'torch'])
      expect(train.exitCode, dump(train)).toBe(0)
      const samples = readNdjson(wd.path('run', 'samples.jsonl'))
      expect(samples).toHaveLength(2)
      for (const [i, sample] of samples.entries()) {
        expect(sampleMessages(wd.path('run'), sample), sample.id).toEqual(sentMessages(requests[i]!))
        expect(sample.response).toBe(trajectory.steps[i].response)
      }
    }, 60_000)
  }
})
