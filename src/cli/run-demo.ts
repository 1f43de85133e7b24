import {createReadStream} from 'node:fs'
import {mkdir, writeFile} from 'node:fs/promises'
import {join, relative, resolve} from 'node:path'
import {createInterface} from 'node:readline'
import {fileURLToPath} from 'node:url'
import {execa} from 'execa'
import {ExternalError} from '../lib/errors.js'
import type {Reporter} from '../lib/report/reporter.js'

// `webgym demo`: the whole pipeline on the offline fixture web, as a user would run it from a shell, each stage the
// built CLI as a child process with its own summary on stderr: tasks -> split -> rollout -> judge -> filter ->
// train --dry-run -> view. A script of webgym's own commands, so it lives with them in the command layer.

export interface DemoOptions {
  out: string
  /** Train tasks rolled out (a spread over the train side), and test tasks (one per held-out website). */
  trainTasks: number
  testTasks: number
  seed: number
  concurrency: number
  noise: number
  /** The openai policy at this endpoint instead of the oracle (OPENAI_BASE_URL); with `model`. */
  policyUrl?: string
  policyModel?: string
  /** The LLM judge with this model instead of the programmatic judge. */
  judgeModel?: string
  /** Saved pages served beside the families, whose questions join the tasks (`sites tasks --pages`). */
  pages?: string
  reporter: Reporter
}

export interface DemoSummary {
  out: string
  policy: string
  judge: string
  tasks: number
  train: {rolled_out: number; rewarded: number}
  test: {rolled_out: number; rewarded: number}
  kept_for_training: number
  training_samples: number | null
  files: Record<string, string>
}

const BIN = fileURLToPath(new URL('../../bin/run.js', import.meta.url))

// Runs every stage in turn (a failing stage ends the demo with its exit code) and sums the run up.
export async function runDemo(options: DemoOptions): Promise<DemoSummary> {
  const out = resolve(options.out)
  await mkdir(out, {recursive: true})
  const at = (name: string) => join(out, name)
  const step = (title: string) => options.reporter.info(`demo: == ${title}`)
  const run = async (args: string[]) => {
    // A quiet demo makes quiet stages: their warnings and errors still show.
    const argv = [BIN, ...args, ...(options.reporter.quiet ? ['-q'] : [])]
    const result = await execa(process.execPath, argv, {
      stdin: 'ignore',
      stdout: 'pipe',
      stderr: 'inherit',
      reject: false,
      env: {NODE_ENV: 'production'},
    })
    if (result.exitCode !== 0)
      throw new ExternalError(`demo: \`webgym ${args.join(' ')}\` exited ${result.exitCode}`, 'see its message above', {
        command: process.execPath,
        args: argv,
      })
    return String(result.stdout)
  }

  const pages = options.pages === undefined ? [] : ['--pages', resolve(options.pages)]
  step(
    `the fixture web's tasks${pages.length > 0 ? " and the saved pages' questions" : ''}, split by website into train and an out-of-distribution test set`,
  )
  await run(['sites', 'tasks', '--variants', '4', '--seed', String(options.seed), ...pages, '-o', at('tasks.ndjson')])
  await run([
    'split',
    at('tasks.ndjson'),
    '--train',
    at('train.ndjson'),
    '--test',
    at('test.ndjson'),
    '--test-size',
    String(options.testTasks),
    '--seed',
    String(options.seed),
  ])
  const train = spread(await readLines(at('train.ndjson')), options.trainTasks)
  const test = await readLines(at('test.ndjson'))
  await writeFile(at('rollout-tasks.ndjson'), [...train, ...test].map((line) => `${line}\n`).join(''))

  const policy = options.policyUrl && options.policyModel ? 'openai' : 'oracle'
  step(
    `rollout: ${train.length} train and ${test.length} test tasks in Chromium, policy ${policy === 'oracle' ? `oracle with noise ${options.noise}` : `openai (${options.policyModel})`}`,
  )
  const policyArgs =
    policy === 'openai'
      ? ['--policy', 'openai', '--base-url', options.policyUrl!, '--model', options.policyModel!]
      : ['--policy', 'oracle', '--oracle-noise', String(options.noise)]
  await run([
    'rollout',
    ...policyArgs,
    '--seed',
    String(options.seed),
    '--concurrency',
    String(options.concurrency),
    '--shots',
    at('shots'),
    ...pages,
    '-o',
    at('trajectories.ndjson'),
    at('rollout-tasks.ndjson'),
  ])

  const judge = options.judgeModel ? 'llm' : 'programmatic'
  step(
    `judge: ${judge === 'llm' ? `the LLM judge (${options.judgeModel})` : "programmatic, from the fixture web's checks"}`,
  )
  const judgeArgs =
    judge === 'llm'
      ? ['--model', options.judgeModel!, ...(options.policyUrl ? ['--base-url', options.policyUrl] : [])]
      : ['--judge', 'programmatic']
  await run(['judge', ...judgeArgs, '--shots', at('shots'), '-o', at('judged.ndjson'), at('trajectories.ndjson')])

  step('filter: the successful train trajectories, without steps that changed nothing')
  const testIds = new Set(test.map((line) => (JSON.parse(line) as {id: string}).id))
  const judged = (await readLines(at('judged.ndjson'))).map(
    (line) => JSON.parse(line) as {task: {id: string}; judgment: {reward: number}},
  )
  const trainJudged = judged.filter((record) => !testIds.has(record.task.id))
  await writeFile(at('judged-train.ndjson'), trainJudged.map((record) => `${JSON.stringify(record)}\n`).join(''))
  await run(['filter', '--success', '--drop-repeated-steps', at('judged-train.ndjson'), '-o', at('good.ndjson')])

  step('view: the HTML report')
  await run(['view', at('judged.ndjson'), '--shots', at('shots'), '-o', at('report')])

  let samples: number | null = null
  const kept = (await readLines(at('good.ndjson'))).length
  if (kept === 0) {
    options.reporter.info(
      'demo: no successful train trajectory to learn from: train --dry-run skipped (try a lower --noise or more --train-tasks)',
    )
  } else {
    step('train --dry-run: the LLaMA-Factory dataset and config, and the command a GPU machine would run')
    const record = JSON.parse(
      (
        await run([
          'train',
          '--dry-run',
          '--backend',
          'llamafactory',
          '--shots',
          at('shots'),
          '--out',
          at('train'),
          at('good.ndjson'),
        ])
      ).trim(),
    ) as {samples?: unknown}
    samples = typeof record.samples === 'number' ? record.samples : null
  }

  const rewarded = (records: typeof judged) => records.filter((record) => record.judgment.reward === 1).length
  const testJudged = judged.filter((record) => testIds.has(record.task.id))
  const summary: DemoSummary = {
    out,
    policy,
    judge,
    tasks: train.length + test.length,
    train: {rolled_out: trainJudged.length, rewarded: rewarded(trainJudged)},
    test: {rolled_out: testJudged.length, rewarded: rewarded(testJudged)},
    kept_for_training: kept,
    training_samples: samples,
    files: {
      tasks: at('tasks.ndjson'),
      trajectories: at('trajectories.ndjson'),
      judged: at('judged.ndjson'),
      kept: at('good.ndjson'),
      ...(samples === null ? {} : {training_data: at('train')}),
      report: join(at('report'), 'index.html'),
    },
  }
  const show = (path: string) => relative(process.cwd(), path) || '.'
  const rate = (part: {rolled_out: number; rewarded: number}) => `${part.rewarded}/${part.rolled_out}`
  options.reporter.info(
    `demo: done. Success on train ${rate(summary.train)}, on the held-out test websites ${rate(summary.test)}; ${summary.kept_for_training} trajectories kept for training${samples === null ? '' : ` (${samples} samples)`}.`,
  )
  options.reporter.info(
    `demo: trajectories ${show(summary.files.trajectories)}, judged ${show(summary.files.judged)}, ${samples === null ? '' : `training data ${show(at('train'))}, `}report ${show(summary.files.report)}`,
  )
  return summary
}

/** `count` lines spread evenly over the file (all of them when it has fewer). */
function spread(lines: string[], count: number): string[] {
  if (lines.length <= count) return lines
  return Array.from({length: count}, (_, i) => lines[Math.floor(((i + 0.5) * lines.length) / count)])
}

async function readLines(path: string): Promise<string[]> {
  const lines: string[] = []
  for await (const line of createInterface({input: createReadStream(path), crlfDelay: Infinity}))
    if (line.trim()) lines.push(line)
  return lines
}
