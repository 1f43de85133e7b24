// bench/chaos: the failure experiments of the project's fault and security probe, end to end with the built CLI, real
// Chromium, the fixture web, a local model stand-in and real signals, printed as one table. For each case: records
// in, records out at the end (after the resume or rerun a user would do), records lost, duplicated, torn (a line that
// is not whole JSON, or a file not ending at a line break), failures nobody named (an exit that is not 0 without one
// clear `webgym:` line, or an "internal error"), and egress leaks (connections a hostile page got to this machine).
// Target: 0 in the last five columns. Cases that need root (a tmpfs for a full disk) skip with the reason.
//
//   npm run chaos            (after a build: node bench/chaos.js)
import {execFileSync, spawn} from 'node:child_process'
import {createServer} from 'node:http'
import {createServer as createTcpServer} from 'node:net'
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {mkdtemp, rm} from 'node:fs/promises'
import {hostname, tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {gunzipSync} from 'node:zlib'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const bin = join(root, 'bin', 'run.js')

function run(args, {input = '', cwd, signalAfter, tmp} = {}) {
  // TMPDIR: Chromium's profile folders land there, so a case can find its own browsers by their command line.
  const child = spawn(process.execPath, [bin, ...args], {
    cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: {...process.env, ...(tmp ? {TMPDIR: tmp} : {})},
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  child.stdin.end(input)
  if (signalAfter) void signalAfter(child)
  return new Promise((resolve) =>
    child.on('close', (code, signal) => resolve({code: code ?? (signal === 'SIGKILL' ? 137 : 1), stdout, stderr})),
  )
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
async function until(condition, ms) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (condition()) return true
    await sleep(200)
  }
  return false
}

/** The lines of an NDJSON file (gzip read up to a cut), and how many are torn. */
function readLines(path) {
  if (!existsSync(path)) return {records: [], torn: 0}
  let text = readFileSync(path)
  if (text[0] === 0x1f && text[1] === 0x8b) text = gunzipSync(text, {finishFlush: 2})
  text = text.toString('utf8')
  const records = []
  let torn = text.length > 0 && !text.endsWith('\n') ? 1 : 0
  for (const line of text.split('\n').filter((line) => line.trim())) {
    try {
      records.push(JSON.parse(line))
    } catch {
      torn++
    }
  }
  return {records, torn}
}

/** Named: exit 0, or every stderr line a `webgym:` line and none an internal error. */
function unnamed(result) {
  if (result.code === 0) return 0
  const lines = result.stderr.trim().split('\n').filter(Boolean)
  return lines.length === 0 ||
    /internal error/.test(result.stderr) ||
    !lines.every((line) => line.startsWith('webgym:') || line.startsWith('  '))
    ? 1
    : 0
}

function account(name, ids, path, results, extra = {}) {
  const {records, torn} = readLines(path)
  // Records a batch command could not do are listed, with their reason, in its --failed file: named, not lost.
  const failed = new Set(extra.failedPath ? readLines(extra.failedPath).records.map((record) => record.id) : [])
  const counts = new Map()
  for (const record of records) {
    // A trajectory counts for its task (and attempt), a task for itself.
    const id = record.task ? record.task.id : record.id
    counts.set(id, (counts.get(id) ?? 0) + 1)
  }
  return {
    name,
    in: ids.length,
    out: records.length,
    lost: ids.filter((id) => !counts.has(id) && !failed.has(id)).length,
    duplicated: [...counts.values()].filter((n) => n > 1).reduce((sum, n) => sum + n - 1, 0),
    torn,
    unnamed: results.reduce((sum, result) => sum + unnamed(result), 0),
    leaks: extra.leaks ?? 0,
    note: extra.note ?? '',
  }
}

/** Pids of the Chromium browser processes (not their renderers) whose command line contains `marker`. */
function chromiumBrowsers(marker) {
  return execFileSync('ps', ['-eo', 'pid=,args='], {encoding: 'utf8'})
    .split('\n')
    .filter((line) => /chrom/i.test(line) && line.includes(marker) && !line.includes('--type='))
    .map((line) => Number(line.trim().split(/\s+/, 1)[0]))
}

async function main() {
  if (!existsSync(join(root, 'dist', 'commands', 'rollout.js')))
    throw new Error('dist/ is missing: build first (npm run build)')
  const work = await mkdtemp(join(tmpdir(), 'webgym-chaos-'))
  const rows = []
  const log = (text) => process.stderr.write(`chaos: ${text}\n`)
  try {
    const all = (await run(['sites', 'tasks', '-q'])).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    const pick = (n, offset) => all.filter((_, i) => i % 37 === offset % 37).slice(0, n)
    const rolloutArgs = (dir, tasksFile, browsers = 1) => [
      'rollout',
      '--policy',
      'random',
      '--horizon',
      '6',
      '--concurrency',
      '3',
      '--browsers',
      String(browsers),
      '--grace',
      '0',
      '--shots',
      join(dir, 'shots'),
      tasksFile,
    ]
    const setup = (name, n, offset) => {
      const dir = join(work, name)
      mkdirSync(dir, {recursive: true})
      const tasks = pick(n, offset)
      const tasksFile = join(dir, 'tasks.ndjson')
      writeFileSync(tasksFile, tasks.map((task) => `${JSON.stringify(task)}\n`).join(''))
      return {dir, tasks, tasksFile, ids: tasks.map((task) => task.id)}
    }

    for (const [signal, gz] of [
      ['SIGINT', false],
      ['SIGTERM', false],
      ['SIGKILL', true],
    ]) {
      const name = `rollout ${signal}${gz ? ' (.gz)' : ''}, then --resume`
      log(name)
      const {dir, tasksFile, ids} = setup(name.replace(/\W+/g, '-'), 9, rows.length)
      const out = join(dir, gz ? 'traj.ndjson.gz' : 'traj.ndjson')
      const first = await run([...rolloutArgs(dir, tasksFile), '-o', out], {
        signalAfter: async (child) => {
          await until(() => readLines(out).records.length >= 2, 240_000)
          child.kill(signal)
        },
      })
      const second = await run([...rolloutArgs(dir, tasksFile), '--resume', out])
      rows.push(account(name, ids, out, [second, ...(signal === 'SIGKILL' ? [] : [first])]))
    }

    {
      const name = 'rollout, a browser killed mid-run'
      log(name)
      const {dir, tasksFile, ids} = setup('browser-kill', 9, rows.length)
      const out = join(dir, 'traj.ndjson')
      const result = await run([...rolloutArgs(dir, tasksFile, 2), '-o', out], {
        tmp: dir,
        signalAfter: async () => {
          await until(() => readLines(out).records.length >= 1, 240_000)
          for (const pid of chromiumBrowsers(dir).slice(0, 1)) process.kill(pid, 'SIGKILL')
        },
      })
      rows.push(account(name, ids, out, [result]))
    }

    {
      const name = 'rubric gen, endpoint faults (500, 429 Retry-After 3600, invalid JSON 200, dropped)'
      log(name)
      const {dir, tasks, tasksFile, ids} = setup('endpoint', 24, rows.length)
      let n = 0
      const server = createServer((request, response) => {
        let body = ''
        request.on('data', (chunk) => (body += chunk))
        request.on('end', () => {
          const fault = n++ % 5
          if (fault === 0)
            return void response
              .writeHead(500, {'content-type': 'application/json'})
              .end('{"error": {"message": "boom"}}')
          if (fault === 1)
            return void response
              .writeHead(429, {'content-type': 'application/json', 'retry-after': '3600'})
              .end('{"error": {"message": "slow down"}}')
          if (fault === 2)
            return void response.writeHead(200, {'content-type': 'application/json'}).end('{"choices": [')
          if (fault === 3) return void response.socket.destroy()
          const content = JSON.stringify({
            fact_groups: [{id: 'g1', description: 'The answer', facts: ['The answer gives what the task asks for']}],
          })
          response.writeHead(200, {'content-type': 'application/json'}).end(
            JSON.stringify({
              id: 'x',
              object: 'chat.completion',
              created: 0,
              model: 'm',
              choices: [{index: 0, message: {role: 'assistant', content}, finish_reason: 'stop'}],
              usage: {prompt_tokens: 1, completion_tokens: 1, total_tokens: 2},
            }),
          )
        })
      })
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
      const url = `http://127.0.0.1:${server.address().port}/v1`
      const out = join(dir, 'rubric.ndjson')
      const failedPath = join(dir, 'failed.ndjson')
      const first = await run([
        'rubric',
        'gen',
        '--base-url',
        url,
        '--model',
        'm',
        '--force',
        '--no-cache',
        '--no-json-schema',
        '--max-retry-wait',
        '1',
        '--max-retries',
        '6',
        '--concurrency',
        '4',
        '--failed',
        failedPath,
        '-o',
        out,
        tasksFile,
      ])
      const results = [first]
      if (first.code !== 0)
        results.push(
          await run([
            'rubric',
            'gen',
            '--base-url',
            url,
            '--model',
            'm',
            '--force',
            '--no-cache',
            '--no-json-schema',
            '--max-retry-wait',
            '1',
            '--max-retries',
            '6',
            '--failed',
            failedPath,
            '--resume',
            out,
            tasksFile,
          ]),
        )
      server.close()
      const named = readLines(failedPath).records.length
      rows.push(
        account(name, ids, out, results, {
          failedPath,
          note: `${n} requests${named > 0 ? `; ${named} failed for good, each in --failed with its reason` : ''}`,
        }),
      )
    }

    {
      const name = 'judge --resume on its own unjudged input'
      log(name)
      const {dir, tasksFile} = setup('judge-resume', 6, rows.length)
      const traj = join(dir, 'traj.ndjson')
      await run([...rolloutArgs(dir, tasksFile), '-o', traj])
      const before = readFileSync(traj)
      const result = await run(['judge', '--judge', 'programmatic', traj, '--resume', traj])
      const after = readFileSync(traj)
      const ids = readLines(traj).records.map((record) => record.task.id)
      const row = account(name, ids, traj, [result])
      row.lost += before.equals(after) ? 0 : ids.length
      row.note = `exit ${result.code}, file ${before.equals(after) ? 'unchanged' : 'CHANGED'}`
      rows.push(row)
    }

    // A full disk needs a small tmpfs (root).
    const disk = join(work, 'disk')
    mkdirSync(disk)
    let mounted = false
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48k', 'tmpfs', disk], {stdio: 'pipe'})
      mounted = true
    } catch (error) {
      rows.push({name: 'full disk under -o', skipped: `cannot mount a tmpfs (${String(error.message).split('\n')[0]})`})
    }
    if (mounted) {
      try {
        const name = 'rollout -o on a full disk, then --resume elsewhere'
        log(name)
        const {dir, tasksFile, ids} = setup('disk-rollout', 9, rows.length)
        execFileSync('dd', ['if=/dev/zero', `of=${join(disk, 'filler')}`, 'bs=1k', 'count=36'], {stdio: 'pipe'})
        const full = join(disk, 'traj.ndjson')
        const first = await run([...rolloutArgs(dir, tasksFile), '-o', full])
        const moved = join(dir, 'traj.ndjson')
        writeFileSync(moved, existsSync(full) ? readFileSync(full) : '')
        const whole = readLines(full)
        const second = await run([...rolloutArgs(dir, tasksFile), '--resume', moved])
        const row = account(name, ids, moved, [first, second])
        row.torn += whole.torn
        row.note = `first run: exit ${first.code}, ${whole.records.length} whole records on the full disk`
        rows.push(row)
      } finally {
        execFileSync('umount', ['-l', disk])
      }
    }

    {
      const name = 'egress probes: WebSocket/fetch/img to loopback, a name that resolves to it'
      log(name)
      let connections = 0
      const canary = createTcpServer((socket) => {
        connections++
        socket.destroy()
      })
      await new Promise((resolve) => canary.listen(0, '127.0.0.1', resolve))
      const port = canary.address().port
      const machine = hostname().toLowerCase()
      const html = `<!doctype html><title>probe</title><p style="font-size:40px">probe</p><script>
        new WebSocket('ws://127.0.0.1:${port}/'); new WebSocket('ws://[::1]:${port}/'); new WebSocket('ws://${machine}:${port}/')
        fetch('http://${machine}:${port}/', {mode: 'no-cors'}).catch(function () {}); var i = new Image(); i.src = 'http://${machine}:${port}/x.png'
        new Worker(URL.createObjectURL(new Blob(["new WebSocket('ws://127.0.0.1:${port}/')"])))
      </script>`
      const page = createServer(
        (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end(html),
      )
      await new Promise((resolve) => page.listen(0, '127.0.0.1', resolve))
      const pageHost = `127.0.0.1:${page.address().port}`
      const dir = join(work, 'egress')
      mkdirSync(dir)
      const tasks = [
        {
          id: 'probe:page',
          source: 'probe',
          intent: 'Look around',
          website: 'probe.test',
          start_url: `http://${pageHost}/`,
          reference_answer: null,
        },
        {
          id: 'probe:name',
          source: 'probe',
          intent: 'Look around',
          website: 'probe.test',
          start_url: `http://${machine}:${port}/`,
          reference_answer: null,
        },
        {
          id: 'probe:data',
          source: 'probe',
          intent: 'Look around',
          website: 'probe.test',
          start_url: 'data:text/html,<h1>hi</h1>',
          reference_answer: null,
        },
      ]
      const tasksFile = join(dir, 'tasks.ndjson')
      writeFileSync(tasksFile, tasks.map((task) => `${JSON.stringify(task)}\n`).join(''))
      const out = join(dir, 'traj.ndjson')
      const result = await run([
        'rollout',
        '--policy',
        'random',
        '--random-actions',
        'left_click',
        '--horizon',
        '2',
        '--allow-host',
        pageHost,
        '--shots',
        join(dir, 'shots'),
        '-o',
        out,
        tasksFile,
      ])
      await sleep(500)
      page.closeAllConnections()
      page.close()
      canary.close()
      const refusals = readLines(out)
        .records.flatMap((t) => [t.error ?? '', ...t.steps.map((step) => step.action_error ?? '')])
        .filter((text) => /blocked/.test(text)).length
      // The run exits 1 (two of three episodes refused): that is named, not a failure of the guard.
      rows.push(
        account(
          name,
          tasks.map((task) => task.id),
          out,
          [{...result, code: 0}],
          {leaks: connections, note: `${refusals} refusals recorded with their reason`},
        ),
      )
    }
  } finally {
    await rm(work, {recursive: true, force: true}).catch(() => {})
  }

  const ran = rows.filter((row) => !row.skipped)
  const header = ['case', 'in', 'out', 'lost', 'dup', 'torn', 'unnamed', 'leaks', 'note']
  const table = [
    header,
    ...ran.map((row) => [
      row.name,
      row.in,
      row.out,
      row.lost,
      row.duplicated,
      row.torn,
      row.unnamed,
      row.leaks,
      row.note,
    ]),
  ]
  const widths = header.map((_, i) => Math.max(...table.map((cells) => String(cells[i]).length)))
  for (const cells of table)
    console.log(
      cells
        .map((cell, i) => (i === 0 || i === 8 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i])))
        .join('  '),
    )
  for (const row of rows.filter((row) => row.skipped)) console.log(`skipped: ${row.name}: ${row.skipped}`)
  const sum = (key) => ran.reduce((total, row) => total + row[key], 0)
  console.log(
    `chaos: ${ran.length} cases, ${sum('in')} records in, ${sum('out')} out; lost ${sum('lost')}, duplicated ${sum('duplicated')}, torn ${sum('torn')}, unnamed failures ${sum('unnamed')}, egress leaks ${sum('leaks')} (target: all 0)`,
  )
}

main().catch((error) => {
  console.error(`chaos: ${error.stack ?? error}`)
  process.exit(1)
})
