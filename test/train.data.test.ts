// The training set `webgym train` writes from real rollouts: the openai policy against the OpenAI stand-in on the
// fixture web (a scripted model that clicks, scrolls, clicks again and answers), hand-given rewards, then
// `train --dry-run`. Each sample's prompt must be the request the policy sent at that step, byte for byte and image
// for image; weights must follow the rewards.
import {createHash} from 'node:crypto'
import {existsSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {assertBuilt, runWebgym} from './helpers/cli.js'
import {startStandin, type Standin, type StandinRequest} from './helpers/openai-standin.js'
import {fixtureSample, ndjson, readNdjson, spawnWebgym} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'
import {driveHeadlessShell} from './helpers/headless-shell.js'

// webgym's own logic is under test, not what Chromium draws (see test/helpers/headless-shell.ts).
driveHeadlessShell()

const tasks = fixtureSample(1).slice(0, 3)
const REWARDS: Array<0 | 1> = [1, 1, 0]
const wd = workdir()
const judgedFile = wd.path('judged.ndjson')

const call = (args: Record<string, unknown>, memory?: string) =>
  `Thought: next step.\nAction: ${String(args.action)}\n<tool_call>\n${JSON.stringify({name: 'computer_use', arguments: args})}\n</tool_call>${memory ? `\nMemory: ${memory}` : ''}`

// Step N's reply; the second task gets an unusable reply at step 2 (a step without an action).
function reply(intent: string, step: number): string {
  if (intent === tasks[1]!.intent && step === 2) return 'I am not sure what to do here.'
  const script = [
    call({action: 'left_click', coordinate: [500, 300]}, 'memo-one'),
    call({action: 'scroll', direction: 'down'}),
    call({action: 'left_click', coordinate: [300, 200]}, 'memo-two'),
    call({action: 'answer', text: 'done'}),
  ]
  return script[Math.min(step, script.length) - 1]!
}

const userTexts = (message: any): string[] =>
  typeof message.content === 'string'
    ? [message.content]
    : message.content.filter((part: any) => part.type === 'text').map((part: any) => part.text)

let standin: Standin
let requests: StandinRequest[]
let trajectories: any[]

beforeAll(async () => {
  assertBuilt()
  standin = await startStandin({models: ['standin-vl']})
  standin.setHandler((request) => {
    const messages = request.body.messages
    const intent = /^Task: (.*)$/m.exec(userTexts(messages[1]).join('\n'))![1]!
    const step = Number(/^Step (\d+) screenshot$/m.exec(userTexts(messages.at(-1)).at(-1)!)![1])
    return {content: reply(intent, step)}
  })
  const rollout = await spawnWebgym(
    [
      'rollout',
      '--base-url',
      standin.url,
      '--model',
      'standin-vl',
      '--concurrency',
      '2',
      '--browsers',
      '1',
      '--horizon',
      '10',
      '--window',
      '2',
      '--shots',
      wd.path('shots'),
      '-o',
      wd.path('traj.ndjson'),
      '-',
    ],
    {input: ndjson(tasks), tmp: wd.dir},
  )
  expect(rollout.exitCode, rollout.stderr).toBe(0)
  requests = [...standin.requests]
  trajectories = readNdjson(wd.path('traj.ndjson'))
  // Hand-given rewards; the failed trajectory's last step is flagged repeated (it matters only with a baseline).
  const judged = trajectories.map((trajectory) => {
    const reward = REWARDS[tasks.findIndex((task) => task.id === trajectory.task.id)]!
    if (reward === 0) trajectory.steps.at(-1).repeated = true
    return {...trajectory, judgment: judgment(reward)}
  })
  writeFileSync(judgedFile, ndjson(judged))
}, 300_000)

afterAll(async () => {
  await standin?.close()
})

function judgment(reward: 0 | 1) {
  return {
    reward,
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
}

async function train(args: string[], input = judgedFile) {
  const out = workdir().path('run')
  const result = await runWebgym(['train', input, '--out', out, '--dry-run', ...args])
  expect(result.exitCode, String(result.stderr)).toBe(0)
  return {out, record: JSON.parse(String(result.stdout)), stderr: String(result.stderr)}
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** The request as the policy sent it, images as the hashes of their bytes. */
function sentMessages(request: StandinRequest) {
  return request.body.messages.map((message: any) => ({
    role: message.role,
    content:
      typeof message.content === 'string'
        ? message.content
        : message.content.map((part: any) =>
            part.type === 'text'
              ? {type: 'text', text: part.text}
              : {
                  type: 'image',
                  sha: sha(Buffer.from(part.image_url.url.replace(/^data:image\/jpeg;base64,/, ''), 'base64')),
                },
          ),
  }))
}

/** A sample's messages, images as the hashes of the files they name. */
function sampleMessages(out: string, sample: any) {
  return sample.messages.map((message: any) => ({
    role: message.role,
    content:
      typeof message.content === 'string'
        ? message.content
        : message.content.map((part: any) =>
            part.type === 'text' ? part : {type: 'image', sha: sha(readFileSync(join(out, part.path)))},
          ),
  }))
}

function requestFor(sample: any) {
  const [, taskId, index] = /^(.*)@.*#(\d+)$/.exec(sample.id)!
  const task = tasks.find((candidate) => candidate.id === taskId)!
  const found = requests.filter(
    (request) =>
      userTexts(request.body.messages[1]).join('\n').includes(`Task: ${task.intent}\n`) &&
      userTexts(request.body.messages.at(-1))
        .at(-1)!
        .startsWith(`Step ${Number(index) + 1} screenshot\n`),
  )
  expect(found, sample.id).toHaveLength(1)
  return found[0]!
}

function readYaml(path: string): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^([a-z_0-9]+): (.*)$/.exec(line)
    if (match)
      values[match[1]!] = match[2]!.startsWith('"')
        ? JSON.parse(match[2]!)
        : /^(true|false)$/.test(match[2]!)
          ? match[2] === 'true'
          : Number(match[2])
  }
  return values
}

describe('webgym train: the dataset', () => {
  it('rolled out as scripted: 4 steps each, the run block records window and memory', () => {
    expect(trajectories).toHaveLength(3)
    for (const trajectory of trajectories) {
      expect(trajectory.status).toBe('answered')
      expect(trajectory.steps).toHaveLength(4)
      expect(trajectory.run).toMatchObject({
        policy: 'openai',
        prompt_version: 'qwen3vl-v1',
        window: 2,
        memory: true,
        viewport: {width: 1280, height: 768},
      })
    }
    expect(requests).toHaveLength(12)
  })

  it('torch: each sample is the request the policy sent at that step, with its reply as the target', async () => {
    const {out, record} = await train(['--backend', 'torch'])
    const samples = readNdjson(join(out, 'samples.jsonl'))
    // 2 successful trajectories x 4 steps, less the step without an action; the failure's steps weigh 0 (but the
    // one flagged repeated, which is no sample at all).
    expect(samples).toHaveLength(7)
    expect(record).toMatchObject({
      dry_run: true,
      backend: 'torch',
      samples: 7,
      trajectories: 3,
      trajectories_used: 2,
      baseline: null,
    })
    expect(record.skipped).toMatchObject({no_action: 1, zero_weight: 3, repeated: 1, no_response: 0})
    for (const sample of samples) {
      const request = requestFor(sample)
      expect(sampleMessages(out, sample), sample.id).toEqual(sentMessages(request))
      expect(sample.weight).toBe(1)
      const [, taskId, index] = /^(.*)@.*#(\d+)$/.exec(sample.id)!
      const step = trajectories.find((trajectory) => trajectory.task.id === taskId).steps[Number(index)]
      expect(sample.response).toBe(step.response)
      expect(sample.response).toBe(reply(tasks.find((task) => task.id === taskId)!.intent, Number(index) + 1))
    }
    // --window 2: the last step shows one earlier round with its screenshot, the older ones as text lines.
    const last = samples.find((sample) => sample.id.endsWith('#3'))
    expect(
      last.messages.flatMap((message: any) =>
        typeof message.content === 'string' ? [] : message.content.filter((part: any) => part.type === 'image'),
      ),
    ).toHaveLength(2)
    expect(JSON.stringify(last.messages)).toContain('Earlier steps (their screenshots are no longer shown)')
    expect(JSON.stringify(last.messages)).toContain('memo-two')
    expect(readdirImages(out)).toBe(record.images)
    const config = JSON.parse(readFileSync(join(out, 'train_config.json'), 'utf8'))
    expect(config).toEqual({
      model: 'Qwen/Qwen3-VL-8B-Instruct',
      samples: 'samples.jsonl',
      output_dir: 'checkpoints',
      finetuning: 'lora',
      lora: {r: 16, alpha: 32, dropout: 0.05},
      learning_rate: 1e-5,
      epochs: 1,
      batch_size: 1,
      gradient_accumulation_steps: 8,
      max_pixels: 1280 * 768,
      min_pixels: 1280 * 768,
      save_steps: 100,
      seed: 0,
      bf16: true,
    })
    expect(record.command.slice(0, 2)).toEqual(['accelerate', 'launch'])
    expect(record.command.slice(-3)).toEqual([
      expect.stringMatching(/trainer\/train\.py$/),
      '--config',
      join(out, 'train_config.json'),
    ])
  })

  it('torch --baseline mean: weights are the reward less the mean reward, failures negative', async () => {
    const {out, record} = await train(['--backend', 'torch', '--baseline', 'mean'])
    const samples = readNdjson(join(out, 'samples.jsonl'))
    const mean = 2 / 3
    expect(record.baseline).toBe(mean)
    // The failure's 4 steps now count, less its last one, flagged repeated.
    expect(samples).toHaveLength(10)
    expect(record.skipped).toMatchObject({no_action: 1, repeated: 1, zero_weight: 0})
    const failed = tasks[2]!.id
    for (const sample of samples) {
      expect(sample.weight).toBe(sample.id.startsWith(`${failed}@`) ? 0 - mean : 1 - mean)
      expect(sampleMessages(out, sample)).toEqual(sentMessages(requestFor(sample)))
    }
    expect(samples.filter((sample) => sample.weight < 0)).toHaveLength(3)
  })

  it('torch --baseline group: weights are the reward less the mean of the same task attempts (rollout --samples)', async () => {
    const grouped = wd.path('grouped.ndjson')
    const records = readNdjson(judgedFile)
    const solved = tasks[0]!.id
    const first = records.find((record) => record.task.id === solved)!
    // A second attempt of the first task that failed: the task's mean is 0.5. The other tasks have one attempt each.
    const second = {
      ...first,
      id: `${solved}#2`,
      attempt: 2,
      run: {...first.run, started_at: '2026-01-01T00:00:00.000Z'},
      judgment: judgment(0),
    }
    writeFileSync(grouped, ndjson([...records, second]))
    const {out, record} = await train(['--backend', 'torch', '--baseline', 'group'], grouped)
    expect(record).toMatchObject({baseline: null, baseline_groups: {tasks: 3, mixed: 1}, trajectories: 4})
    const samples = readNdjson(join(out, 'samples.jsonl'))
    // Only the task with mixed attempts teaches: its success up, its failure down; a task alone in its group weighs 0.
    expect(samples).toHaveLength(8)
    for (const sample of samples) {
      expect(sample.id.startsWith(`${solved}@`)).toBe(true)
      expect(sample.weight).toBe(sample.id.includes('@2026-01-01T00:00:00.000Z') ? -0.5 : 0.5)
    }
    const llamafactory = await runWebgym([
      'train',
      grouped,
      '--out',
      workdir().path('run'),
      '--dry-run',
      '--baseline',
      'group',
    ])
    expect(llamafactory.exitCode).toBe(2)
  })

  it('leaves out trajectories whose judging failed: their fail-safe 0 is no verdict and does not move the baseline', async () => {
    const withError = wd.path('judge-error.ndjson')
    // A successful episode whose judging failed: reward 0 with the error. Left in, it would count as a failure.
    const unjudged = tasks[0]!.id
    writeFileSync(
      withError,
      ndjson(
        readNdjson(judgedFile).map((record) =>
          record.task.id === unjudged
            ? {...record, judgment: {...record.judgment, reward: 0, error: 'the model server answered HTTP 500'}}
            : record,
        ),
      ),
    )
    const {out, record, stderr} = await train(['--backend', 'torch', '--baseline', 'mean'], withError)
    expect(record).toMatchObject({baseline: 0.5, trajectories: 2, trajectories_unjudged: 1})
    const samples = readNdjson(join(out, 'samples.jsonl'))
    expect(samples.length).toBeGreaterThan(0)
    expect(samples.some((sample) => sample.id.startsWith(`${unjudged}@`))).toBe(false)
    expect(new Set(samples.map((sample) => sample.weight))).toEqual(new Set([0.5, -0.5]))
    expect(stderr).toMatch(/1 trajectories left out: their judging failed/)
  })

  it('llamafactory: ShareGPT entries with an <image> tag per image, the same prompts, a Qwen3-VL train.yaml', async () => {
    const {out, record} = await train([])
    const torch = readNdjson(join((await train(['--backend', 'torch'])).out, 'samples.jsonl'))
    const data = JSON.parse(readFileSync(join(out, 'data.json'), 'utf8'))
    expect(data).toHaveLength(7)
    expect(record).toMatchObject({
      backend: 'llamafactory',
      samples: 7,
      command: ['llamafactory-cli', 'train', join(out, 'train.yaml')],
      env: {FORCE_TORCHRUN: '1'},
    })
    data.forEach((entry: any, i: number) => {
      const tags = entry.messages
        .map((message: any) => message.content.split('<image>').length - 1)
        .reduce((a: number, b: number) => a + b, 0)
      expect(tags).toBe(entry.images.length)
      for (const image of entry.images) expect(existsSync(join(out, image)), image).toBe(true)
      // The same text as the torch sample, parts joined with an <image> tag in place of each image; the target last.
      const sample = torch[i]
      const expected = [
        ...sample.messages.map((message: any) => ({
          role: message.role,
          content:
            typeof message.content === 'string'
              ? message.content
              : message.content.map((part: any) => (part.type === 'text' ? part.text : '<image>')).join(''),
        })),
        {role: 'assistant', content: sample.response},
      ]
      expect(entry.messages).toEqual(expected)
      expect(entry.images.map((image: string) => sha(readFileSync(join(out, image))))).toEqual(
        sentMessages(requestFor(sample)).flatMap((message: any) =>
          typeof message.content === 'string'
            ? []
            : message.content.filter((part: any) => part.type === 'image').map((part: any) => part.sha),
        ),
      )
    })
    expect(JSON.parse(readFileSync(join(out, 'dataset_info.json'), 'utf8'))).toEqual({
      webgym: {
        file_name: 'data.json',
        formatting: 'sharegpt',
        columns: {messages: 'messages', images: 'images'},
        tags: {
          role_tag: 'role',
          content_tag: 'content',
          user_tag: 'user',
          assistant_tag: 'assistant',
          system_tag: 'system',
        },
      },
    })
    const yaml = readYaml(join(out, 'train.yaml'))
    expect(yaml).toMatchObject({
      model_name_or_path: 'Qwen/Qwen3-VL-8B-Instruct',
      stage: 'sft',
      do_train: true,
      finetuning_type: 'lora',
      template: 'qwen3_vl_nothink',
      mask_history: true,
      image_max_pixels: 983040,
      image_min_pixels: 983040,
      dataset: 'webgym',
      dataset_dir: out,
      output_dir: join(out, 'checkpoints'),
      learning_rate: 1e-5,
      num_train_epochs: 1,
      per_device_train_batch_size: 1,
      gradient_accumulation_steps: 8,
      bf16: true,
      save_steps: 100,
      logging_steps: 10,
      seed: 0,
    })
    expect(yaml.deepspeed).toBe(join(out, 'ds_z2.json'))
    expect(JSON.parse(readFileSync(join(out, 'ds_z2.json'), 'utf8')).zero_optimization.stage).toBe(2)
    expect(readFileSync(join(out, 'train.yaml'), 'utf8')).toMatch(/^learning_rate: 0\.00001$/m)
  })

  it('flags reach the config: model, full fine-tuning, hyperparameters', async () => {
    const {out} = await train([
      '--model',
      'Qwen/Qwen3-VL-4B-Thinking',
      '--finetuning',
      'full',
      '--learning-rate',
      '5e-7',
      '--epochs',
      '3',
      '--batch-size',
      '2',
      '--gradient-accumulation',
      '4',
      '--save-steps',
      '50',
      '--seed',
      '7',
      '--no-bf16',
    ])
    const yaml = readYaml(join(out, 'train.yaml'))
    expect(yaml).toMatchObject({
      model_name_or_path: 'Qwen/Qwen3-VL-4B-Thinking',
      finetuning_type: 'full',
      template: 'qwen3_vl',
      learning_rate: 5e-7,
      num_train_epochs: 3,
      per_device_train_batch_size: 2,
      gradient_accumulation_steps: 4,
      save_steps: 50,
      seed: 7,
      bf16: false,
    })
    expect(yaml.lora_rank).toBeUndefined()
    // PyYAML reads 5e-07 as a string: an exponent must follow a mantissa with a dot.
    expect(readFileSync(join(out, 'train.yaml'), 'utf8')).toMatch(/^learning_rate: 5\.0e-07$/m)
  })

  it('reads older records without window and memory in the run block with the rollout defaults (4, on)', async () => {
    const old = wd.path('old.ndjson')
    writeFileSync(
      old,
      ndjson(
        readNdjson(judgedFile).map(({run: {window: _window, memory: _memory, ...run}, ...rest}) => ({...rest, run})),
      ),
    )
    const {out} = await train(['--backend', 'torch'], old)
    const last = readNdjson(join(out, 'samples.jsonl')).find((sample) => sample.id.endsWith('#3'))
    const images = last.messages.flatMap((message: any) =>
      typeof message.content === 'string' ? [] : message.content.filter((part: any) => part.type === 'image'),
    )
    expect(images).toHaveLength(4)
  })

  it('leaves out steps filter --drop-repeated-steps marked, while every other prompt stays what the policy sent', async () => {
    const marked = wd.path('marked.ndjson')
    // Mark step 1 of every trajectory as filter does ("train": false); later steps' prompts still show it.
    writeFileSync(
      marked,
      ndjson(
        readNdjson(judgedFile).map((record) => ({
          ...record,
          steps: record.steps.map((step: any) => (step.index === 1 ? {...step, train: false} : step)),
        })),
      ),
    )
    const {out, record, stderr} = await train(['--backend', 'torch'], marked)
    const samples = readNdjson(join(out, 'samples.jsonl'))
    expect(samples.some((sample) => sample.id.endsWith('#1'))).toBe(false)
    expect(record.skipped.marked_by_filter).toBeGreaterThan(0)
    const unmarked = readNdjson(join((await train(['--backend', 'torch'])).out, 'samples.jsonl'))
    expect(samples.map((sample) => sample.id)).toEqual(
      unmarked.map((sample) => sample.id).filter((id) => !id.endsWith('#1')),
    )
    for (const sample of samples)
      expect(sampleMessages(out, sample), sample.id).toEqual(sentMessages(requestFor(sample)))
    expect(stderr).not.toMatch(/steps missing/)
  })

  it('warns that trajectories with steps missing cannot have their prompts rebuilt exactly', async () => {
    const cut = wd.path('cut.ndjson')
    writeFileSync(
      cut,
      ndjson(
        readNdjson(judgedFile).map((record) =>
          record.task.id === tasks[0]!.id
            ? {...record, steps: record.steps.filter((step: any) => step.index !== 1)}
            : record,
        ),
      ),
    )
    const {record, stderr} = await train(['--backend', 'torch'], cut)
    expect(stderr).toMatch(/1 trajectories have steps missing .*not exactly as the policy saw them/)
    expect(record.samples).toBe(6)
  })

  it('refuses --baseline mean with llamafactory (exit 2), pointing at --backend torch', async () => {
    const result = await runWebgym([
      'train',
      judgedFile,
      '--out',
      workdir().path('run'),
      '--dry-run',
      '--baseline',
      'mean',
    ])
    expect(result.exitCode).toBe(2)
    expect(String(result.stderr)).toMatch(/--backend torch/)
    expect(result.stdout).toBe('')
  })

  it('refuses trajectories whose prompts came from a dialect it does not know (file:line, field, fix), or skips and counts them', async () => {
    // Line 2 is a rewarded trajectory (the file's order is the order episodes finished in), so it has samples to lose.
    const records = readNdjson(judgedFile)
    const ordered = [
      ...records.filter((record) => record.judgment.reward === 0),
      ...records.filter((record) => record.judgment.reward === 1),
    ]
    expect(ordered[1].judgment.reward).toBe(1)
    const orderedFile = wd.path('ordered.ndjson')
    writeFileSync(orderedFile, ndjson(ordered))
    const foreign = wd.path('foreign.ndjson')
    writeFileSync(
      foreign,
      ndjson(
        ordered.map((record, i) =>
          i === 1 ? {...record, run: {...record.run, prompt_version: 'qwen9vl-v7'}} : record,
        ),
      ),
    )
    const refused = await runWebgym([
      'train',
      foreign,
      '--out',
      workdir().path('run'),
      '--dry-run',
      '--backend',
      'torch',
    ])
    expect(refused.exitCode).not.toBe(0)
    const lines = String(refused.stderr).trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/foreign\.ndjson:2.*run\.prompt_version.*"qwen9vl-v7".*qwen3vl-v1.*--on-invalid skip/)
    const {out, stderr, record} = await train(['--backend', 'torch', '--on-invalid', 'skip'], foreign)
    expect(stderr.match(/skipped .*foreign\.ndjson:\d+/g)).toEqual([expect.stringContaining('foreign.ndjson:2')])
    expect(stderr).toMatch(/steps left out: .*; 1 invalid records skipped/)
    expect(record).toMatchObject({invalid_skipped: 1, trajectories: 2})
    const kept = readNdjson(join(out, 'samples.jsonl'))
    const all = readNdjson(join((await train(['--backend', 'torch'], orderedFile)).out, 'samples.jsonl'))
    const foreignId = readNdjson(foreign)[1].task.id
    expect(kept.map((sample) => sample.id)).toEqual(
      all.map((sample) => sample.id).filter((id) => !id.startsWith(foreignId)),
    )
    expect(kept.length).toBeLessThan(all.length)
  })

  it('fails clearly when a screenshot is missing, naming it and --shots', async () => {
    const result = await runWebgym([
      'train',
      judgedFile,
      '--out',
      workdir().path('run'),
      '--dry-run',
      '--shots',
      wd.path('nowhere'),
    ])
    expect(result.exitCode).toBe(1)
    expect(String(result.stderr)).toMatch(/screenshot .*\.jpg not found .*--shots/)
    expect(String(result.stderr).trim().split('\n')).toHaveLength(1)
  })
})

function readdirImages(out: string): number {
  return readNdjson(join(out, 'samples.jsonl'))
    .flatMap((sample) =>
      sample.messages.flatMap((message: any) =>
        typeof message.content === 'string'
          ? []
          : message.content.filter((part: any) => part.type === 'image').map((part: any) => part.path),
      ),
    )
    .filter((path, i, all) => all.indexOf(path) === i).length
}
