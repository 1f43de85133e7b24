// A message of the command layer names a flag by asking the command for it: the spelling comes from the command's own
// flag table, so a message can only name a flag the command has (a command without it gets no such message).

/** The flags of a command as oclif declares them (only what spelling needs). */
export type FlagTable = Readonly<Record<string, {char?: string; helpValue?: string} | undefined>>

/** The flag as a user types it (`-o` where it has a short form, else `--failed`), or undefined if the command lacks it. */
export function ownFlag(flags: FlagTable, name: string): string | undefined {
  const flag = flags[name]
  if (!flag) return undefined
  return flag.char ? `-${flag.char}` : `--${name}`
}

/** A file a command's flag names, with the flag as typed. */
export interface FlagFile {
  flag: string
  file: string
}

/** The file the command's flag `name` names in this run, if the command has the flag and it was given. */
export function flagFile(
  flags: FlagTable,
  values: Readonly<Record<string, unknown>>,
  name: string,
): FlagFile | undefined {
  const flag = ownFlag(flags, name)
  const file = values[name]
  return flag && typeof file === 'string' ? {flag, file} : undefined
}
