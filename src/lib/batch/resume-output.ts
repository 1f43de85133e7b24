import {RecordWriter} from '../io/record-writer.js'
import {opt, optionText} from '../option-text.js'

/**
 * The output of a stage that can resume (a record batch, a rollout): the resume file is appended to, else the output
 * written; a write that fails (a full disk) says to rerun with the resume option once there is room.
 */
export function openResumableOutput(options: {output?: string; resume?: string}): Promise<RecordWriter> {
  const target = options.resume ?? options.output
  return RecordWriter.open(target, {
    append: Boolean(options.resume),
    rerun: optionText`rerun with ${opt('resume')} ${target}`,
  })
}
