// The cluster files in deploy/: every Kubernetes document is checked against the API's schemas (kubernetes-models)
// and for what the setup relies on; every Slurm script parses (bash -n), and runs against stand-ins for webgym,
// sbatch, srun, torchrun and vLLM, so the commands it builds, the files it writes and its exit code are the ones
// the comments promise.
import {chmodSync, existsSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {join} from 'node:path'
import {execa, type Result} from 'execa'
import {Deployment} from 'kubernetes-models/apps/v1/Deployment'
import {CronJob} from 'kubernetes-models/batch/v1/CronJob'
import {Job} from 'kubernetes-models/batch/v1/Job'
import {ConfigMap} from 'kubernetes-models/v1/ConfigMap'
import {PersistentVolumeClaim} from 'kubernetes-models/v1/PersistentVolumeClaim'
import {Service} from 'kubernetes-models/v1/Service'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {parseAllDocuments} from 'yaml'
import {root} from './helpers/cli.js'
import {waitFor} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'

const k8sDir = join(root, 'deploy', 'k8s')
const slurmDir = join(root, 'deploy', 'slurm')

// The API objects the manifests may hold, by apiVersion/kind; anything else is a mistake.
const MODELS: Record<string, new (data: any) => {validate(): void}> = {
  'apps/v1/Deployment': Deployment,
  'v1/Service': Service,
  'v1/ConfigMap': ConfigMap,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'batch/v1/Job': Job,
  'batch/v1/CronJob': CronJob,
}

interface Manifest {
  file: string
  doc: any
}

function readManifests(): Manifest[] {
  const manifests: Manifest[] = []
  for (const file of readdirSync(k8sDir).filter((name) => name.endsWith('.yaml') && name !== 'kustomization.yaml')) {
    for (const document of parseAllDocuments(readFileSync(join(k8sDir, file), 'utf8'))) {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.join('; ')}`)
      manifests.push({file, doc: document.toJS()})
    }
  }
  return manifests
}

function validate(doc: any): void {
  const Model = MODELS[`${doc.apiVersion}/${doc.kind}`]
  if (!Model) throw new Error(`unexpected ${doc.apiVersion} ${doc.kind}`)
  new Model(doc).validate()
}

function one(manifests: Manifest[], kind: string, name: string): any {
  const found = manifests.filter(({doc}) => doc.kind === kind && doc.metadata?.name === name)
  expect(found, `${kind} ${name}`).toHaveLength(1)
  return found[0]!.doc
}

/** The value after FLAG in a container's args. */
function flagValue(args: string[], flag: string): string | undefined {
  const at = args.indexOf(flag)
  return at < 0 ? undefined : args[at + 1]
}

function envValue(container: any, name: string): string | undefined {
  return container.env?.find((variable: any) => variable.name === name)?.value
}

describe('deploy/k8s', () => {
  const manifests = readManifests()

  it('holds only Kubernetes objects that pass the API schemas', () => {
    expect(manifests.length).toBeGreaterThanOrEqual(9)
    for (const {file, doc} of manifests) {
      expect(() => validate(doc), `${file}: ${doc.kind} ${doc.metadata?.name}`).not.toThrow()
    }
  })

  it('would catch a broken document: the schemas are really applied', () => {
    const browsers = one(manifests, 'Deployment', 'webgym-browsers')
    const copy = () => structuredClone(browsers)
    const wrongType = copy()
    wrongType.spec.replicas = 'eight'
    expect(() => validate(wrongType)).toThrow(/replicas must be integer/)
    const unnamed = copy()
    delete unnamed.spec.template.spec.containers[0].name
    expect(() => validate(unnamed)).toThrow(/containers\/0 must have required property name/)
    const cron = structuredClone(one(manifests, 'CronJob', 'webgym-nightly'))
    cron.spec.concurrencyPolicy = 'Never'
    expect(() => validate(cron)).toThrow(/concurrencyPolicy must be equal to one of the allowed values/)
    expect(() => validate({apiVersion: 'batch/v2', kind: 'Job'})).toThrow(/unexpected batch\/v2 Job/)
  })

  it('serves the browser fleet behind a headless Service whose name finds every ready pod', () => {
    const deployment = one(manifests, 'Deployment', 'webgym-browsers')
    const service = one(manifests, 'Service', 'webgym-browsers')
    expect(service.spec.clusterIP).toBe('None')
    expect(deployment.spec.replicas).toBe(8)
    expect(deployment.spec.template.metadata.labels).toMatchObject(service.spec.selector)
    const container = deployment.spec.template.spec.containers[0]
    expect(container.args.slice(0, 2)).toEqual(['browsers', 'serve'])
    expect(flagValue(container.args, '--host')).toBe('0.0.0.0')
    expect(flagValue(container.args, '--port')).toBe('9400')
    expect(flagValue(container.args, '--ws-path')).toBe('/webgym')
    expect(service.spec.ports).toEqual([expect.objectContaining({port: 9400})])
    expect(container.readinessProbe.tcpSocket).toBeDefined()
    expect(container.resources.requests).toMatchObject({cpu: expect.anything(), memory: expect.anything()})
    expect(container.resources.limits).toMatchObject({cpu: expect.anything(), memory: expect.anything()})
  })

  it('serves the policy with LoRA loading at run time, on one GPU a replica, ready when /health answers', () => {
    const deployment = one(manifests, 'Deployment', 'webgym-vllm')
    const container = deployment.spec.template.spec.containers[0]
    expect(container.image).toMatch(/^vllm\/vllm-openai:/)
    expect(container.resources.limits['nvidia.com/gpu']).toBe(1)
    expect(envValue(container, 'VLLM_ALLOW_RUNTIME_LORA_UPDATING')).toBe('True')
    const script = container.args.join('\n')
    for (const part of ['vllm serve', 'Qwen/Qwen3-VL-8B-Instruct', '--enable-lora', '--max-lora-rank', '--port 8000'])
      expect(script).toContain(part)
    expect(container.readinessProbe.httpGet).toEqual({path: '/health', port: 'http'})
    expect(container.ports).toEqual([{name: 'http', containerPort: 8000}])
    // One address for rollouts, and a headless name whose A records reach each replica for the reload.
    const service = one(manifests, 'Service', 'webgym-vllm')
    const replicas = one(manifests, 'Service', 'webgym-vllm-replicas')
    expect(replicas.spec.clusterIP).toBe('None')
    for (const each of [service, replicas])
      expect(deployment.spec.template.metadata.labels).toMatchObject(each.spec.selector)
  })

  it('runs the sharded rollout as an Indexed Job, each shard resuming its own file on the state volume', () => {
    const job = one(manifests, 'Job', 'webgym-rollout')
    expect(job.spec.completionMode).toBe('Indexed')
    expect(job.spec.completions).toBe(8)
    expect(job.spec.parallelism).toBe(8)
    expect(job.spec.backoffLimitPerIndex).toBeGreaterThan(0)
    const pod = job.spec.template.spec
    expect(pod.restartPolicy).toBe('Never')
    const container = pod.containers[0]
    expect(envValue(container, 'WEBGYM_SHARD_COUNT')).toBe(String(job.spec.completions))
    expect(container.args[0]).toBe('rollout')
    expect(flagValue(container.args, '--resume')).toBe('/state/traj.shard-$(JOB_COMPLETION_INDEX).ndjson')
    expect(flagValue(container.args, '--browser-ws')).toBe(
      'dns+ws://webgym-browsers.$(POD_NAMESPACE).svc.cluster.local:9400/webgym',
    )
    expect(flagValue(container.args, '--base-url')).toBe('http://webgym-vllm:8000/v1')
    // $(VAR) in args expands only variables the container has: the namespace comes from the downward API.
    expect(container.env.find((variable: any) => variable.name === 'POD_NAMESPACE').valueFrom.fieldRef.fieldPath).toBe(
      'metadata.namespace',
    )
    expect(container.volumeMounts).toContainEqual({name: 'state', mountPath: '/state'})
  })

  it('runs the nightly loop from a CronJob that never overlaps itself, with state on the shared volume', async () => {
    const cron = one(manifests, 'CronJob', 'webgym-nightly')
    expect(cron.spec.concurrencyPolicy).toBe('Forbid')
    expect(cron.spec.schedule.split(' ')).toHaveLength(5)
    const pod = cron.spec.jobTemplate.spec.template.spec
    const scriptVolume = pod.volumes.find((volume: any) => volume.configMap)
    const configMap = one(manifests, 'ConfigMap', scriptVolume.configMap.name)
    const mount = pod.containers[0].volumeMounts.find((each: any) => each.name === scriptVolume.name)
    expect(pod.containers[0].command).toEqual(['bash', `${mount.mountPath}/nightly.sh`])
    const script = configMap.data['nightly.sh']
    for (const stage of ['webgym rollout', 'webgym judge', 'webgym filter', 'webgym train', 'webgym policy reload'])
      expect(script).toContain(stage)
    const wd = workdir()
    const parsed = await execa('bash', ['-n', wd.write('nightly.sh', script)], {reject: false})
    expect(parsed.exitCode, parsed.stderr).toBe(0)
  })

  it('keeps state on one ReadWriteMany claim that every pod mounting state names', () => {
    const claim = one(manifests, 'PersistentVolumeClaim', 'webgym-state')
    expect(claim.spec.accessModes).toEqual(['ReadWriteMany'])
    const claimed = manifests.flatMap(({doc}) => {
      const pod = doc.spec?.template?.spec ?? doc.spec?.jobTemplate?.spec?.template?.spec
      return (pod?.volumes ?? [])
        .filter((volume: any) => volume.persistentVolumeClaim)
        .map((volume: any) => volume.persistentVolumeClaim.claimName)
    })
    expect(claimed.length).toBeGreaterThanOrEqual(3)
    expect(new Set(claimed)).toEqual(new Set(['webgym-state']))
  })

  it('lists every long-lived manifest in kustomization.yaml, and the one-shot rollout Job not', () => {
    const kustomization = parseAllDocuments(readFileSync(join(k8sDir, 'kustomization.yaml'), 'utf8'))[0]!.toJS()
    expect(kustomization.kind).toBe('Kustomization')
    for (const file of kustomization.resources) expect(existsSync(join(k8sDir, file)), file).toBe(true)
    const files = readdirSync(k8sDir).filter(
      (name) => name.endsWith('.yaml') && !['kustomization.yaml', 'rollout-job.yaml'].includes(name),
    )
    expect([...kustomization.resources].sort()).toEqual(files.sort())
  })
})

// --- Slurm -------------------------------------------------------------------------------------------------------

const slurmScripts = readdirSync(slurmDir).filter((name) => name.endsWith('.sbatch') || name.endsWith('.sh'))

/** The lines Slurm reads as options: the #SBATCH lines before the first command. */
function sbatchOptions(text: string): string[] {
  const lines = text.split('\n')
  const firstCommand = lines.findIndex((line) => line.trim() !== '' && !line.startsWith('#'))
  return lines.slice(0, firstCommand).filter((line) => line.startsWith('#SBATCH '))
}

// Variables a surrounding Slurm job, CI or the developer's shell could feed the scripts: left out of their environment.
const OUTSIDE =
  /^(SLURM_|SBATCH_|WEBGYM|OPENAI_|VLLM_|JOB_COMPLETION_INDEX$|ROLLOUT_|JUDGE_|TRAIN_|FILTER_|RELOAD_|GPUS_PER_NODE$|MASTER_)/

// What a stand-in records of its environment.
const RECORDED_ENV = [
  'WEBGYM_MODEL',
  'WEBGYM_STATE',
  'WEBGYM_RUN_DIR',
  'WEBGYM_SHARD_COUNT',
  'WEBGYM_JUDGE_INPUT',
  'WEBGYM_JUDGE_MODEL',
  'WEBGYM_TRAIN_INPUT',
  'WEBGYM_TRAIN_OUT',
  'VLLM_ALLOW_RUNTIME_LORA_UPDATING',
  'FORCE_TORCHRUN',
  'NNODES',
  'NODE_RANK',
  'NPROC_PER_NODE',
  'MASTER_ADDR',
  'MASTER_PORT',
]

interface Call {
  name: string
  argv: string[]
  env: Record<string, string>
}

/** A scratch directory with stand-in programs on PATH; each appends {name, argv, env} to calls.ndjson. */
function scratch() {
  const wd = workdir()
  const bin = wd.mkdir('bin')
  const log = wd.path('calls.ndjson')
  const env = (extra: Record<string, string> = {}): Record<string, string> => {
    const base: Record<string, string> = {}
    for (const [key, value] of Object.entries(process.env))
      if (value !== undefined && !OUTSIDE.test(key)) base[key] = value
    return {...base, PATH: `${bin}:${process.env.PATH}`, FAKE_LOG: log, WEBGYM_STATE: wd.path('state'), ...extra}
  }
  /** A program that records its call, prints `stdout` and exits `exitCode`; `body` runs before it exits. */
  const fake = (name: string, options: {stdout?: string; exitCode?: number; body?: string} = {}): string => {
    const path = join(bin, name)
    writeFileSync(
      path,
      `#!${process.execPath}
const fs = require('fs')
const env = {}
for (const key of ${JSON.stringify(RECORDED_ENV)}) if (process.env[key] !== undefined) env[key] = process.env[key]
fs.appendFileSync(process.env.FAKE_LOG, JSON.stringify({name: ${JSON.stringify(name)}, argv: process.argv.slice(2), env}) + '\\n')
${options.body ?? ''}
process.stdout.write(${JSON.stringify(options.stdout ?? '')})
process.exitCode = ${options.exitCode ?? 0}
`,
    )
    chmodSync(path, 0o755)
    return path
  }
  /** A bash program on PATH. */
  const script = (name: string, text: string): string => {
    const path = join(bin, name)
    writeFileSync(path, `#!/bin/bash\n${text}\n`)
    chmodSync(path, 0o755)
    return path
  }
  const calls = (name?: string): Call[] => {
    if (!existsSync(log)) return []
    const all = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Call)
    return name ? all.filter((call) => call.name === name) : all
  }
  const run = (file: string, args: string[], extra: Record<string, string> = {}): Promise<Result> =>
    execa('bash', [join(slurmDir, file), ...args], {
      cwd: wd.dir,
      env: env(extra),
      extendEnv: false,
      reject: false,
      timeout: 60_000,
    })
  return {wd, env, fake, script, calls, run}
}

function dumpRun(result: Result): string {
  return `exit ${result.exitCode}\nstdout: ${String(result.stdout)}\nstderr: ${String(result.stderr)}`
}

describe('deploy/slurm', () => {
  // A vLLM that answers /health, and a port where nothing listens: what the scripts see of live and lost replicas.
  let live: Server
  let liveUrl: string
  let deadUrl: string
  beforeAll(async () => {
    live = createServer((_request, response) => response.end('ok'))
    await new Promise<void>((resolve) => live.listen(0, '127.0.0.1', resolve))
    liveUrl = `http://127.0.0.1:${(live.address() as AddressInfo).port}/v1`
    const dead = createServer()
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve))
    deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}/v1`
    await new Promise((resolve) => dead.close(resolve))
  })
  afterAll(() => new Promise((resolve) => live.close(resolve)))

  it.each(slurmScripts)('%s is a strict bash script that parses', async (file) => {
    const text = readFileSync(join(slurmDir, file), 'utf8')
    expect(text.startsWith('#!/bin/bash\n')).toBe(true)
    expect(text).toMatch(/^set -euo pipefail$/m)
    const parsed = await execa('bash', ['-n', join(slurmDir, file)], {reject: false})
    expect(parsed.exitCode, parsed.stderr).toBe(0)
  })

  it('has the #SBATCH options each job needs, all before the first command (Slurm reads no further)', () => {
    const options = (file: string) => sbatchOptions(readFileSync(join(slurmDir, file), 'utf8')).join('\n')
    for (const file of slurmScripts.filter((name) => name.endsWith('.sbatch'))) {
      const text = readFileSync(join(slurmDir, file), 'utf8')
      expect(
        text.split('\n').filter((line) => line.startsWith('#SBATCH ')),
        file,
      ).toEqual(sbatchOptions(text))
      expect(options(file), file).toMatch(/^#SBATCH --job-name=webgym-/m)
    }
    for (const file of ['rollout.sbatch', 'judge.sbatch']) {
      expect(options(file), file).toMatch(/^#SBATCH --array=0-\d+(%\d+)?$/m)
      expect(options(file), file).toMatch(/^#SBATCH --requeue$/m)
      expect(options(file), file).toMatch(/^#SBATCH --output=\S*%A_%a\S*$/m)
      expect(options(file), file).toMatch(/^#SBATCH --cpus-per-task=\d+$/m)
    }
    expect(options('rollout.sbatch')).toMatch(/^#SBATCH --array=0-\d+%\d+$/m)
    expect(options('vllm.sbatch')).toMatch(/^#SBATCH --array=/m)
    expect(options('vllm.sbatch')).toMatch(/^#SBATCH --gres=gpu:\d+$/m)
    expect(options('train.sbatch')).toMatch(/^#SBATCH --nodes=\d+$/m)
    expect(options('train.sbatch')).toMatch(/^#SBATCH --gres=gpu:\d+$/m)
    expect(readFileSync(join(slurmDir, 'nightly.sh'), 'utf8')).toContain('--dependency="afterok:$prev"')
  })

  describe('rollout.sbatch', () => {
    it("runs its shard against every policy server, resumes its own file and exits with webgym's code", async () => {
      const s = scratch()
      const webgym = s.fake('webgym', {exitCode: 7})
      const result = await s.run('rollout.sbatch', [], {
        WEBGYM: webgym,
        SLURM_ARRAY_TASK_ID: '3',
        SLURM_ARRAY_TASK_COUNT: '16',
        SLURM_CPUS_PER_TASK: '8',
        WEBGYM_BASE_URLS: 'http://gpu1:8000/v1,http://gpu2:8000/v1',
      })
      expect(result.exitCode, dumpRun(result)).toBe(7)
      const [call] = s.calls('webgym')
      const state = s.wd.path('state')
      expect(call!.argv).toEqual([
        'rollout',
        '--shard',
        '3/16',
        '--base-url',
        'http://gpu1:8000/v1',
        '--base-url',
        'http://gpu2:8000/v1',
        '--concurrency',
        '16',
        '--browsers',
        '2',
        '--grace',
        '20',
        '--shots',
        `${state}/shots`,
        '--summary',
        `${state}/run/summary.shard-3.json`,
        '--resume',
        `${state}/run/traj.shard-3.ndjson`,
        `${state}/tasks.ndjson`,
      ])
      expect(call!.env.WEBGYM_MODEL).toBe('Qwen/Qwen3-VL-8B-Instruct')
    })

    it('keeps the shard count of the whole array when some of its tasks are submitted again', async () => {
      const s = scratch()
      const webgym = s.fake('webgym')
      // sbatch --array=3,7: Slurm says 2 tasks; the shards are still 16.
      const again = await s.run('rollout.sbatch', [], {
        WEBGYM: webgym,
        SLURM_ARRAY_TASK_ID: '7',
        SLURM_ARRAY_TASK_COUNT: '2',
        WEBGYM_SHARD_COUNT: '16',
        WEBGYM_BASE_URLS: 'none',
      })
      expect(again.exitCode, dumpRun(again)).toBe(0)
      expect(flagValue(s.calls('webgym')[0]!.argv, '--shard')).toBe('7/16')
      expect(s.calls('webgym')[0]!.argv).not.toContain('--base-url')
      const wrong = await s.run('rollout.sbatch', [], {
        WEBGYM: webgym,
        SLURM_ARRAY_TASK_ID: '7',
        SLURM_ARRAY_TASK_COUNT: '2',
        WEBGYM_BASE_URLS: 'none',
      })
      expect(wrong.exitCode).toBe(2)
      expect(wrong.stderr).toContain('array task 7 is not a shard of 2; set WEBGYM_SHARD_COUNT')
      expect(s.calls('webgym')).toHaveLength(1)
    })

    it('finds the replicas vllm.sbatch advertises, leaves out one that does not answer, and asks for the adapter once there is one', async () => {
      const s = scratch()
      const webgym = s.fake('webgym')
      s.wd.write('state/vllm/policy.100_0.url', `${liveUrl}\n`)
      s.wd.write('state/vllm/policy.100_1.url', `${deadUrl}\n`)
      s.wd.write('state/policy/adapter', '/state/iterations/x/train/checkpoints/checkpoint-9\n')
      const result = await s.run('rollout.sbatch', [], {
        WEBGYM: webgym,
        SLURM_ARRAY_TASK_ID: '0',
        SLURM_ARRAY_TASK_COUNT: '1',
      })
      expect(result.exitCode, dumpRun(result)).toBe(0)
      const [call] = s.calls('webgym')
      expect(call!.argv.filter((_, i) => call!.argv[i - 1] === '--base-url')).toEqual([liveUrl])
      expect(call!.env.WEBGYM_MODEL).toBe('webgym-latest')
    })

    it('gives up with one line when no policy server answers in POLICY_WAIT seconds', async () => {
      const s = scratch()
      const webgym = s.fake('webgym')
      s.wd.write('state/vllm/policy.100_1.url', `${deadUrl}\n`)
      const result = await s.run('rollout.sbatch', [], {
        WEBGYM: webgym,
        SLURM_ARRAY_TASK_ID: '0',
        SLURM_ARRAY_TASK_COUNT: '1',
        POLICY_WAIT: '0',
      })
      expect(result.exitCode).toBe(1)
      expect(result.stderr).toContain('no policy server answered in 0s')
      expect(s.calls('webgym')).toEqual([])
    })
  })

  it('judge.sbatch judges its shard on every judge replica that answers and resumes its own file', async () => {
    const s = scratch()
    const webgym = s.fake('webgym')
    s.wd.write('state/vllm/judge.200_0.url', `${liveUrl}\n`)
    s.wd.write('state/vllm/judge.200_1.url', `${deadUrl}\n`)
    const result = await s.run('judge.sbatch', [], {
      WEBGYM: webgym,
      SLURM_ARRAY_TASK_ID: '5',
      SLURM_ARRAY_TASK_COUNT: '8',
    })
    expect(result.exitCode, dumpRun(result)).toBe(0)
    const state = s.wd.path('state')
    const [call] = s.calls('webgym')
    expect(call!.argv).toEqual([
      'judge',
      '--shard',
      '5/8',
      '--base-url',
      liveUrl,
      '--shots',
      `${state}/shots`,
      '--allow-failures',
      '--resume',
      `${state}/run/judged.shard-5.ndjson`,
      `${state}/run/traj.ndjson`,
    ])
    expect(call!.env.WEBGYM_JUDGE_MODEL).toBe('Qwen/Qwen3-VL-32B-Instruct')
    const named = await s.run('judge.sbatch', [], {
      WEBGYM: webgym,
      SLURM_ARRAY_TASK_ID: '0',
      SLURM_ARRAY_TASK_COUNT: '8',
      JUDGE_BASE_URL: 'http://judge1:8000/v1,http://judge2:8000/v1',
      JUDGE_ARGS: '--judge programmatic',
    })
    expect(named.exitCode, dumpRun(named)).toBe(0)
    expect(s.calls('webgym')[1]!.argv.slice(3, 9)).toEqual([
      '--base-url',
      'http://judge1:8000/v1',
      '--base-url',
      'http://judge2:8000/v1',
      '--shots',
      `${state}/shots`,
    ])
    expect(s.calls('webgym')[1]!.argv).toContain('programmatic')
    expect(s.calls('webgym')[1]!.argv).not.toContain('--allow-failures')
  })

  describe('train.sbatch', () => {
    const record = (out: string) =>
      JSON.stringify({
        dry_run: true,
        backend: 'torch',
        command: [
          'accelerate',
          'launch',
          '--num_processes',
          '16',
          '/opt/webgym/trainer/train.py',
          '--config',
          `${out}/train_config.json`,
        ],
        env: {},
        out,
      }) + '\n'
    // srun runs its command once here, as on the first node.
    const srun = 'while [[ "$1" == --* ]]; do shift; done\nexec "$@"'
    const slurm = {
      SLURM_JOB_NODELIST: 'gpu[1-2]',
      SLURM_NNODES: '2',
      SLURM_JOB_ID: '555',
      SLURM_GPUS_ON_NODE: '8',
      SLURM_NODEID: '0',
    }

    it('writes the dataset once, starts one torchrun a node meeting at the first node, and names the last checkpoint', async () => {
      const s = scratch()
      const out = s.wd.path('state/train')
      const webgym = s.fake('webgym', {stdout: record(out)})
      s.script('scontrol', 'printf "gpu1\\ngpu2\\n"')
      s.script('srun', srun)
      s.fake('torchrun')
      s.wd.write('state/kept.ndjson', '{"judged": true}\n')
      for (const step of [20, 120, 100]) s.wd.mkdir('state/train/checkpoints', `checkpoint-${step}`)
      const result = await s.run('train.sbatch', [], {WEBGYM: webgym, ...slurm})
      expect(result.exitCode, dumpRun(result)).toBe(0)
      const [train] = s.calls('webgym')
      expect(train!.argv).toEqual([
        'train',
        '--dry-run',
        '--backend',
        'torch',
        '--shots',
        s.wd.path('state/shots'),
        '--out',
        out,
        '--nproc-per-node',
        '8',
        '--nnodes',
        '2',
        '--node-rank',
        '0',
        '--master-addr',
        'gpu1',
        '--master-port',
        '29500',
        s.wd.path('state/kept.ndjson'),
      ])
      expect(s.calls('torchrun')[0]!.argv).toEqual([
        '--nnodes',
        '2',
        '--nproc_per_node',
        '8',
        '--rdzv_id',
        '555',
        '--rdzv_backend',
        'c10d',
        '--rdzv_endpoint',
        'gpu1:29500',
        '/opt/webgym/trainer/train.py',
        '--config',
        `${out}/train_config.json`,
      ])
      expect(s.wd.read('state/train/checkpoint.path')).toBe(`${out}/checkpoints/checkpoint-120\n`)
    })

    it("runs llamafactory-cli with the layout LLaMA-Factory reads, and exits with the trainer's code", async () => {
      const s = scratch()
      const out = s.wd.path('state/train')
      const webgym = s.fake('webgym', {stdout: record(out)})
      s.script('scontrol', 'printf "gpu1\\ngpu2\\n"')
      s.script('srun', srun)
      s.fake('llamafactory-cli', {exitCode: 5})
      s.wd.write('state/kept.ndjson', '{"judged": true}\n')
      const result = await s.run('train.sbatch', [], {
        WEBGYM: webgym,
        WEBGYM_TRAIN_BACKEND: 'llamafactory',
        ...slurm,
        SLURM_NODEID: '1',
      })
      expect(result.exitCode, dumpRun(result)).toBe(5)
      const [call] = s.calls('llamafactory-cli')
      expect(call!.argv).toEqual(['train', `${out}/train.yaml`])
      expect(call!.env).toMatchObject({
        FORCE_TORCHRUN: '1',
        NNODES: '2',
        NODE_RANK: '1',
        NPROC_PER_NODE: '8',
        MASTER_ADDR: 'gpu1',
        MASTER_PORT: '29500',
      })
      expect(existsSync(join(out, 'checkpoint.path'))).toBe(false)
    })

    it('trains nothing, and succeeds, when nothing was kept', async () => {
      const s = scratch()
      const webgym = s.fake('webgym')
      s.wd.write('state/kept.ndjson', '')
      const result = await s.run('train.sbatch', [], {WEBGYM: webgym, ...slurm})
      expect(result.exitCode, dumpRun(result)).toBe(0)
      expect(result.stderr).toContain('nothing to learn from')
      expect(s.calls()).toEqual([])
    })
  })

  it('vllm.sbatch advertises its replica once /health answers, loads the last adapter, and withdraws on SIGTERM', async () => {
    const s = scratch()
    // A stand-in vLLM: answers /health on its --port, exits 3 on SIGTERM.
    s.fake('vllm', {
      body: `const port = Number(process.argv[process.argv.indexOf('--port') + 1])
require('http').createServer((q, r) => r.end('ok')).listen(port, '127.0.0.1')
process.on('SIGTERM', () => process.exit(3))
return`,
    })
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const port = (probe.address() as AddressInfo).port
    await new Promise((resolve) => probe.close(resolve))
    s.wd.write('state/policy/adapter', '/shared/it3/checkpoints/checkpoint-120\n')
    const child = execa('bash', [join(slurmDir, 'vllm.sbatch')], {
      cwd: s.wd.dir,
      env: s.env({SLURM_ARRAY_JOB_ID: '300', SLURM_ARRAY_TASK_ID: '1', VLLM_PORT: String(port), VLLM_HOST: 'gpu7'}),
      extendEnv: false,
      reject: false,
      timeout: 60_000,
    })
    const urlFile = s.wd.path('state/vllm/policy.300_1.url')
    await waitFor(() => existsSync(urlFile), 30_000, "the replica's url file")
    expect(readFileSync(urlFile, 'utf8')).toBe(`http://gpu7:${port}/v1\n`)
    const [call] = s.calls('vllm')
    expect(call!.argv.slice(0, 2)).toEqual(['serve', 'Qwen/Qwen3-VL-8B-Instruct'])
    for (const flag of ['--enable-lora', '--max-lora-rank']) expect(call!.argv).toContain(flag)
    expect(flagValue(call!.argv, '--lora-modules')).toBe('webgym-latest=/shared/it3/checkpoints/checkpoint-120')
    expect(call!.env.VLLM_ALLOW_RUNTIME_LORA_UPDATING).toBe('True')
    child.kill('SIGTERM')
    const result = await child
    expect(result.exitCode, dumpRun(result)).toBe(3)
    expect(existsSync(urlFile)).toBe(false)
  })

  describe('nightly.sh', () => {
    /** sbatch that records its call and answers job ids 101, 102, ...; squeue that prints SQUEUE_OUT. */
    function cluster(s: ReturnType<typeof scratch>) {
      s.fake('sbatch', {
        body: `const counter = process.env.FAKE_LOG + '.id'
const id = (fs.existsSync(counter) ? Number(fs.readFileSync(counter, 'utf8')) : 100) + 1
fs.writeFileSync(counter, String(id))
process.stdout.write(id + '\\n')
return`,
      })
      s.script('squeue', 'printf "%s" "${SQUEUE_OUT:-}"')
    }
    /** What a submission runs: the script's name, and the stage for nightly.sh's own. */
    const stageOf = (call: Call): string => {
      const at = call.argv.findIndex((arg) => /\/(\w+\.sbatch|nightly\.sh)$/.test(arg))
      const name = call.argv[at]!.split('/').pop()!
      return name === 'nightly.sh' ? `${name} ${call.argv[at + 1]}` : name
    }

    it('submits the night as a chain of jobs, each after the one before it succeeded', async () => {
      const s = scratch()
      cluster(s)
      const result = await s.run('nightly.sh', [], {ROLLOUT_SHARDS: '4', ROLLOUT_AT_ONCE: '2', JUDGE_SHARDS: '3'})
      expect(result.exitCode, dumpRun(result)).toBe(0)
      const calls = s.calls('sbatch')
      expect(calls.map(stageOf)).toEqual([
        'rollout.sbatch',
        'nightly.sh merge',
        'judge.sbatch',
        'nightly.sh filter',
        'train.sbatch',
        'nightly.sh reload',
      ])
      for (const [i, call] of calls.entries()) {
        expect(call.argv[0]).toBe('--parsable')
        if (i === 0) expect(call.argv.some((arg) => arg.startsWith('--dependency'))).toBe(false)
        else
          expect(call.argv).toEqual(
            expect.arrayContaining([`--dependency=afterok:${100 + i}`, '--kill-on-invalid-dep=yes']),
          )
      }
      const it0 = calls[0]!.env.WEBGYM_RUN_DIR!
      expect(it0).toMatch(new RegExp(`^${s.wd.path('state/iterations')}/\\d{8}T\\d{6}Z$`))
      expect(calls[0]!.argv).toContain('--array=0-3%2')
      expect(calls[0]!.env).toMatchObject({WEBGYM_SHARD_COUNT: '4', WEBGYM_STATE: s.wd.path('state')})
      expect(calls[1]!.argv.slice(-3)).toEqual(['merge', it0, '4'])
      expect(calls[2]!.argv).toContain('--array=0-2')
      expect(calls[2]!.env).toMatchObject({
        WEBGYM_SHARD_COUNT: '3',
        WEBGYM_JUDGE_INPUT: `${it0}/traj.ndjson`,
        WEBGYM_RUN_DIR: it0,
      })
      expect(calls[4]!.env).toMatchObject({WEBGYM_TRAIN_INPUT: `${it0}/kept.ndjson`, WEBGYM_TRAIN_OUT: `${it0}/train`})
      expect(s.wd.read('state/nightly.jobs')).toBe('101\n102\n103\n104\n105\n106\n')
    })

    it("submits nothing while last night's chain is queued, then resumes that night without the stages it finished", async () => {
      const s = scratch()
      cluster(s)
      expect((await s.run('nightly.sh', [])).exitCode).toBe(0)
      const it0 = s.calls('sbatch')[0]!.env.WEBGYM_RUN_DIR!
      const busy = await s.run('nightly.sh', [], {SQUEUE_OUT: '104\n'})
      expect(busy.exitCode).toBe(75)
      expect(busy.stderr).toContain('still queued or running')
      expect(s.calls('sbatch')).toHaveLength(6)
      // The chain failed after the merge: the next night goes on from the judge, in the same iteration.
      writeFileSync(join(it0, '.merge.done'), '')
      const resumed = await s.run('nightly.sh', [])
      expect(resumed.exitCode, dumpRun(resumed)).toBe(0)
      expect(resumed.stderr).toContain('(resumed)')
      const again = s.calls('sbatch').slice(6)
      expect(again.map(stageOf)).toEqual(['judge.sbatch', 'nightly.sh filter', 'train.sbatch', 'nightly.sh reload'])
      expect(again[0]!.argv.some((arg) => arg.startsWith('--dependency'))).toBe(false)
      expect(again[0]!.env.WEBGYM_RUN_DIR).toBe(it0)
      expect(s.wd.read(it0.slice(s.wd.dir.length + 1), '.attempts')).toBe('2\n')
    })

    it('merge joins the shards in shard order; reload loads the adapter into every replica that answers and records it', async () => {
      const s = scratch()
      const webgym = s.fake('webgym')
      const it0 = s.wd.mkdir('state/iterations/night')
      for (const i of [2, 0, 1]) s.wd.write(`state/iterations/night/traj.shard-${i}.ndjson`, `{"shard":${i}}\n`)
      const merged = await s.run('nightly.sh', ['merge', it0, '3'], {WEBGYM: webgym})
      expect(merged.exitCode, dumpRun(merged)).toBe(0)
      expect(s.wd.read('state/iterations/night/traj.ndjson')).toBe('{"shard":0}\n{"shard":1}\n{"shard":2}\n')
      expect(existsSync(join(it0, '.merge.done'))).toBe(true)

      s.wd.write('state/iterations/night/train/checkpoint.path', '/shared/night/checkpoints/checkpoint-7\n')
      s.wd.write('state/vllm/policy.300_0.url', `${liveUrl}\n`)
      s.wd.write('state/vllm/policy.300_1.url', `${deadUrl}\n`)
      const reloaded = await s.run('nightly.sh', ['reload', it0], {WEBGYM: webgym})
      expect(reloaded.exitCode, dumpRun(reloaded)).toBe(0)
      expect(s.calls('webgym').map((call) => call.argv)).toEqual([
        [
          'policy',
          'reload',
          '--base-url',
          liveUrl,
          '--adapter',
          '/shared/night/checkpoints/checkpoint-7',
          '--name',
          'webgym-latest',
        ],
      ])
      expect(s.wd.read('state/policy/adapter')).toBe('/shared/night/checkpoints/checkpoint-7\n')
      expect(existsSync(join(it0, '.done'))).toBe(true)
    })
  })
})
