// webgym's help: oclif's, with an ENVIRONMENT section naming every variable that changes what the command does.
import {CommandHelp, Help, type Command} from '@oclif/core'
import {COMMAND_ENVIRONMENT} from './environment.js'

/** Every environment variable a command reads: its flags' `env`, then the ones listed in COMMAND_ENVIRONMENT. */
export function environmentOf(command: Command.Loadable): [string, string][] {
  const rows: [string, string][] = []
  for (const [name, flag] of Object.entries(command.flags ?? {})) {
    const env = (flag as {env?: string}).env
    if (env) rows.push([env, `--${name}`])
  }
  for (const [name, text] of Object.entries(COMMAND_ENVIRONMENT[command.id.replaceAll(' ', ':')] ?? {}))
    rows.push([name, text])
  return rows
}

class WebgymCommandHelp extends CommandHelp {
  protected sections(): ReturnType<CommandHelp['sections']> {
    const sections = super.sections()
    const at = sections.findIndex((section) => section.header === 'DESCRIPTION')
    const rows = environmentOf(this.command).map(([name, description]) => ({name, description}))
    const environment = {
      header: 'ENVIRONMENT',
      generate: () => (rows.length > 0 ? [{header: 'ENVIRONMENT', body: rows}] : []),
    }
    sections.splice(at === -1 ? sections.length : at, 0, environment)
    return sections
  }
}

export default class WebgymHelp extends Help {
  protected CommandHelpClass = WebgymCommandHelp
}
