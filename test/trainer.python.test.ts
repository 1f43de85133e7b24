import {execa} from 'execa'
import {describe, expect, it} from 'vitest'
import {root} from './helpers/cli.js'

// The trainer's Python unit tests (trainer/tests: the loss, the label mask, dataset and config checks, the CLI's
// output contract) run with torch alone. CI installs it with scripts/install-trainer-deps.sh, so a Python without
// torch is a failure here, not a skip.
const python = process.env.WEBGYM_PYTHON || '/usr/bin/python3'

describe('trainer (Python)', () => {
  it('passes its unittest suite', async () => {
    const probe = await execa(python, ['-c', 'import torch'], {reject: false, cwd: root})
    if (probe.exitCode !== 0) {
      throw new Error(
        `${python} cannot import torch (${probe.stderr.trim().split('\n').at(-1) ?? `exit ${probe.exitCode}`}): run scripts/install-trainer-deps.sh, or set WEBGYM_PYTHON to a Python that has torch`,
      )
    }
    const result = await execa(python, ['-m', 'unittest', 'discover', '-s', 'trainer/tests', '-t', 'trainer'], {
      reject: false,
      cwd: root,
      all: true,
      env: {PYTHONDONTWRITEBYTECODE: '1'},
    })
    const context = `${python} -m unittest discover -s trainer/tests -t trainer (exit ${result.exitCode}):\n${result.all}`
    expect(result.exitCode, context).toBe(0)
    const ran = Number(/^Ran (\d+) tests? in /m.exec(result.all ?? '')?.[1] ?? 0)
    expect(ran, context).toBeGreaterThanOrEqual(50)
    expect(result.all, context).toMatch(/^OK\b/m)
  }, 600_000) // torch's CPU tests: minutes when the cli tier's other worker or other work shares the 2 cores
})
