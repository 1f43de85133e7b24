import type {Hook} from '@oclif/core'

// One clear line and the usage exit code for a mistyped command, instead of oclif's decorated error.
const commandNotFound: Hook<'command_not_found'> = async function (options) {
  const typed = options.id.replaceAll(':', ' ')
  const topic = typed.split(' ')[0]
  const near = options.config.commandIDs.filter((id) => id.startsWith(`${topic}:`)).map((id) => id.replaceAll(':', ' '))
  const hint = near.length > 0 ? `did you mean ${near.join(', ')}?` : `see ${options.config.bin} --help`
  process.stderr.write(`${options.config.bin}: unknown command "${typed}" (${hint})\n`)
  process.exit(2)
}

export default commandNotFound
