// Form posts of the application: saving each step and submitting the application.
import {redirect} from '../../../reply.js'
import type {SiteReply} from '../../../types.js'
import {applicationNumber, applicationTotal} from '../numbers.js'
import {STEPS, type StepId, firstMissingStep, renderStep, stepAllowed} from '../pages/apply.js'
import type {Context, Draft, Service} from '../types.js'
import {validateAddress, validateApplicant, validateOptions} from './validate.js'

export function submitStep(service: Service, step: StepId, form: URLSearchParams, context: Context): SiteReply {
  const draft = (context.state.drafts[service.slug] ??= {})
  if (!stepAllowed(draft, step)) return redirect(`/apply/${service.slug}/${firstMissingStep(draft)}`)
  const nextStep = (id: StepId) =>
    redirect(`/apply/${service.slug}/${STEPS[STEPS.findIndex((s) => s.id === id) + 1]!.id}`)
  if (step === 'applicant') {
    const {errors, applicant} = validateApplicant(form, context.model.today)
    if (!applicant) return renderStep(service, step, context, form, errors, 422)
    draft.applicant = applicant
    return nextStep(step)
  }
  if (step === 'address') {
    const {errors, address} = validateAddress(form)
    if (!address) return renderStep(service, step, context, form, errors, 422)
    draft.address = address
    return nextStep(step)
  }
  if (step === 'options') {
    const {errors, options} = validateOptions(service, form)
    if (!options) return renderStep(service, step, context, form, errors, 422)
    draft.options = options
    return nextStep(step)
  }
  if (form.get('declaration') !== 'yes')
    return renderStep(
      service,
      step,
      context,
      form,
      {declaration: 'Confirm that the information you have given is true'},
      422,
    )
  return submitApplication(service, draft, context)
}

function submitApplication(service: Service, draft: Draft, context: Context): SiteReply {
  const {applicant, address, options} = draft
  if (!applicant || !address || !options) return redirect(`/apply/${service.slug}/${firstMissingStep(draft)}`)
  const details = {serviceSlug: service.slug, applicant, address, options}
  const number = applicationNumber(context.site, context.model, details)
  if (!context.state.applications.some((a) => a.number === number))
    context.state.applications.push({number, ...details, total: applicationTotal(service, options)})
  delete context.state.drafts[service.slug]
  return redirect(`/application/${number}`)
}
