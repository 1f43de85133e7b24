import {runNames} from '../eval/run-names.js'

/** One run of a report: an input file, named as `webgym eval` names it, with the colour its charts and rows use. */
export interface ReportRun {
  name: string
  /** The input as given (`-` for stdin). */
  file: string
  colour: string
}

// Colours told apart by people with the common colour-vision deficiencies (Okabe and Ito), the report's accent first,
// so a one-run report looks as it always has.
export const RUN_COLOURS = [
  '#2f6fde',
  '#e69f00',
  '#009e73',
  '#cc79a7',
  '#d55e00',
  '#56b4e9',
  '#8a6d00',
  '#444444',
] as const

/** The runs of a report: each input file is one (stdin when none), named by --name in order, else by its file name. */
export function reportRuns(inputs: readonly string[], names: readonly string[] = []): ReportRun[] {
  const files = inputs.length > 0 ? inputs : ['-']
  return runNames(files, names).map((name, i) => ({
    name,
    file: files[i]!,
    colour: RUN_COLOURS[i % RUN_COLOURS.length]!,
  }))
}
