// The application task: fill in and submit the four-step application form and report the confirmation number.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import type {SolutionStep} from '../../../../schema/solution.js'
import {between, pick} from '../../../random-pick.js'
import type {FactDef, FactGroupDef, FixtureTaskDef, SiteInfo} from '../../../types.js'
import {HOME_STREETS} from '../data.js'
import {applicationNumber, digitsOf, normalised} from '../numbers.js'
import type {Address, Applicant, Application, PortalModel, PortalState, ServiceOptions} from '../types.js'
import {answerFact, findService, nextStep, randomPerson} from './common.js'

export function applicationTask(site: SiteInfo, model: PortalModel, rng: SeededRandom): FixtureTaskDef<PortalState> {
  const service = pick(
    rng,
    model.services.filter((s) => s.online && s.expeditedFee !== null),
  )
  const person = randomPerson(rng)
  const dob = `${String(between(rng, 1, 28)).padStart(2, '0')}/${String(between(rng, 1, 12)).padStart(2, '0')}/${between(rng, 1955, 2002)}`
  const applicant: Applicant = {
    firstName: person.firstName,
    lastName: person.lastName,
    dob,
    email: person.email,
    phone: person.phone,
  }
  const zip = pick(rng, model.offices).zip.slice(0, 3) + String(between(rng, 10, 99))
  const address: Address = {
    street: `${between(rng, 3, 180)} ${pick(rng, HOME_STREETS)}`,
    unit: '',
    city: model.city,
    zip,
  }
  const choice = pick(rng, service.option.choices)
  const processing = rng.below(2) === 0 ? ('expedited' as const) : ('standard' as const)
  const extra = pick(rng, service.extras)
  const options: ServiceOptions = {choice: choice.label, processing, extras: [extra.id]}
  const number = applicationNumber(site, model, {serviceSlug: service.slug, applicant, address, options})
  const submitted =
    (test: (a: Application) => boolean) =>
    ({state}: {state: PortalState}) =>
      state.applications.some((a) => a.serviceSlug === service.slug && test(a))
  const fact = (text: string, test: (a: Application) => boolean): FactDef<PortalState> => ({
    text,
    check: submitted(test),
  })
  const groups: FactGroupDef<PortalState>[] = [
    {description: 'The application', facts: [fact(`An application for "${service.name}" was submitted`, () => true)]},
    {
      description: 'Applicant details',
      facts: [
        fact(
          `Applicant name ${person.firstName} ${person.lastName}`,
          (a) =>
            normalised(a.applicant.firstName) === normalised(person.firstName) &&
            normalised(a.applicant.lastName) === normalised(person.lastName),
        ),
        fact(`Date of birth ${dob}`, (a) => a.applicant.dob === dob),
        fact(`Email ${person.email}`, (a) => a.applicant.email === person.email),
        fact(`Phone ${person.phone}`, (a) => digitsOf(a.applicant.phone) === digitsOf(person.phone)),
      ],
    },
    {
      description: 'Address',
      facts: [
        fact(
          `Address ${address.street}, ${address.city} ${address.zip}`,
          (a) =>
            normalised(a.address.street) === normalised(address.street) &&
            normalised(a.address.city) === normalised(address.city) &&
            a.address.zip === address.zip,
        ),
      ],
    },
    {
      description: 'Service options',
      facts: [
        fact(`${service.option.label}: ${choice.label}`, (a) => a.options.choice === choice.label),
        fact(
          `${processing === 'expedited' ? 'Expedited' : 'Standard'} processing`,
          (a) => a.options.processing === processing,
        ),
        fact(
          `Only the extra "${extra.label}" is selected`,
          (a) => a.options.extras.length === 1 && a.options.extras[0] === extra.id,
        ),
      ],
    },
    {description: 'Confirmation', facts: [answerFact(`The answer reports the confirmation number ${number}`, number)]},
  ]
  const type = (selector: string, label: string, text: string): SolutionStep => ({
    op: 'type',
    target: {selector, description: `the ${label} field`},
    text,
  })
  const choiceIndex = service.option.choices.indexOf(choice)
  return {
    key: `apply-${service.slug}`,
    kind: 'form',
    intent: `On ${site.name}, apply online for the "${service.name}" service (${service.option.label.toLowerCase()}: ${choice.label}, ${processing} processing, with the optional extra "${extra.label}" only) for ${person.firstName} ${person.lastName}, born ${dob} (DD/MM/YYYY), email ${person.email}, phone ${person.phone}, living at ${address.street}, ${address.city} ${address.zip}. Submit the application and tell me the confirmation number.`,
    groups,
    referenceAnswer: number,
    solution: [
      ...findService(service),
      {op: 'click', target: {selector: 'a.apply-link', description: 'the "Apply online" button'}},
      type('#first_name', 'First name', person.firstName),
      type('#last_name', 'Last name', person.lastName),
      type('#dob', 'Date of birth', dob),
      type('#email', 'Email address', person.email),
      type('#phone', 'Phone number', person.phone),
      {op: 'click', target: nextStep},
      type('#street', 'Street address', address.street),
      type('#city', 'City', address.city),
      type('#zip', 'ZIP code', address.zip),
      {op: 'click', target: nextStep},
      {
        op: 'click',
        target: {selector: `label[for="choice-${choiceIndex}"]`, description: `the "${choice.label}" option`},
      },
      {
        op: 'click',
        target: {selector: `label[for="processing-${processing}"]`, description: `the ${processing} processing option`},
      },
      {op: 'click', target: {selector: `label[for="extra-${extra.id}"]`, description: `the "${extra.label}" extra`}},
      {op: 'click', target: nextStep},
      {op: 'click', target: {selector: 'label[for="declaration"]', description: 'the declaration checkbox'}},
      {op: 'click', target: {selector: 'button.submit-application', description: 'the "Submit application" button'}},
      {op: 'answer', text: number},
    ],
  }
}
