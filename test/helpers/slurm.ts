// A real one-node Slurm cluster for tests: its own munged, slurmctld and slurmd, started as root without systemd, on
// loopback, with a generated configuration, state, spool, logs and MUNGE key in a fresh temporary directory, on free
// ports and its own MUNGE socket, so it collides with nothing else (not even a system Slurm that is running). CI
// installs Debian's Slurm with scripts/install-slurm.sh (Debian 12: slurm-wlm 22.05.8, munge 0.5.15).
//
//   const why = slurmUnavailable()                       // undefined, or why not: not root, not Linux, a binary missing
//   describe.skipIf(why !== undefined && !slurmRequired())(...)  // slurmAvailable() gives {available, version|reason}
//   const cluster = await startSlurmCluster()             // a few seconds; the node is IDLE when it resolves
//   const id = await cluster.sbatch(['--array=0-3', '-o', `${dir}/%A_%a.out`], '#!/bin/bash\necho $SLURM_ARRAY_TASK_ID')
//   const tasks = await cluster.waitForJob(id)            // SlurmJob[]: one per array task, each in a final state
//   await cluster.scancel(`${id}_2`)                      // one task of an array, or a whole job
//   await execa('sbatch', [...], {env: cluster.env})      // any child (the CLI under test) reaches this cluster
//   await cluster.stop()                                  // in afterAll: cancels jobs, kills daemons, removes the dir
//
// The cluster (see SlurmCluster for each member):
// - `env`: {SLURM_CONF}; pass it to every child that runs Slurm commands. Client commands find the controller, its
//   port and the MUNGE socket (AuthInfo=socket=...) through it. A child that inherits SLURM_* or SBATCH_* variables
//   from a surrounding Slurm job would also feed those to sbatch; the helper's own commands drop them.
// - The node is `nodeName` (the host's short name, which slurmctld insists on for SlurmctldHost), at 127.0.0.1,
//   with `cpus` CPUs: by default max(4, the real count), more than a 2-core machine has (SlurmdParameters=
//   config_overrides makes slurmd accept that), so 4 one-CPU array tasks run at once. SelectType=select/cons_tres
//   with CR_CPU; memory is not a consumable resource; one partition, "webgym", the default, no time limit.
// - Jobs run as root, with the submitting process's environment (sbatch's default --export=ALL) plus Slurm's own
//   variables, in sbatch's working directory: `sbatch` runs in `options.cwd`, else the cluster's directory, so
//   slurm-%j.out files land there unless -o/--output says otherwise. Avoid --export=NONE: for root it makes slurmd
//   collect a login environment with `su - root` first (several seconds per job).
// - No accounting database: `sacct` answers "Slurm accounting storage is disabled". Final states come from
//   `scontrol show job` (finished jobs stay in memory for MinJobAge = 1 day) and, should a record be gone, from the
//   job-completion log (JobCompType=jobcomp/filetxt, `<dir>/log/jobcomp.log`).
// - An array job's id (what sbatch prints) is its ArrayJobId; each task also has its own JobId, and the last task
//   takes over the array's id (e.g. array 5: tasks 0-2 are jobs 6-8, task 3 is job 5). Address tasks as `5_2`. Tasks
//   not yet started appear as one record with ArrayTaskId like "0-3" (or "2-3%4"), state PENDING.
// - Logs: `<dir>/log/slurmctld.log`, `slurmd.log`, the daemons' stderr (`munged.stderr`, `slurmctld.stderr`,
//   `slurmd.stderr`: config errors before a log opens) and `jobcomp.log`; `logs()` returns their tails, and errors
//   thrown by the helper include them. Harmless there: "mpi/pmix ... can not load PMIx library", "Could not open
//   ... state file" (a fresh StateSaveLocation), "xcpuinfo_hwloc_topo_load: failed", "Node configuration differs
//   from hardware" (the CPUs above), munged's "Unauthorized credential for client UID=0".
// - Timing (Slurm 22.05, 2 cores): start about 1-1.5 s; the first job waits until slurmctld's scheduler is up
//   (about 3 s after slurmctld starts), later ones start within about a second (batch_sched_delay=0); scancel
//   takes effect at once (SIGTERM, then SIGKILL after KillWait=2 s); stop() 0.5 s, up to about 8 s with running jobs.
// - Ports: slurmd listens on 127.0.0.1 only (CommunicationParameters=NoInAddrAny); slurmctld 22.05 still listens
//   on every address (its port is free and every request needs this cluster's MUNGE key). WEBGYM_KEEP_TEST_DIRS=1 keeps the directory after stop() (its path is printed).
// - If the test process exits without stop(), an exit hook still kills the daemons and the jobs' processes (and
//   removes the directory). stop() and that hook kill every process whose environment holds this cluster's
//   SLURM_CONF: slurmstepd, the jobs, and also any child a test started with `cluster.env` that is still running.
import {execFileSync, spawn, type ChildProcess} from 'node:child_process'
import {randomBytes} from 'node:crypto'
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import {createServer} from 'node:net'
import {hostname, tmpdir, totalmem, userInfo, cpus as osCpus} from 'node:os'
import {delimiter, join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {execa} from 'execa'

/** The binaries the cluster needs: the three daemons and the client commands the helper and tests run. */
const REQUIRED = ['munged', 'slurmctld', 'slurmd', 'sbatch', 'squeue', 'scancel', 'scontrol', 'sinfo'] as const

/** Job states after which a job does not change any more (scontrol's JobState). */
export const FINAL_STATES: ReadonlySet<string> = new Set([
  'COMPLETED',
  'FAILED',
  'CANCELLED',
  'TIMEOUT',
  'OUT_OF_MEMORY',
  'NODE_FAIL',
  'PREEMPTED',
  'BOOT_FAIL',
  'DEADLINE',
  'REVOKED',
  'SPECIAL_EXIT',
])

/** One job record, as `scontrol show job` (or the job-completion log) reports it. */
export interface SlurmJob {
  /** This record's own job id ("8"). */
  jobId: string
  /** The array's id (what sbatch printed), for an array task; undefined for a plain job. */
  arrayJobId?: string
  /** The task index ("2"), or for tasks not yet started their range ("0-3", "2-3%4"); undefined for a plain job. */
  arrayTaskId?: string
  /** JobState: PENDING, RUNNING, COMPLETING, COMPLETED, FAILED, CANCELLED, TIMEOUT... */
  state: string
  /** ExitCode as Slurm writes it, "status:signal" ("0:0", "1:0", "0:15"). */
  exitCode: string
  /** Why it is pending or how it ended (Reason=), e.g. "None", "Resources", "NonZeroExitCode". */
  reason: string
  /** Every KEY=VALUE of the record (values cut at the first space). */
  fields: Record<string, string>
}

/** One line of squeue: an array's pending tasks are one line with an id like "5_[2-3]". */
export interface SlurmQueueEntry {
  /** "%i": "12", "5_2", "5_[2-3]". */
  id: string
  /** "%T": PENDING, RUNNING, COMPLETING... */
  state: string
  /** "%r": the reason, e.g. "None", "Resources". */
  reason: string
}

export interface SlurmRunResult {
  stdout: string
  stderr: string
  exitCode: number
}

export interface SlurmCluster {
  /** The cluster's directory: slurm.conf, munge/, state/, spool/, log/, jobs/ (the scripts sbatch was given). */
  readonly dir: string
  /** The slurm.conf path (SLURM_CONF). */
  readonly conf: string
  /** The node's name: the host's short name. */
  readonly nodeName: string
  /** The CPUs the node offers (may exceed the real count). */
  readonly cpus: number
  /** Slurm's version, e.g. "22.05.8". */
  readonly version: string
  /** slurmctld's and slurmd's ports. */
  readonly ports: {slurmctld: number; slurmd: number}
  /** What a child process needs to reach this cluster: {SLURM_CONF}. Merge it into the child's environment. */
  readonly env: Readonly<Record<string, string>>
  /** Runs a Slurm client command (sinfo, scontrol, squeue...) against this cluster; never throws on a failed exit. */
  run(
    command: string,
    args: readonly string[],
    options?: {cwd?: string; input?: string; timeoutMs?: number},
  ): Promise<SlurmRunResult>
  /**
   * Submits SCRIPT (its text; "#!/bin/bash" is put first when it has no #! line) with `sbatch --parsable ARGS`, from
   * `options.cwd` (default: the cluster's directory); resolves to the job id ("12"; for an array, the ArrayJobId).
   * `options.env` is added to the job's environment. Throws with sbatch's stderr when it refuses.
   */
  sbatch(
    args: readonly string[],
    script: string,
    options?: {cwd?: string; env?: Record<string, string>},
  ): Promise<string>
  /** squeue's lines for JOBID ("12", "5", "5_2"), or for every job when none is given; [] once a job has left it. */
  squeue(jobId?: string): Promise<SlurmQueueEntry[]>
  /**
   * Every record of JOBID ("12", "5" for all of an array's tasks, "5_2" for one): from scontrol while Slurm keeps
   * it, else from the job-completion log; [] when Slurm knows no such job.
   */
  jobs(jobId: string): Promise<SlurmJob[]>
  /**
   * One state for JOBID: undefined when unknown; while any record is not final, the first such state in the order
   * RUNNING, COMPLETING, PENDING, other; once all are final, their common state, or "MIXED" when they differ (an
   * array with a cancelled task).
   */
  jobState(jobId: string): Promise<string | undefined>
  /**
   * Polls until every record of JOBID is in a final state (an array: every task started and ended) and resolves to
   * them, array tasks sorted by index; throws after TIMEOUTMS (default 60 s) with the records and the logs' tails.
   */
  waitForJob(jobId: string, timeoutMs?: number): Promise<SlurmJob[]>
  /** `scancel JOBID` ("12", "5" for a whole array, "5_2" for one task); throws when scancel fails. */
  scancel(jobId: string): Promise<void>
  /** The last lines of each daemon's log, for failure messages. */
  logs(lines?: number): string
  /** Cancels every job, stops slurmd, slurmctld and munged, kills what is left of the jobs, removes the directory. */
  stop(): Promise<void>
}

export interface SlurmClusterOptions {
  /** CPUs the node offers; default max(4, the real count). */
  cpus?: number
  /** How long to wait for the node to come up IDLE; default 30 s. */
  startTimeoutMs?: number
}

/** Where BIN is: PATH first, then the sbin directories a non-login PATH often lacks. */
export function slurmBinary(bin: string): string | undefined {
  const dirs = [
    ...(process.env.PATH ?? '').split(delimiter).filter(Boolean),
    '/usr/sbin',
    '/usr/bin',
    '/sbin',
    '/usr/local/sbin',
    '/usr/local/bin',
  ]
  for (const dir of dirs) {
    const path = join(dir, bin)
    if (existsSync(path)) return path
  }
  return undefined
}

/** Why a Slurm cluster cannot be started here, or undefined when it can (Linux, root, every binary present). */
export function slurmUnavailable(): string | undefined {
  if (process.platform !== 'linux') return `Slurm tests need Linux (this is ${process.platform})`
  if (process.getuid?.() !== 0)
    return 'Slurm tests need root (munged, slurmctld and slurmd run as root with SlurmUser=root)'
  const missing = REQUIRED.filter((bin) => !slurmBinary(bin))
  if (missing.length > 0) return `Slurm is not installed (${missing.join(', ')} missing): run scripts/install-slurm.sh`
  return undefined
}

/** {available: true, version} or {available: false, reason}, for `describe.skipIf` and its message. */
export function slurmAvailable(): {available: true; version: string} | {available: false; reason: string} {
  const reason = slurmUnavailable()
  if (reason) return {available: false, reason}
  return {available: true, version: slurmVersion()}
}

/** Slurm's version ("22.05.8"), from `slurmctld -V` ("slurm-wlm 22.05.8" on Debian). */
export function slurmVersion(): string {
  const out = execFileSync(slurmBinary('slurmctld') ?? 'slurmctld', ['-V'], {encoding: 'utf8', timeout: 10_000})
  const match = /(\d+\.\d+\.\d+)/.exec(out)
  if (!match) throw new Error(`cannot read Slurm's version from "slurmctld -V": ${out.trim()}`)
  return match[1]
}

/** True when the slurm test must run rather than skip: CI is set, or WEBGYM_REQUIRE_SLURM=1. */
export function slurmRequired(): boolean {
  return Boolean(process.env.CI) || process.env.WEBGYM_REQUIRE_SLURM === '1'
}

function versionAtLeast(version: string, major: number, minor: number): boolean {
  const [a, b] = version.split('.').map(Number)
  return a > major || (a === major && b >= minor)
}

/** The environment without SLURM_* and SBATCH_* (a surrounding job's), plus EXTRA. */
function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(SLURM_|SBATCH_|SQUEUE_|SCANCEL_|SINFO_|SACCT_|SRUN_|SALLOC_)/.test(key))
      env[key] = value
  }
  return {...env, ...extra}
}

/** A TCP port nothing listens on now (on any address: slurmctld binds 0.0.0.0). */
async function freePort(avoid: ReadonlySet<number>): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer()
      server.once('error', reject)
      server.listen(0, '0.0.0.0', () => {
        const address = server.address()
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
      })
    })
    if (port > 0 && !avoid.has(port)) return port
  }
}

/** KEY=VALUE pairs of one `scontrol -o` / jobcomp line (a value ends at the next space). */
function parseFields(line: string): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const match of line.matchAll(/(?:^|\s)([A-Za-z][\w:/]*)=(\S*)/g)) {
    if (!(match[1] in fields)) fields[match[1]] = match[2]
  }
  return fields
}

function toJob(fields: Record<string, string>): SlurmJob {
  const arrayTaskId = fields.ArrayTaskId && fields.ArrayTaskId !== 'N/A' ? fields.ArrayTaskId : undefined
  return {
    jobId: fields.JobId,
    arrayJobId: arrayTaskId === undefined ? undefined : fields.ArrayJobId,
    arrayTaskId,
    state: fields.JobState ?? 'UNKNOWN',
    exitCode: fields.ExitCode ?? '',
    reason: fields.Reason ?? '',
    fields,
  }
}

function sortJobs(jobs: SlurmJob[]): SlurmJob[] {
  const key = (job: SlurmJob) =>
    job.arrayTaskId === undefined ? Number(job.jobId) : Number.parseInt(job.arrayTaskId, 10)
  return jobs.sort((a, b) => key(a) - key(b))
}

function tail(path: string, lines: number): string {
  if (!existsSync(path)) return '(none)'
  return readFileSync(path, 'utf8').split('\n').filter(Boolean).slice(-lines).join('\n')
}

/** PIDs of processes whose environment holds one of MARKERS ("KEY=VALUE" exactly), other than this one. */
function processesWith(markers: readonly string[]): number[] {
  const pids: number[] = []
  let entries: string[] = []
  try {
    entries = readdirSync('/proc')
  } catch {
    return pids
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0')
      if (markers.some((marker) => environ.includes(marker))) pids.push(Number(entry))
    } catch {
      // gone, or a kernel thread
    }
  }
  return pids
}

function alive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null
}

async function stopChild(child: ChildProcess | undefined, graceMs: number): Promise<void> {
  if (!child || !alive(child)) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const done = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)])
  if (!done && alive(child)) {
    child.kill('SIGKILL')
    await Promise.race([exited, sleep(2000)])
  }
}

/** Starts munged, slurmctld and slurmd in a fresh temporary directory and resolves once the node is IDLE. */
export async function startSlurmCluster(options: SlurmClusterOptions = {}): Promise<SlurmCluster> {
  const why = slurmUnavailable()
  if (why) throw new Error(why)
  let lastError: unknown
  // A port picked free can be taken before slurmctld binds it: start again on fresh ports (and a fresh directory).
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      return await startOnce(options)
    } catch (error) {
      lastError = error
      if (!(error instanceof PortInUseError)) throw error
    }
  }
  throw lastError
}

class PortInUseError extends Error {}

async function startOnce(options: SlurmClusterOptions): Promise<SlurmCluster> {
  const version = slurmVersion()
  const nodeName = hostname().split('.')[0]
  const cpus = options.cpus ?? Math.max(4, osCpus().length)
  const memoryMb = Math.max(1, Math.floor(totalmem() / 1024 / 1024))
  const slurmctldPort = await freePort(new Set())
  const slurmdPort = await freePort(new Set([slurmctldPort]))

  const dir = mkdtempSync(join(tmpdir(), 'webgym-slurm-'))
  // munged wants its socket's directory, and every one above it, searchable by all and writable only by root.
  chmodSync(dir, 0o755)
  for (const sub of ['munge', 'state', 'spool', 'log', 'jobs']) mkdirSync(join(dir, sub), {mode: 0o755})
  const conf = join(dir, 'slurm.conf')
  const mungeSocket = join(dir, 'munge', 'munge.socket')
  const mungeKey = join(dir, 'munge', 'munge.key')
  writeFileSync(mungeKey, randomBytes(1024), {mode: 0o400})
  const log = (name: string) => join(dir, 'log', name)

  writeFileSync(
    conf,
    [
      '# Generated by test/helpers/slurm.ts: a one-node cluster on loopback, everything inside this directory.',
      `ClusterName=webgym${randomBytes(3).toString('hex')}`,
      `SlurmctldHost=${nodeName}(127.0.0.1)`,
      `SlurmctldPort=${slurmctldPort}`,
      `SlurmdPort=${slurmdPort}`,
      'SlurmUser=root',
      'SlurmdUser=root',
      'AuthType=auth/munge',
      'CredType=cred/munge',
      `AuthInfo=socket=${mungeSocket}`,
      // slurmd binds the node's address (127.0.0.1) instead of every interface.
      'CommunicationParameters=NoInAddrAny',
      `StateSaveLocation=${join(dir, 'state')}`,
      `SlurmdSpoolDir=${join(dir, 'spool')}`,
      `SlurmctldPidFile=${join(dir, 'slurmctld.pid')}`,
      `SlurmdPidFile=${join(dir, 'slurmd.pid')}`,
      `SlurmctldLogFile=${log('slurmctld.log')}`,
      `SlurmdLogFile=${log('slurmd.log')}`,
      'SlurmctldDebug=info',
      'SlurmdDebug=info',
      `PlugStackConfig=${join(dir, 'plugstack.conf')}`,
      // No cgroups, no systemd: processes are tracked by parent pid, tasks are not bound, nothing is sampled.
      'ProctrackType=proctrack/linuxproc',
      'TaskPlugin=task/none',
      'JobAcctGatherType=jobacct_gather/none',
      'AccountingStorageType=accounting_storage/none',
      'JobCompType=jobcomp/filetxt',
      `JobCompLoc=${log('jobcomp.log')}`,
      'MpiDefault=none',
      'MailProg=/bin/true',
      'SchedulerType=sched/builtin',
      'SchedulerParameters=batch_sched_delay=0',
      'SelectType=select/cons_tres',
      'SelectTypeParameters=CR_CPU',
      // The node's CPUs/RealMemory below win over what slurmd detects (it may offer more CPUs than the machine has).
      'SlurmdParameters=config_overrides',
      'ReturnToService=2',
      // Finished jobs stay in slurmctld's memory (and so in `scontrol show job`) for a day.
      'MinJobAge=86400',
      'KillWait=2',
      'InactiveLimit=0',
      'Waittime=0',
      `NodeName=${nodeName} NodeHostname=${nodeName} NodeAddr=127.0.0.1 CPUs=${cpus} RealMemory=${memoryMb} State=UNKNOWN`,
      `PartitionName=webgym Nodes=${nodeName} Default=YES MaxTime=INFINITE State=UP`,
      '',
    ].join('\n'),
  )
  writeFileSync(join(dir, 'plugstack.conf'), '')
  // Slurm 23.02 and later read cgroup.conf (beside slurm.conf) and may load a cgroup plugin even with the plugins
  // above; "disabled" only exists from then on (22.05 rejects it, and needs no cgroup.conf here).
  if (versionAtLeast(version, 23, 2)) writeFileSync(join(dir, 'cgroup.conf'), 'CgroupPlugin=disabled\n')

  const env = {SLURM_CONF: conf}
  const daemonEnv = cleanEnv({SLURM_CONF: conf, WEBGYM_SLURM_CLUSTER: dir})
  const children: Record<'munged' | 'slurmctld' | 'slurmd', ChildProcess | undefined> = {
    munged: undefined,
    slurmctld: undefined,
    slurmd: undefined,
  }
  const markers = [`SLURM_CONF=${conf}`, `WEBGYM_SLURM_CLUSTER=${dir}`]
  let stopped = false

  const spawnDaemon = (name: keyof typeof children, args: string[]): ChildProcess => {
    const out = openSync(log(`${name}.stderr`), 'a')
    const child = spawn(slurmBinary(name) ?? name, args, {cwd: dir, env: daemonEnv, stdio: ['ignore', out, out]})
    closeSync(out)
    child.on('error', () => {}) // a failed spawn shows up as the daemon not coming up, with its log
    children[name] = child
    return child
  }

  const logs = (lines = 25): string =>
    ['munged.stderr', 'slurmctld.stderr', 'slurmctld.log', 'slurmd.stderr', 'slurmd.log']
      .map((name) => `--- ${log(name)} (last ${lines} lines)\n${tail(log(name), lines)}`)
      .join('\n')

  const killSync = () => {
    for (const child of Object.values(children)) if (child && alive(child)) child.kill('SIGKILL')
    for (const pid of processesWith(markers)) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
  }
  const onExit = () => {
    killSync()
    if (process.env.WEBGYM_KEEP_TEST_DIRS !== '1') rmSync(dir, {recursive: true, force: true})
  }
  process.once('exit', onExit)

  const run = async (
    command: string,
    args: readonly string[],
    runOptions: {cwd?: string; input?: string; timeoutMs?: number; env?: Record<string, string>} = {},
  ): Promise<SlurmRunResult> => {
    const result = await execa(slurmBinary(command) ?? command, args, {
      cwd: runOptions.cwd ?? dir,
      env: cleanEnv({...env, ...runOptions.env}),
      extendEnv: false,
      reject: false,
      input: runOptions.input ?? '',
      encoding: 'utf8',
      timeout: runOptions.timeoutMs ?? 30_000,
      killSignal: 'SIGKILL',
    })
    return {stdout: String(result.stdout ?? ''), stderr: String(result.stderr ?? ''), exitCode: result.exitCode ?? -1}
  }

  const stop = async (): Promise<void> => {
    if (stopped) return
    stopped = true
    try {
      if (children.slurmctld && alive(children.slurmctld)) {
        await run('scancel', ['--quiet', `--user=${userInfo().username}`], {timeoutMs: 10_000})
        // Cancelled jobs leave after SIGTERM, KillWait (2 s) and SIGKILL; don't wait for more than that.
        const deadline = Date.now() + 6000
        while (Date.now() < deadline) {
          const queue = await run('squeue', ['-h', '-o', '%i'], {timeoutMs: 5000})
          if (queue.exitCode !== 0 || queue.stdout.trim() === '') break
          await sleep(200)
        }
      }
      await stopChild(children.slurmd, 5000)
      await stopChild(children.slurmctld, 5000)
      // slurmstepd and the jobs' processes outlive slurmd: whatever still carries this cluster's SLURM_CONF goes.
      for (const pid of processesWith(markers)) {
        try {
          process.kill(pid, 'SIGKILL')
        } catch {
          // already gone
        }
      }
      await stopChild(children.munged, 5000)
    } finally {
      killSync()
      process.removeListener('exit', onExit)
      if (process.env.WEBGYM_KEEP_TEST_DIRS === '1') {
        console.log(`slurm cluster kept: ${dir}`)
      } else {
        rmSync(dir, {recursive: true, force: true})
      }
    }
  }

  const fail = async (message: string): Promise<never> => {
    const text = `${message}\n${logs()}`
    const inUse = /Address already in use/i.test(text)
    await stop()
    throw inUse ? new PortInUseError(text) : new Error(text)
  }

  try {
    // munged: foreground, its own key, socket, pid and seed files; --force lets it run under a TMPDIR whose parents
    // it would otherwise call insecure (it still refuses a key others can read).
    spawnDaemon('munged', [
      '--foreground',
      '--force',
      `--socket=${mungeSocket}`,
      `--key-file=${mungeKey}`,
      `--pid-file=${join(dir, 'munge', 'munged.pid')}`,
      `--seed-file=${join(dir, 'munge', 'munged.seed')}`,
    ])
    const mungeDeadline = Date.now() + 10_000
    while (!existsSync(mungeSocket)) {
      if (!alive(children.munged!)) return await fail('munged exited at start')
      if (Date.now() > mungeDeadline) return await fail('munged did not create its socket within 10 s')
      await sleep(50)
    }

    spawnDaemon('slurmctld', ['-D', '-f', conf])
    // -N: the node's name is given, not guessed from the hostname.
    spawnDaemon('slurmd', ['-D', '-f', conf, '-N', nodeName])

    const startTimeoutMs = options.startTimeoutMs ?? 30_000
    const deadline = Date.now() + startTimeoutMs
    let resumed = false
    let state = ''
    for (;;) {
      for (const name of ['slurmctld', 'slurmd'] as const) {
        if (!alive(children[name]!))
          return await fail(`${name} exited at start (${children[name]!.exitCode ?? children[name]!.signalCode})`)
      }
      const shown = await run('scontrol', ['show', 'node', nodeName, '-o'], {timeoutMs: 10_000})
      state = shown.exitCode === 0 ? (parseFields(shown.stdout).State ?? '') : ''
      // IDLE with no DOWN/DRAIN/NOT_RESPONDING flags: slurmd has registered and the node takes jobs.
      if (/^IDLE(\+|$)/.test(state) && !/DOWN|DRAIN|NOT_RESPONDING|NO_RESPOND|INVALID/.test(state)) break
      // ReturnToService=2 brings a registering node back by itself; a node left DOWN or DRAIN gets one resume.
      if (!resumed && /DOWN|DRAIN/.test(state) && !/^UNKNOWN/.test(state)) {
        resumed = true
        await run('scontrol', ['update', `nodename=${nodeName}`, 'state=resume'], {timeoutMs: 10_000})
      }
      if (Date.now() > deadline)
        return await fail(`node ${nodeName} not IDLE within ${startTimeoutMs} ms (state: ${state || 'unknown'})`)
      await sleep(200)
    }
  } catch (error) {
    if (!stopped) await stop()
    throw error
  }

  let scripts = 0
  const jobs = async (jobId: string): Promise<SlurmJob[]> => {
    const shown = await run('scontrol', ['show', 'job', '-o', jobId])
    if (shown.exitCode === 0) {
      return sortJobs(
        shown.stdout
          .split('\n')
          .filter((line) => line.includes('JobId='))
          .map((line) => toJob(parseFields(line))),
      )
    }
    if (!/Invalid job id/i.test(shown.stderr))
      throw new Error(`scontrol show job ${jobId} failed (exit ${shown.exitCode}): ${shown.stderr.trim()}`)
    // Purged from memory: the job-completion log has one line per finished job (or array task).
    const path = log('jobcomp.log')
    if (!existsSync(path)) return []
    const [arrayId, taskId] = jobId.split('_')
    const records = readFileSync(path, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map(parseFields)
      .filter((fields) =>
        taskId === undefined
          ? fields.JobId === arrayId || fields.ArrayJobId === arrayId
          : fields.ArrayJobId === arrayId && fields.ArrayTaskId === taskId,
      )
    return sortJobs(records.map(toJob))
  }

  const jobState = async (jobId: string): Promise<string | undefined> => {
    const records = await jobs(jobId)
    if (records.length === 0) return undefined
    const live = records.map((job) => job.state).filter((state) => !FINAL_STATES.has(state))
    if (live.length > 0) return ['RUNNING', 'COMPLETING', 'PENDING'].find((state) => live.includes(state)) ?? live[0]
    const states = new Set(records.map((job) => job.state))
    return states.size === 1 ? records[0].state : 'MIXED'
  }

  const cluster: SlurmCluster = {
    dir,
    conf,
    nodeName,
    cpus,
    version,
    ports: {slurmctld: slurmctldPort, slurmd: slurmdPort},
    env,
    run: (command, args, runOptions) => run(command, args, runOptions),
    async sbatch(args, script, sbatchOptions = {}) {
      const path = join(dir, 'jobs', `job-${++scripts}.sh`)
      writeFileSync(path, script.startsWith('#!') ? script : `#!/bin/bash\n${script}`, {mode: 0o755})
      const result = await run('sbatch', ['--parsable', ...args, path], {
        cwd: sbatchOptions.cwd,
        env: sbatchOptions.env,
      })
      const id = result.stdout.trim().split(';')[0]
      if (result.exitCode !== 0 || !/^\d+$/.test(id)) {
        throw new Error(
          `sbatch ${args.join(' ')} failed (exit ${result.exitCode}): ${result.stderr.trim() || result.stdout.trim()}`,
        )
      }
      return id
    },
    async squeue(jobId) {
      const result = await run('squeue', ['-h', '-o', '%i|%T|%r', ...(jobId === undefined ? [] : ['-j', jobId])])
      if (result.exitCode !== 0) {
        // squeue -j on a job slurmctld has forgotten says "Invalid job id specified": it is not in the queue.
        if (/Invalid job id/i.test(result.stderr)) return []
        throw new Error(`squeue failed (exit ${result.exitCode}): ${result.stderr.trim()}`)
      }
      return result.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [id, state, reason] = line.split('|')
          return {id, state, reason}
        })
    },
    jobs,
    jobState,
    async waitForJob(jobId, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs
      let records: SlurmJob[] = []
      for (;;) {
        records = await jobs(jobId)
        if (records.length > 0 && records.every((job) => FINAL_STATES.has(job.state))) return records
        if (Date.now() > deadline) {
          const states = records.map(
            (job) =>
              `${job.arrayTaskId === undefined ? job.jobId : `${job.arrayJobId}_${job.arrayTaskId}`}=${job.state}(${job.reason})`,
          )
          throw new Error(
            `job ${jobId} not finished within ${timeoutMs} ms: ${states.join(' ') || 'no record'}\n${logs()}`,
          )
        }
        await sleep(250)
      }
    },
    async scancel(jobId) {
      const result = await run('scancel', [jobId])
      if (result.exitCode !== 0)
        throw new Error(`scancel ${jobId} failed (exit ${result.exitCode}): ${result.stderr.trim()}`)
    },
    logs,
    stop,
  }
  return cluster
}
