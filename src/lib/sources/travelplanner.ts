import {parseLevel} from '../schema/level.js'
import {metaWithout, requiredIntent} from './fields.js'
import {parsePythonLiteral, PythonLiteralError} from './python-literal.js'
import {RowError, type SourceAdapter} from './types.js'

// Fields the hub CSV writes as Python literals (repr of lists and dicts, with None and single quotes).
const LITERAL_FIELDS = ['date', 'local_constraint', 'reference_information', 'annotated_plan'] as const
const NUMBER_FIELDS = ['days', 'visiting_city_number', 'people_number', 'budget'] as const

// TravelPlanner rows: {org, dest, days, visiting_city_number, date, people_number, local_constraint, budget, query,
// level, reference_information[, annotated_plan]}. A sandbox benchmark: no website.
export const travelplanner: SourceAdapter = {
  name: 'travelplanner',
  description: 'TravelPlanner (hub CSV; Python-literal fields parsed); no website',
  fileHints: ['travelplanner'],
  detect: (sample) => ('query' in sample && 'org' in sample && 'dest' in sample ? 1 : 0),
  toTask: (row) => {
    const meta = metaWithout(row, ['query'])
    for (const field of LITERAL_FIELDS) {
      const value = row[field]
      if (typeof value !== 'string' || value.trim() === '') continue
      try {
        meta[field] = parsePythonLiteral(value)
      } catch (error) {
        if (error instanceof PythonLiteralError) throw new RowError(field, `not a Python literal (${error.message})`)
        throw error
      }
    }
    for (const field of NUMBER_FIELDS) {
      const value = row[field]
      if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) meta[field] = Number(value)
    }
    return {
      nativeId: null,
      intent: requiredIntent(row, 'query'),
      website: null,
      startUrl: null,
      referenceAnswer: null,
      level: parseLevel(row.level),
      meta,
    }
  },
}
