import {writeFile} from 'node:fs/promises'

/** Writes a small text result (a report, a schema) to stdout or a file. */
export async function writeText(text: string, path?: string): Promise<void> {
  if (path && path !== '-') {
    await writeFile(path, text)
    return
  }
  if (!process.stdout.write(text)) await new Promise((resolve) => process.stdout.once('drain', resolve))
}
