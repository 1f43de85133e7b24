// Where a bench's CPU goes: processes' CPU time from /proc (Linux), sampled while a run goes on, and V8 CPU profiles
// (`node --cpu-prof`) read by function, by module and by part. Shared by bench/scale.js and bench/rollout.js.
import {execFileSync} from 'node:child_process'
import {readdirSync, readFileSync} from 'node:fs'
import {basename} from 'node:path'

/** Clock ticks per second, for /proc/<pid>/stat's times. */
function clockTicks() {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100
  } catch {
    return 100
  }
}

/** Milliseconds of CPU in one clock tick of /proc's times. */
export const TICK_MS = 1000 / clockTicks()

/**
 * Every process's parent and CPU ticks from /proc: `ticks` is utime + stime + cutime + cstime (its own and that of
 * the children it has reaped), `self` utime + stime alone, `sys` stime.
 */
export function readProcTree() {
  const tree = new Map()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let stat
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue
    }
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const self = Number(fields[11]) + Number(fields[12])
    tree.set(Number(entry), {
      ppid: Number(fields[1]),
      self,
      ticks: self + Number(fields[13]) + Number(fields[14]),
      sys: Number(fields[12]),
      start: fields[19],
    })
  }
  return tree
}

/**
 * CPU ticks of a process and all its live descendants. A child that has exited and been reaped is in its parent's
 * cutime/cstime (Chromium's zygote reaps its renderers; Node reaps the Chromium it launched), so a sum over the tree
 * stays continuous when processes end.
 */
export function treeTicks(tree, pid) {
  const children = childrenOf(tree)
  let ticks = 0
  const stack = [pid]
  while (stack.length > 0) {
    const at = stack.pop()
    if (!tree.has(at)) continue
    ticks += tree.get(at).ticks
    stack.push(...(children.get(at) ?? []))
  }
  return ticks
}

/** Each pid's children in a tree from readProcTree. */
function childrenOf(tree) {
  const children = new Map()
  for (const [child, {ppid}] of tree) {
    if (!children.has(ppid)) children.set(ppid, [])
    children.get(ppid).push(child)
  }
  return children
}

// Chromium's --type values that are a kind of their own.
const CHROMIUM_TYPES = {renderer: 'renderer', 'gpu-process': 'gpu', zygote: 'zygote'}

// The kind each process had when last seen alive, by pid and start time (a pid can be reused).
const lastKinds = new Map()

/**
 * What a process of a Chromium browser is, from its command line: 'browser' (no --type), 'renderer', 'gpu', 'network'
 * (the network service), 'zygote', or 'other' (other utilities, the crash handler); null for one that has ended,
 * unseen before. Read at every sample: a process just forked reads as its parent until it has become what it was
 * forked for (a browser spawned by Node reads as Node until its exec, a zygote or renderer as the process that forked
 * it), so a first reading cannot be kept.
 */
function chromiumKind(pid, start) {
  let args = []
  try {
    // Chromium's forked processes rewrite their command line as one string with spaces.
    args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/)
  } catch {}
  // A process that has ended and is not yet reaped has no command line: it is what it was when last seen.
  if (args.join('') === '') {
    const last = lastKinds.get(pid)
    return last?.start === start ? last.kind : null
  }
  const flag = (name) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3)
  const type = flag('type')
  let kind = 'other'
  if (type === undefined) {
    if (/chrom|headless_shell/.test(basename(args[0])) && !/crashpad/.test(args[0])) kind = 'browser'
  } else if (type === 'utility') {
    if (/NetworkService/.test(flag('utility-sub-type') ?? '')) kind = 'network'
  } else if (Object.hasOwn(CHROMIUM_TYPES, type)) kind = CHROMIUM_TYPES[type]
  lastKinds.set(pid, {start, kind})
  return kind
}

/** The kinds of Chromium process that chromiumTicks splits a browser's CPU into. */
export const CHROMIUM_PARTS = ['browser process', 'renderers', 'GPU process', 'network service', 'other']

/**
 * CPU ticks of the Chromium browsers among `pid`'s children, with their processes, by kind (CHROMIUM_PARTS): each
 * process's own ticks go to its kind; what a zygote reaped (renderers that ended with their browser context) to the
 * renderers, what the browser process reaped to 'other'. Processes under `pid` that are not Chromium browsers (the
 * fixture web's process) are left out.
 */
export function chromiumTicks(tree, pid) {
  const children = childrenOf(tree)
  const parts = Object.fromEntries(CHROMIUM_PARTS.map((part) => [part, 0]))
  const partOf = {browser: 'browser process', renderer: 'renderers', gpu: 'GPU process', network: 'network service'}
  // Each process's command line read once in this sample.
  const kinds = new Map()
  const kindOf = (at) => {
    if (!kinds.has(at)) kinds.set(at, chromiumKind(at, tree.get(at)?.start))
    return kinds.get(at)
  }
  const stack = (children.get(pid) ?? []).filter((child) => kindOf(child) === 'browser')
  while (stack.length > 0) {
    const at = stack.pop()
    const {ppid, self, ticks} = tree.get(at)
    // One that ended before it was ever seen, or one just forked (it still reads as the zygote): a zygote's children
    // are nearly all renderers.
    const own = kindOf(at)
    const kind = own !== null && own !== 'zygote' ? own : kindOf(ppid) === 'zygote' ? 'renderer' : (own ?? 'other')
    parts[partOf[kind] ?? 'other'] += self
    parts[kind === 'zygote' ? 'renderers' : 'other'] += ticks - self
    stack.push(...(children.get(at) ?? []))
  }
  return parts
}

/** CPU ms of a group at time `at` (ms since the epoch), interpolated between the samples around it. */
export function cpuAt(samples, group, at) {
  const after = samples.findIndex((s) => s.at >= at)
  if (after === -1) return samples.at(-1).cpu[group] * TICK_MS
  if (after === 0) return samples[0].cpu[group] * TICK_MS
  const [a, b] = [samples[after - 1], samples[after]]
  return (a.cpu[group] + ((b.cpu[group] - a.cpu[group]) * (at - a.at)) / Math.max(1, b.at - a.at)) * TICK_MS
}

/**
 * Samples groups of processes every `intervalMs`: `groupsOf(tree)` gives each group's ticks from one /proc read.
 * `ownMs` is the CPU the sampling itself took in this process, for a group that counts this process.
 */
export function startCpuSampler(groupsOf, intervalMs = 100) {
  const samples = []
  let ownMs = 0
  const sample = () => {
    const before = process.cpuUsage()
    const tree = readProcTree()
    const cpu = groupsOf(tree)
    if (cpu) samples.push({at: Date.now(), cpu})
    const used = process.cpuUsage(before)
    ownMs += (used.user + used.system) / 1000
  }
  sample()
  const timer = setInterval(sample, intervalMs)
  return {
    samples,
    /** Takes a last sample (unless `final` is false: the process is gone) and stops. */
    stop(final = true) {
      clearInterval(timer)
      if (final) sample()
      return {samples, ownMs}
    },
  }
}

/** A profile URL as a short module name: the package in node_modules, the file under dist/, or node's own. */
export function moduleOf(url) {
  const path = url.replace(/^file:\/\//, '')
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path)
  if (inModules) return `${inModules[1]}/${inModules[2]}`
  const inDist = /\/dist\/(.*)$/.exec(path)
  if (inDist) return `dist/${inDist[1]}`
  return path
}

/** Each profile node's sampled ms (the time to the next sample is charged to a sample's node), and its parent. */
function sampledTimes(profile) {
  const ms = new Map()
  const {samples, timeDeltas} = profile
  for (let i = 0; i < samples.length; i++) {
    const next = timeDeltas[i + 1] ?? 0
    ms.set(samples[i], (ms.get(samples[i]) ?? 0) + next / 1000)
  }
  const parentOf = new Map()
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node)
  return {ms, parentOf}
}

// What V8 itself names, and where the rest goes: Node's own code and other packages with no frame of a part on the
// stack (module loading at start-up, fs and stream callbacks that start in Node's internals).
const V8_PARTS = {'(garbage collector)': 'garbage collector', '(program)': 'V8 native (program)'}
const NO_PART = 'Node and other packages (no part on the stack)'

/**
 * A profile's sampled time by part: each sample goes to the part of the first frame, from the leaf up, that
 * `partOf(url)` names (null: look further up), else to what V8 calls the leaf (garbage collector, native) or to
 * Node and other packages. Idle time is left out. Returns [part, ms] sorted by ms, and the total.
 */
export function profileParts(profile, partOf) {
  const {ms, parentOf} = sampledTimes(profile)
  const parts = new Map()
  let total = 0
  for (const node of profile.nodes) {
    const time = ms.get(node.id) ?? 0
    if (time === 0 || node.callFrame.functionName === '(idle)') continue
    total += time
    let part = null
    for (let at = node; at && part === null; at = parentOf.get(at.id))
      part = at.callFrame.url ? partOf(at.callFrame.url) : null
    // Own keys only: a frame named toString (or any other Object.prototype name) is not a V8 part.
    const name = node.callFrame.functionName
    if (part === null) part = Object.hasOwn(V8_PARTS, name) ? V8_PARTS[name] : NO_PART
    parts.set(part, (parts.get(part) ?? 0) + time)
  }
  return {parts: [...parts].sort((a, b) => b[1] - a[1]), total}
}

/**
 * Prints the top self time of a V8 CPU profile by function and by module, as shares of the sampled time and as the
 * same shares of the run's CPU per step (`run.orchestratorWhole`, from /proc). The profiler samples wall time on the main
 * thread, so a thread that is runnable but preempted (a loaded machine; a write that wakes the peer process) is
 * charged to what it was running: the shares are a guide, and the sampled total can be well above the CPU time.
 */
export function reportProfile(profile, file, run, log) {
  const {ms: dt, parentOf} = sampledTimes(profile)
  let total = 0
  const byFunction = new Map()
  const byModule = new Map()
  // Inclusive time by the nearest webgym function (dist/) on the stack: which of the rollout's calls the time is for.
  const byCaller = new Map()
  for (const node of profile.nodes) {
    const ms = dt.get(node.id) ?? 0
    if (ms === 0 || node.callFrame.functionName === '(idle)') continue
    let at = node
    while (at && !at.callFrame.url.includes('/dist/')) at = parentOf.get(at.id)
    const caller = at
      ? `${at.callFrame.functionName || '(anonymous)'} ${moduleOf(at.callFrame.url)}:${at.callFrame.lineNumber + 1}`
      : `(no webgym frame) ${node.callFrame.url ? moduleOf(node.callFrame.url) : node.callFrame.functionName}`
    byCaller.set(caller, (byCaller.get(caller) ?? 0) + ms)
  }
  for (const node of profile.nodes) {
    const ms = dt.get(node.id) ?? 0
    if (ms === 0) continue
    const {functionName, url, lineNumber} = node.callFrame
    if (functionName === '(idle)') continue
    total += ms
    const where = url ? `${moduleOf(url)}:${lineNumber + 1}` : ''
    const fn = `${functionName || '(anonymous)'} ${where}`.trim()
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms)
    const module = url ? moduleOf(url) : functionName
    byModule.set(module, (byModule.get(module) ?? 0) + ms)
  }
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(
        ([name, ms]) =>
          `    ${((100 * ms) / total).toFixed(1).padStart(5)}%  ~${((ms / total) * run.orchestratorWhole).toFixed(2).padStart(5)} ms CPU/step  ${name}`,
      )
      .join('\n')
  const cpuSeconds = (run.orchestratorWhole * run.steps) / 1000
  log(
    `profile ${basename(file)}: ${(total / 1000).toFixed(1)} s sampled (not idle) over the process's life, which took ${cpuSeconds.toFixed(1)} s of CPU (${run.orchestratorWhole.toFixed(2)} ms/step over ${run.steps} steps, start-up included); self time by module:\n${top(byModule, 15)}`,
  )
  log(`profile ${basename(file)}: self time by function:\n${top(byFunction, 25)}`)
  log(`profile ${basename(file)}: time by the nearest webgym function on the stack:\n${top(byCaller, 15)}`)
}
