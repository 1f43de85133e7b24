// Form parts shared by the application and booking forms: text fields, choices and the error summary.
import {html, type Html} from '../../../html.js'

export interface TextField {
  name: string
  label: string
  hint?: string
  optional?: boolean
  width?: string
}

export type Errors = Record<string, string>

export function errorSummary(errors: Errors): Html {
  const entries = Object.entries(errors)
  if (entries.length === 0) return html``
  return html`<div class="alert alert-error error-summary" role="alert"><strong>There is a problem</strong><ul>${entries.map(([field, message]) => html`<li><a href="#${field}">${message}</a></li>`)}</ul></div>`
}

export function textField(field: TextField, value: string, errors: Errors): Html {
  const error = errors[field.name]
  return html`<div class="field${error ? ' invalid' : ''}">
    <label for="${field.name}">${field.label}${field.optional ? html` <span class="muted">(optional)</span>` : ''}</label>
    ${field.hint ? html`<div class="hint">${field.hint}</div>` : ''}
    ${error ? html`<div class="error-text">${error}</div>` : ''}
    <input id="${field.name}" name="${field.name}" type="text" value="${value}" style="width:${field.width ?? '100%'};max-width:100%" autocomplete="off">
  </div>`
}

export function choiceInput(
  type: 'radio' | 'checkbox',
  name: string,
  id: string,
  value: string,
  checked: boolean,
  label: Html | string,
): Html {
  return html`<div class="choice-wrap"><input class="choice-input" type="${type}" id="${id}" name="${name}" value="${value}"${checked ? html` checked` : ''}><label class="choice choice-${type}" for="${id}">${label}</label></div>`
}
