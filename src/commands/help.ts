import {Args, loadHelpClass} from '@oclif/core'
import {BaseCommand} from '../cli/base-command.js'

export default class HelpCommand extends BaseCommand<typeof HelpCommand> {
  static summary = 'Show help for webgym or one of its commands.'
  static examples = ['<%= config.bin %> help', '<%= config.bin %> help rollout', '<%= config.bin %> help tasks build']
  static strict = false
  static args = {command: Args.string({required: false, description: 'The command (and subcommand) to show help for.'})}

  async run(): Promise<void> {
    const Help = await loadHelpClass(this.config)
    await new Help(this.config, this.config.pjson.oclif.helpOptions ?? this.config.pjson.helpOptions).showHelp(
      this.positionals,
    )
  }
}
