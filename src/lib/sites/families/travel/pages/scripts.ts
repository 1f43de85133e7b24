// Client scripts of travel pages: the calendar, steppers and place suggestions, and the booking total.

export const WIDGET_SCRIPT = `
(function () {
  function each(selector, fn) { Array.prototype.forEach.call(document.querySelectorAll(selector), fn) }
  each('.date-wrap', function (wrap) {
    var field = wrap.querySelector('.date-field'), cal = wrap.querySelector('.calendar'), input = wrap.querySelector('input[name=date]'), text = wrap.querySelector('.date-text')
    var months = Array.prototype.slice.call(cal.querySelectorAll('.cal-month')), title = cal.querySelector('.cal-title')
    var prev = cal.querySelector('.cal-prev'), next = cal.querySelector('.cal-next'), current = 0
    function show(i) {
      current = Math.max(0, Math.min(months.length - 1, i))
      months.forEach(function (m, j) { m.hidden = j !== current })
      title.textContent = months[current].getAttribute('data-title')
      prev.disabled = current === 0
      next.disabled = current === months.length - 1
    }
    function monthOf(date) {
      for (var i = 0; i < months.length; i++) if (months[i].getAttribute('data-month') === date.slice(0, 7)) return i
      return 0
    }
    field.addEventListener('click', function () {
      if (cal.hidden) { show(monthOf(input.value)); cal.hidden = false } else cal.hidden = true
    })
    prev.addEventListener('click', function () { show(current - 1) })
    next.addEventListener('click', function () { show(current + 1) })
    cal.addEventListener('click', function (event) {
      var day = event.target.closest('.cal-day')
      if (!day || day.disabled) return
      input.value = day.getAttribute('data-date')
      text.textContent = day.getAttribute('data-label')
      each('.cal-day.selected', function (d) { d.classList.remove('selected') })
      day.classList.add('selected')
      cal.hidden = true
    })
    document.addEventListener('click', function (event) { if (!wrap.contains(event.target)) cal.hidden = true })
  })
  each('.stepper', function (stepper) {
    var input = stepper.querySelector('input'), out = stepper.querySelector('.step-value')
    var minus = stepper.querySelector('.step-minus'), plus = stepper.querySelector('.step-plus')
    var min = Number(stepper.getAttribute('data-min')), max = Number(stepper.getAttribute('data-max'))
    function set(value) {
      value = Math.max(min, Math.min(max, value))
      input.value = String(value); out.textContent = String(value)
      minus.disabled = value <= min; plus.disabled = value >= max
    }
    minus.addEventListener('click', function () { set(Number(input.value) - 1) })
    plus.addEventListener('click', function () { set(Number(input.value) + 1) })
  })
  var form = document.querySelector('.search-panel')
  if (!form) return
  // Navigate at once: a native form submission only starts navigating in a later task.
  form.addEventListener('submit', function (event) {
    event.preventDefault()
    window.location.assign(form.getAttribute('action') + '?' + new URLSearchParams(new FormData(form)).toString())
  })
  var cities = JSON.parse(form.getAttribute('data-cities') || '[]')
  function norm(s) { return s.trim().toLowerCase() }
  each('.place-field', function (fieldBox) {
    var input = fieldBox.querySelector('input'), box = fieldBox.querySelector('.suggestions')
    function render() {
      var value = norm(input.value)
      var exact = cities.some(function (c) { return norm(c.name) === value || norm(c.code) === value })
      if (!value || exact) { box.hidden = true; return }
      var hits = cities.filter(function (c) { return (c.name + ' ' + c.code + ' ' + c.hub + ' ' + c.country).toLowerCase().indexOf(value) >= 0 }).slice(0, 6)
      box.innerHTML = ''
      hits.forEach(function (c) {
        var option = document.createElement('button')
        option.type = 'button'; option.className = 'suggestion'; option.setAttribute('role', 'option')
        var name = document.createElement('strong'); name.textContent = c.name + ' (' + c.code + ')'
        var hub = document.createElement('span'); hub.textContent = c.hub + ', ' + c.country
        option.appendChild(name); option.appendChild(hub)
        option.addEventListener('mousedown', function (event) { event.preventDefault(); input.value = c.name; box.hidden = true })
        box.appendChild(option)
      })
      box.hidden = hits.length === 0
    }
    input.addEventListener('input', render)
    input.addEventListener('focus', render)
    input.addEventListener('blur', function () { box.hidden = true })
  })
  var swap = form.querySelector('.swap')
  if (swap) swap.addEventListener('click', function () {
    var a = form.querySelector('#origin'), b = form.querySelector('#destination'), t = a.value
    a.value = b.value; b.value = t
  })
})();
`

export const BOOKING_SCRIPT = `
(function () {
  var form = document.querySelector('.booking-form'), total = document.querySelector('.summary-total')
  if (!form || !total) return
  function update() {
    var sum = Number(form.getAttribute('data-base'))
    if (form.querySelector('#opt-insurance').checked) sum += Number(form.getAttribute('data-insurance'))
    if (form.querySelector('#opt-bag').checked) sum += Number(form.getAttribute('data-bag'))
    total.textContent = form.getAttribute('data-currency') + sum.toFixed(2).replace(/\\B(?=(\\d{3})+\\.)/g, ',')
  }
  form.addEventListener('change', update)
  update()
})();
`
