// Fixed labels and settings shared by pages and tasks: article kinds, problem types, category columns, results per page.
import type {ArticleKind, ProblemType} from './types.js'

export const RESULTS_PER_PAGE = 10

export const KIND_LABELS: Record<ArticleKind, {one: string; many: string}> = {
  city: {one: 'city', many: 'cities'},
  river: {one: 'river', many: 'rivers'},
  element: {one: 'chemical element', many: 'chemical elements'},
  scientist: {one: 'scientist', many: 'scientists'},
  invention: {one: 'invention', many: 'inventions'},
  inventor: {one: 'inventor', many: 'inventors'},
}

export const PROBLEMS: {id: ProblemType; label: string}[] = [
  {id: 'factual', label: 'Factual error'},
  {id: 'outdated', label: 'Outdated information'},
  {id: 'typo', label: 'Spelling or grammar'},
  {id: 'link', label: 'Broken or wrong link'},
]

export const COLUMN_LABELS: Record<string, string> = {
  region: 'Region',
  founded: 'Founded',
  population: 'Population',
  area: 'Area (km²)',
  elevation: 'Elevation (m)',
  length: 'Length (km)',
  discharge: 'Discharge (m³/s)',
  basin: 'Basin (km²)',
  symbol: 'Symbol',
  number: 'Atomic number',
  mass: 'Atomic weight',
  melting: 'Melting point (°C)',
  density: 'Density (g/cm³)',
  born: 'Born',
  died: 'Died',
  institution: 'Institution',
  year: 'Introduced',
  field: 'Field',
  weight: 'Weight (kg)',
  units: 'Units built',
  role: 'Occupation',
}
