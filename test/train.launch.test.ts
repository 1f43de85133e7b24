// `webgym train` launching its trainer: stand-in `llamafactory-cli` and `accelerate` programs, first on PATH, check
// what they are given (the config parses, every dataset file exists, the layout is in the environment or the
// arguments), print progress the way the real ones do and exit with a chosen code, or wait for SIGINT.
import {createHash} from 'node:crypto'
import {chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {assertBuilt} from './helpers/cli.js'
import {ndjson, spawnWebgym, stderrOf, waitFor} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'

// One program for both names: what it checks and prints depends on the name it was called by.
const STANDIN = String.raw`#!/usr/bin/env node
const fs = require('node:fs')
const path = require('node:path')
const name = path.basename(process.argv[1])
const args = process.argv.slice(2)
const mode = process.env.STANDIN_MODE || 'ok'
const report = {name, args, env: {}, problems: [], signal: null}
for (const key of ['FORCE_TORCHRUN', 'NPROC_PER_NODE', 'NNODES', 'NODE_RANK', 'MASTER_ADDR', 'MASTER_PORT']) report.env[key] = process.env[key] ?? null
const save = () => fs.writeFileSync(process.env.STANDIN_LOG, JSON.stringify(report))
const problem = (text) => report.problems.push(text)
const readJson = (file) => { try { return JSON.parse(fs.readFileSync(file, 'utf8')) } catch (error) { problem(file + ': ' + error.message); return null } }

function checkLlamaFactory() {
  if (args[0] !== 'train' || args.length !== 2) return problem('usage: llamafactory-cli train FILE, got ' + args.join(' '))
  const yaml = {}
  for (const line of fs.readFileSync(args[1], 'utf8').split('\n')) {
    const match = /^([a-z_0-9]+): (.*)$/.exec(line)
    if (match) yaml[match[1]] = JSON.parse(match[2])
  }
  report.yaml = yaml
  for (const key of ['model_name_or_path', 'stage', 'do_train', 'finetuning_type', 'template', 'dataset', 'dataset_dir', 'output_dir', 'deepspeed', 'image_max_pixels', 'image_min_pixels', 'mask_history']) if (!(key in yaml)) problem('train.yaml has no ' + key)
  readJson(yaml.deepspeed)
  const info = readJson(path.join(yaml.dataset_dir, 'dataset_info.json'))
  const data = info && readJson(path.join(yaml.dataset_dir, info[yaml.dataset].file_name))
  for (const entry of data || []) {
    const tags = entry.messages.map((m) => m.content.split('<image>').length - 1).reduce((a, b) => a + b, 0)
    if (tags !== entry.images.length) problem('tags ' + tags + ' != images ' + entry.images.length)
    for (const image of entry.images) if (!fs.existsSync(path.join(yaml.dataset_dir, image))) problem('missing ' + image)
  }
  report.samples = data ? data.length : 0
  if (process.env.FORCE_TORCHRUN !== '1') problem('FORCE_TORCHRUN is not 1')
  return yaml
}

function checkAccelerate() {
  if (args[0] !== 'launch') return problem('usage: accelerate launch ..., got ' + args.join(' '))
  const script = args.findIndex((arg) => arg.endsWith('.py'))
  report.options = args.slice(1, script)
  report.script = args[script]
  if (args[script + 1] !== '--config') return problem('no --config after the script')
  const configFile = args[script + 2]
  const config = readJson(configFile)
  if (!config) return
  report.config = config
  const out = path.dirname(configFile)
  const lines = fs.readFileSync(path.join(out, config.samples), 'utf8').split('\n').filter(Boolean)
  for (const line of lines) {
    const sample = JSON.parse(line)
    if (typeof sample.weight !== 'number' || typeof sample.response !== 'string') problem('bad sample ' + sample.id)
    for (const message of sample.messages) {
      if (typeof message.content === 'string') continue
      for (const part of message.content) if (part.type === 'image' && !fs.existsSync(path.join(out, part.path))) problem('missing ' + part.path)
    }
  }
  report.samples = lines.length
}

const llama = name === 'llamafactory-cli'
const yaml = llama ? checkLlamaFactory() : checkAccelerate()
save()
if (report.problems.length > 0) { console.error('stand-in problems: ' + report.problems.join('; ')); process.exit(99) }
if (mode === 'wait') {
  process.on('SIGINT', () => { report.signal = 'SIGINT'; save(); process.exit(130) })
  console.log('standin ready')
  if (!llama) console.log(JSON.stringify({event: 'start', total_steps: 100}))
  setTimeout(() => process.exit(1), 60000)
} else if (mode.startsWith('exit:')) {
  console.log('standin failing on purpose')
  console.error('Traceback (most recent call last): RuntimeError: CUDA out of memory')
  process.exit(Number(mode.slice(5)))
} else if (llama) {
  console.log('[INFO|trainer.py] ***** Running training *****')
  process.stderr.write(' 50%|#####     | 10/20 [00:01<00:01]\r')
  console.log("{'loss': 2.5, 'grad_norm': 1.0, 'learning_rate': 1e-05, 'epoch': 0.5}")
  console.log('Saving model checkpoint to ' + yaml.output_dir + '/checkpoint-20')
  console.log("{'loss': 1.25, 'grad_norm': 0.5, 'learning_rate': 5e-06, 'epoch': 1.0}")
  console.log("{'train_runtime': 2.0, 'train_loss': 1.875, 'epoch': 1.0}")
  fs.mkdirSync(yaml.output_dir, {recursive: true})
  fs.writeFileSync(path.join(yaml.output_dir, 'trainer_log.jsonl'), JSON.stringify({current_steps: 10, total_steps: 20, loss: 2.5, lr: 1e-5}) + '\n' + JSON.stringify({current_steps: 20, total_steps: 20, loss: 1.25, lr: 5e-6}) + '\n')
} else {
  console.log(JSON.stringify({event: 'start', total_steps: 3}))
  console.log('loading model Qwen/Qwen3-VL-8B-Instruct')
  console.log(JSON.stringify({event: 'step', step: 1, total_steps: 3, loss: 2.0, lr: 1e-5}))
  console.log(JSON.stringify({event: 'step', step: 2, total_steps: 3, loss: 1.0, lr: 1e-5}))
  console.log(JSON.stringify({event: 'checkpoint', step: 2, path: 'checkpoints/checkpoint-2'}))
  console.log(JSON.stringify({event: 'step', step: 3, total_steps: 3, loss: 0.5, lr: 5e-6}))
  console.log(JSON.stringify({event: 'done', steps: 3, final_loss: 0.5, checkpoint: 'checkpoints/final'}))
}
`

const {dir} = workdir()
const bin = join(dir, 'bin')
const judged = join(dir, 'judged.ndjson')

beforeAll(() => {
  assertBuilt()
  mkdirSync(bin)
  for (const name of ['llamafactory-cli', 'accelerate']) {
    writeFileSync(join(bin, name), STANDIN)
    chmodSync(join(bin, name), 0o755)
  }
  writeJudged()
})

/** Two hand-made successful trajectories of a model policy, their screenshots in dir/shots. */
function writeJudged(): void {
  mkdirSync(join(dir, 'shots'))
  const shot = (text: string) => {
    const bytes = Buffer.from(`not really a jpeg: ${text}`)
    const name = `${createHash('sha256').update(bytes).digest('hex')}.jpg`
    writeFileSync(join(dir, 'shots', name), bytes)
    return name
  }
  const reply = (action: object) =>
    `Thought: go on.\nAction: act\n<tool_call>\n${JSON.stringify({name: 'computer_use', arguments: action})}\n</tool_call>\nMemory: seen ${JSON.stringify(action)}`
  const trajectory = (n: number) => ({
    task: {
      id: `hand:${n}`,
      source: 'hand',
      intent: `Find the price of item ${n}`,
      website: 'shop.example',
      start_url: 'https://shop.example/',
      reference_answer: null,
    },
    run: {
      policy: 'openai',
      model: 'm',
      prompt_version: 'qwen3vl-v1',
      policy_version: 'qwen3vl',
      window: 4,
      memory: true,
      viewport: {width: 1280, height: 768},
      horizon: 10,
      seed: 0,
      webgym_version: '0.1.0',
      started_at: `2025-01-0${n}T00:00:00.000Z`,
    },
    status: 'answered',
    answer: '$3',
    error: null,
    steps: [
      {
        index: 0,
        url: 'https://shop.example/',
        title: 'Shop',
        screenshot: shot(`${n}-0`),
        response: reply({action: 'left_click', coordinate: [500, 500]}),
        action: {name: 'left_click', coordinate: [500, 500]},
        memory: 'seen a click',
        action_error: null,
        repeated: false,
        observe_ms: 1,
        policy_ms: 1,
        act_ms: 1,
      },
      {
        index: 1,
        url: 'https://shop.example/item',
        title: 'Item',
        screenshot: shot(`${n}-1`),
        response: reply({action: 'answer', text: '$3'}),
        action: {name: 'answer', text: '$3'},
        memory: null,
        action_error: null,
        repeated: false,
        observe_ms: 1,
        policy_ms: 1,
        act_ms: 0,
      },
    ],
    judgment: {
      reward: 1,
      facts: [],
      key_screenshots: [],
      answer_supported: true,
      reference_match: null,
      blocked: false,
      judge: 'llm',
      model: 'j',
      prompt_version: 'judge-v1',
      webgym_version: '0.1.0',
      error: null,
    },
  })
  writeFileSync(judged, ndjson([trajectory(1), trajectory(2)]))
}

let runs = 0

/** Starts `webgym train` with the stand-ins first on PATH; the stand-in reports to the returned log path. */
function startTrain(args: string[], options: {mode?: string; env?: Record<string, string>; path?: string} = {}) {
  const n = ++runs
  const out = join(dir, `run${n}`)
  const log = join(dir, `standin${n}.json`)
  const child = spawnWebgym(['train', judged, '--out', out, ...args], {
    env: {
      PATH: options.path ?? `${bin}:${process.env.PATH}`,
      STANDIN_MODE: options.mode ?? 'ok',
      STANDIN_LOG: log,
      ...options.env,
    },
  })
  return {child, out, log}
}

async function train(args: string[], options: {mode?: string; env?: Record<string, string>; path?: string} = {}) {
  const {child, out, log} = startTrain(args, options)
  const result = await child
  const standin = existsSync(log) ? JSON.parse(readFileSync(log, 'utf8')) : null
  const lines = result.stdout.trim().split('\n').filter(Boolean)
  return {result, out, standin, record: lines.length === 1 ? JSON.parse(lines[0]!) : null}
}

const LAYOUT = [
  '--nproc-per-node',
  '2',
  '--nnodes',
  '2',
  '--node-rank',
  '1',
  '--master-addr',
  '10.1.2.3',
  '--master-port',
  '29555',
]

describe('webgym train: launching the trainer', () => {
  it('llamafactory: torchrun layout in the environment, progress passed through, the run record on stdout', async () => {
    const {result, out, standin, record} = await train(LAYOUT)
    expect(result.exitCode, result.stderr).toBe(0)
    expect(standin.problems).toEqual([])
    expect(standin.args).toEqual(['train', join(out, 'train.yaml')])
    expect(standin.env).toEqual({
      FORCE_TORCHRUN: '1',
      NPROC_PER_NODE: '2',
      NNODES: '2',
      NODE_RANK: '1',
      MASTER_ADDR: '10.1.2.3',
      MASTER_PORT: '29555',
    })
    expect(standin.samples).toBe(4)
    expect(record).toMatchObject({
      dry_run: false,
      backend: 'llamafactory',
      command: ['llamafactory-cli', 'train', join(out, 'train.yaml')],
      env: {
        FORCE_TORCHRUN: '1',
        NPROC_PER_NODE: '2',
        NNODES: '2',
        NODE_RANK: '1',
        MASTER_ADDR: '10.1.2.3',
        MASTER_PORT: '29555',
      },
      out,
      samples: 4,
      trajectories: 2,
      images: 4,
      steps: 20,
      total_steps: 20,
      final_loss: 1.25,
      checkpoint: join(out, 'checkpoints'),
      exit_code: 0,
      signal: null,
    })
    expect(Date.parse(record.ended_at)).toBeGreaterThanOrEqual(Date.parse(record.started_at))
    expect(result.stderr).toContain("{'loss': 1.25, 'grad_norm': 0.5, 'learning_rate': 5e-06, 'epoch': 1.0}")
    expect(result.stderr).toContain('10/20')
    expect(result.stderr).toContain('webgym: train: 4 samples from 2 of 2 trajectories')
  })

  it('torch: accelerate gets the layout as arguments, progress events become status lines', async () => {
    const {result, out, standin, record} = await train(['--backend', 'torch', ...LAYOUT])
    expect(result.exitCode, result.stderr).toBe(0)
    expect(standin.problems).toEqual([])
    expect(standin.options).toEqual([
      '--num_processes',
      '4',
      '--num_machines',
      '2',
      '--machine_rank',
      '1',
      '--main_process_ip',
      '10.1.2.3',
      '--main_process_port',
      '29555',
    ])
    expect(standin.script).toMatch(/\/trainer\/train\.py$/)
    expect(standin.config).toMatchObject({samples: 'samples.jsonl', output_dir: 'checkpoints'})
    expect(standin.samples).toBe(4)
    expect(record).toMatchObject({
      backend: 'torch',
      steps: 3,
      total_steps: 3,
      final_loss: 0.5,
      checkpoint: join(out, 'checkpoints', 'final'),
      exit_code: 0,
      samples: 4,
      images: 4,
    })
    expect(result.stderr).toContain('webgym: train: started: 3 steps')
    expect(result.stderr).toContain('webgym: train: step 3/3, loss 0.5')
    expect(result.stderr).toContain('webgym: train: checkpoint at step 2: checkpoints/checkpoint-2')
    expect(result.stderr).toContain('webgym: train: done: 3 steps, final loss 0.5')
    // Log lines pass through; the event lines themselves do not.
    expect(result.stderr).toContain('loading model Qwen/Qwen3-VL-8B-Instruct')
    expect(result.stderr).not.toContain('"event"')
  })

  it.each([
    ['llamafactory', 7],
    ['torch', 3],
  ])('%s: a failing trainer exit code %i becomes webgym exit code', async (backend, code) => {
    const {result, record} = await train(['--backend', backend], {mode: `exit:${code}`})
    expect(result.exitCode).toBe(code)
    expect(record).toMatchObject({exit_code: code, backend})
    expect(result.stderr).toContain('CUDA out of memory')
    expect(result.stderr).toContain(`the trainer exited with code ${code}`)
  })

  it.each(['llamafactory', 'torch'])(
    '%s: SIGINT to webgym reaches the trainer, whose exit code 130 webgym takes',
    async (backend) => {
      const {child, log} = startTrain(['--backend', backend], {mode: 'wait'})
      const seen = stderrOf(child)
      await waitFor(() => seen.text.includes('standin ready'), 30_000, 'the stand-in trainer to start')
      child.kill('SIGINT')
      const result = await child
      expect(result.exitCode, result.stderr).toBe(130)
      expect(JSON.parse(readFileSync(log, 'utf8')).signal).toBe('SIGINT')
      expect(JSON.parse(result.stdout)).toMatchObject({exit_code: 130, signal: 'SIGINT'})
      expect(result.stderr).toContain('SIGINT: passed to the trainer')
    },
  )

  it.each([
    ['llamafactory', /llamafactory-cli not found on PATH.*pip install/],
    ['torch', /accelerate not found on PATH.*pip install accelerate/],
  ])('%s: a missing launcher is one clear line and exit 1', async (backend, message) => {
    const empty = join(dir, `empty-${backend}`)
    mkdirSync(empty)
    const {result, record} = await train(['--backend', backend], {path: empty})
    expect(result.exitCode).toBe(1)
    expect(record).toBeNull()
    const lines = result.stderr
      .trim()
      .split('\n')
      .filter((line) => !line.startsWith('webgym: train:'))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(message)
  })

  it('--dry-run takes the layout from the environment and runs nothing', async () => {
    const env = {NPROC_PER_NODE: '2', NNODES: '2', NODE_RANK: '0', MASTER_ADDR: '10.0.0.9'}
    const {result, out, standin, record} = await train(['--backend', 'torch', '--dry-run'], {env})
    expect(result.exitCode, result.stderr).toBe(0)
    expect(standin).toBeNull()
    expect(record).toMatchObject({dry_run: true, backend: 'torch', samples: 4, trajectories: 2, env: {}})
    expect(record.command).toEqual([
      'accelerate',
      'launch',
      '--num_processes',
      '4',
      '--num_machines',
      '2',
      '--machine_rank',
      '0',
      '--main_process_ip',
      '10.0.0.9',
      '--main_process_port',
      '29500',
      expect.stringMatching(/trainer\/train\.py$/),
      '--config',
      join(out, 'train_config.json'),
    ])
    expect(record.steps).toBeUndefined()
    const llama = await train(['--dry-run'], {env})
    expect(llama.record.env).toEqual({FORCE_TORCHRUN: '1', ...env})
    expect(llama.standin).toBeNull()
  })

  it('refuses a layout it cannot launch (exit 2)', async () => {
    const {result} = await train(['--dry-run', '--nnodes', '2'])
    expect(result.exitCode).toBe(2)
    expect(result.stderr).toMatch(/--master-addr/)
  })
})
