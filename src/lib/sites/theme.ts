import type {SeededRandom} from '../random/seeded-random.js'
import {pick} from './random-pick.js'

/** A variant's look: palette, type, shape and header layout, so sites of one family do not look alike. */
export interface Theme {
  primary: string
  accent: string
  background: string
  surface: string
  text: string
  muted: string
  font: string
  headingFont: string
  radius: number
  header: 'bar' | 'centered' | 'split'
  /** Base spacing in px. */
  spacing: number
}

const PALETTES = [
  {primary: '#0b5cad', accent: '#f5a623', background: '#f4f6f9', surface: '#ffffff', text: '#1d2733', muted: '#5f6b7a'},
  {primary: '#1f7a4d', accent: '#e4572e', background: '#f7f5ef', surface: '#ffffff', text: '#222222', muted: '#666a5f'},
  {primary: '#8a1538', accent: '#2a9d8f', background: '#fbf7f4', surface: '#ffffff', text: '#2b1d22', muted: '#7a6a70'},
  {primary: '#232f3e', accent: '#ff9900', background: '#eaeded', surface: '#ffffff', text: '#0f1111', muted: '#565959'},
  {primary: '#5b2c83', accent: '#ffb400', background: '#f6f3fa', surface: '#ffffff', text: '#241b2f', muted: '#6e6478'},
  {primary: '#c0392b', accent: '#2c3e50', background: '#fdfdfd', surface: '#ffffff', text: '#1b1b1b', muted: '#707070'},
  {primary: '#006d77', accent: '#e29578', background: '#edf6f9', surface: '#ffffff', text: '#14213d', muted: '#56636e'},
  {primary: '#3a3a3a', accent: '#d4a017', background: '#faf9f6', surface: '#ffffff', text: '#111111', muted: '#6b6b6b'},
  {primary: '#1a73e8', accent: '#34a853', background: '#ffffff', surface: '#f8f9fa', text: '#202124', muted: '#5f6368'},
  {primary: '#b5451b', accent: '#3d5a80', background: '#fff8f0', surface: '#ffffff', text: '#2d2a26', muted: '#7d7268'},
] as const

const FONTS = [
  {
    font: '"DejaVu Sans", "Liberation Sans", Arial, sans-serif',
    headingFont: '"DejaVu Sans", "Liberation Sans", Arial, sans-serif',
  },
  {
    font: '"DejaVu Sans", "Liberation Sans", Arial, sans-serif',
    headingFont: '"DejaVu Serif", "Liberation Serif", Georgia, serif',
  },
  {
    font: '"DejaVu Serif", "Liberation Serif", Georgia, serif',
    headingFont: '"DejaVu Serif", "Liberation Serif", Georgia, serif',
  },
  {
    font: '"Liberation Sans", "DejaVu Sans", Helvetica, sans-serif',
    headingFont: '"DejaVu Sans Condensed", "DejaVu Sans", sans-serif',
  },
] as const

export function themeFor(rng: SeededRandom): Theme {
  return {
    ...pick(rng, PALETTES),
    ...pick(rng, FONTS),
    radius: pick(rng, [0, 3, 6, 10, 16]),
    header: pick(rng, ['bar', 'centered', 'split'] as const),
    spacing: pick(rng, [12, 14, 16, 18]),
  }
}
