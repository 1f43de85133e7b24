// Global setup of the tiers that run the built CLI (vitest.config.ts): every file of them runs the one dist/ that
// `npm run build` wrote, so it is checked once here, before any file starts: present, and built after the last change
// under src/ (a stale dist/ would test yesterday's code and fail, or pass, for reasons the diff does not show).
import {existsSync, readdirSync, statSync} from 'node:fs'
import {join, relative} from 'node:path'
import {root} from './cli.js'

/** The newest file under `dir` and its mtime. */
function newest(dir: string): {path: string; mtimeMs: number} {
  let found = {path: dir, mtimeMs: 0}
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    const path = join(dir, entry.name)
    const candidate = entry.isDirectory() ? newest(path) : {path, mtimeMs: statSync(path).mtimeMs}
    if (candidate.mtimeMs > found.mtimeMs) found = candidate
  }
  return found
}

export default function setup(): void {
  // `npm run build` writes the manifest last, after tsc has written dist/.
  const manifest = join(root, 'oclif.manifest.json')
  if (!existsSync(join(root, 'dist', 'commands')) || !existsSync(manifest))
    throw new Error('dist/ is missing: run `npm run build` before these tests (npm test and npm run test:all do)')
  const source = newest(join(root, 'src'))
  if (source.mtimeMs > statSync(manifest).mtimeMs)
    throw new Error(
      `dist/ is older than ${relative(root, source.path)}: run \`npm run build\` before these tests (npm test and npm run test:all do)`,
    )
}
