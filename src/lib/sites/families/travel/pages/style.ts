// The travel family's CSS.

export const TRAVEL_CSS = `
[hidden]{display:none!important}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.currency-chip{font-size:13px;border:1px solid currentColor;border-radius:12px;padding:2px 8px;opacity:.8}
.hero{border-radius:8px;padding:28px;margin-bottom:24px;background:linear-gradient(135deg,rgba(0,0,0,.04),rgba(0,0,0,.01))}
.hero-photo{background-size:cover;background-position:center;color:#fff;position:relative}
.hero-photo .hero-text{text-shadow:0 1px 6px rgba(0,0,0,.55)}
.hero-text h1{font-size:32px;margin-bottom:6px}.hero-text p{margin:0 0 16px;font-size:17px}
.search-panel{color:#1d2733;box-shadow:0 8px 24px rgba(0,0,0,.12)}
.trip-type{display:flex;gap:12px;align-items:center;margin-bottom:12px;font-size:14px}
.pill{padding:4px 12px;border-radius:14px;border:1px solid rgba(0,0,0,.2);font-weight:600}.pill.active{background:#1d2733;color:#fff}
.search-grid{display:grid;grid-template-columns:1fr 40px 1fr 1fr;gap:12px;align-items:start}
.search-grid-2{grid-template-columns:1.3fr 1.3fr auto;align-items:end;margin-top:4px}
.field-title{font-weight:600;display:block;margin-bottom:4px}
.place-field{position:relative}.place-field input{width:100%}
.suggestions{position:absolute;left:0;right:0;top:100%;z-index:20;background:#fff;border:1px solid #b8bec7;border-radius:6px;box-shadow:0 8px 20px rgba(0,0,0,.15);max-height:260px;overflow:auto}
.suggestion{display:block;width:100%;text-align:left;border:0;background:#fff;padding:8px 12px;font:inherit;cursor:pointer}
.suggestion:hover{background:#eef3fb}.suggestion span{display:block;font-size:13px;color:#5f6b7a}
.swap{margin-top:28px;height:40px;border:1px solid #b8bec7;border-radius:50%;background:#fff;cursor:pointer;font-size:18px}
.date-wrap{position:relative}
.date-field{width:100%;text-align:left;font:inherit;padding:8px 10px;border:1px solid #b8bec7;border-radius:6px;background:#fff;cursor:pointer;display:flex;gap:8px;align-items:center}
.calendar{position:absolute;right:0;top:100%;z-index:30;background:#fff;border:1px solid #b8bec7;border-radius:8px;box-shadow:0 12px 32px rgba(0,0,0,.2);padding:12px;width:320px}
.cal-head{display:flex;justify-content:space-between;align-items:center;margin-bottom:6px}
.cal-prev,.cal-next{width:36px;height:32px;border:1px solid #ccd;border-radius:6px;background:#fff;cursor:pointer;font-size:18px}
.cal-prev:disabled,.cal-next:disabled{opacity:.35;cursor:default}
.cal-month{width:100%}.cal-month th,.cal-month td{padding:2px;text-align:center;border:0;background:none;font-size:13px}
.cal-day{width:36px;height:32px;border:0;border-radius:6px;background:#f1f4f8;cursor:pointer;font:inherit}
.cal-day:hover:not(:disabled){background:#dbe6f6}.cal-day:disabled{background:none;color:#b3b8c0;cursor:default}
.cal-day.selected{background:#1d2733;color:#fff}.cal-day.today{outline:2px solid #f5a623}
.cal-note{font-size:12px;margin:6px 0 0}
.steppers{display:flex;gap:18px;flex-wrap:wrap}
.stepper{display:flex;align-items:center;gap:8px}
.step-label{display:flex;flex-direction:column;font-weight:600;min-width:70px}.step-label small{font-weight:400;color:#5f6b7a}
.step-minus,.step-plus{width:34px;height:34px;border-radius:50%;border:1px solid #8d96a3;background:#fff;font-size:18px;cursor:pointer}
.step-minus:disabled,.step-plus:disabled{opacity:.35;cursor:default}
.step-value{min-width:18px;text-align:center;font-weight:700}
.cabin-group{border:0;padding:0;margin:0}
.cabin-options,.seat-options{display:flex;gap:8px;flex-wrap:wrap}.seat-options{margin-bottom:18px}
.filters .range{display:block;margin-left:22px;font-size:12px}
.party-total{font-size:13px;font-weight:600}
.cabin-option,.seat-option{display:inline-block;margin:0;padding:8px 14px;border:1px solid #8d96a3;border-radius:18px;cursor:pointer;font-weight:600;background:#fff}
input:checked + .cabin-option,input:checked + .seat-option{background:#1d2733;border-color:#1d2733;color:#fff}
.submit-cell{display:flex;align-items:end}.search-submit{padding:11px 28px;font-size:16px}
.section{margin:26px 0}
.tiles{display:grid;gap:16px}.tiles.cols-3{grid-template-columns:repeat(3,1fr)}.tiles.cols-4{grid-template-columns:repeat(4,1fr)}
.route-tile{display:flex;flex-direction:column;gap:8px;color:inherit;padding:0;overflow:hidden}
.route-tile img{width:100%;height:140px;object-fit:cover}.route-tile div{padding:0 14px 14px;display:flex;flex-direction:column}
.from-price{font-weight:700;font-size:17px}
.features{display:grid;grid-template-columns:repeat(3,1fr);gap:16px}.feature-icon{font-size:26px}
.city-strip{display:flex;gap:12px;flex-wrap:wrap}
.city-chip{display:flex;gap:10px;align-items:center;border:1px solid rgba(0,0,0,.1);border-radius:8px;padding:6px 12px 6px 6px;background:#fff;color:inherit}
.city-chip img{width:64px;height:48px;border-radius:6px}.city-chip small{display:block;color:#5f6b7a}
.faq details{border-top:1px solid rgba(0,0,0,.08);padding:10px 0}.faq summary{cursor:pointer;font-weight:600}
.route-summary{display:flex;justify-content:space-between;align-items:center;margin-bottom:14px}.route-summary h1{margin:0}.route-summary p{margin:4px 0 0}
.date-strip{display:flex;gap:6px;margin-bottom:14px;overflow-x:auto}
.strip-day{flex:1;min-width:110px;text-align:center;border:1px solid rgba(0,0,0,.12);border-radius:6px;padding:6px;background:#fff;color:inherit;display:flex;flex-direction:column;font-size:13px}
.strip-day.current{border:2px solid #1d2733;font-weight:700}
.results-layout.filters-right{flex-direction:row-reverse}
.filters ul{list-style:none;padding:0;margin:0 0 14px}.filters li{margin:3px 0}.filters a{color:inherit}.filters a.active{font-weight:700}
.route-map{margin-top:8px;border-radius:6px}
.toolbar{display:flex;justify-content:space-between;align-items:baseline;gap:12px;flex-wrap:wrap}
.sort-bar{display:flex;gap:12px;flex-wrap:wrap}.sort-option.active{border-bottom:2px solid currentColor}
.price-note{font-size:13px;margin:6px 0 12px}
.trip-list{display:flex;flex-direction:column;gap:12px}
.trip-main{display:grid;grid-template-columns:200px 1fr 190px 90px;gap:16px;align-items:center}
.style-rows{gap:0}.style-rows .trip{padding:10px 14px;border-radius:0;box-shadow:none;border-bottom-width:0}.style-rows .trip:last-child{border-bottom-width:1px}.style-rows .trip-main{grid-template-columns:190px 1fr 180px 90px}
.carrier{display:flex;gap:10px;align-items:center}.carrier img{width:40px;height:40px;border-radius:8px}.carrier div{display:flex;flex-direction:column}
.times{display:grid;grid-template-columns:auto 1fr auto;gap:12px;align-items:center}
.time{display:flex;flex-direction:column;align-items:center}.time strong{font-size:20px}
.line{display:flex;flex-direction:column;align-items:center;font-size:13px}
.track{display:block;width:100%;height:2px;background:#8d96a3;margin:4px 0;position:relative}
.track.with-stops::after{content:'';position:absolute;left:50%;top:-3px;width:8px;height:8px;border-radius:50%;background:#c62828}
.stops{color:#1b5e20}.stops.has-stops{color:#8a1c12}
.price-box{display:flex;flex-direction:column;align-items:flex-end;text-align:right}
.badge-cheap{background:#e8f5e9;color:#1b5e20}.badge-fast{background:#e3f2fd;color:#0d47a1}
.save-trip{border:1px solid #c62828;color:#c62828;background:#fff;border-radius:18px;padding:6px 10px;font:inherit;font-weight:600;cursor:pointer}
.save-trip.is-saved{background:#c62828;color:#fff}
.fares{margin-top:10px;border-top:1px solid rgba(0,0,0,.08);padding-top:8px}
.fares-toggle{cursor:pointer;font-weight:600;display:inline-block;list-style:none}
.fares-toggle::-webkit-details-marker{display:none}
.fares-toggle::before{content:'▸';display:inline-block;width:16px;transition:none}
.fares[open] > .fares-toggle::before{content:'▾'}
.fare-meta{font-size:13px;margin:6px 0}
.fare-table{font-size:14px}.fare-table .btn{padding:5px 14px}
.steps{display:flex;gap:0;list-style:none;padding:0;margin:0 0 16px;counter-reset:step}
.steps li{flex:1;padding:8px 12px;background:rgba(0,0,0,.05);color:#5f6b7a;font-weight:600;font-size:14px;counter-increment:step}
.steps li::before{content:counter(step) '. '}.steps li.done{color:#1b5e20}.steps li.current{background:#1d2733;color:#fff}
.booking-layout .sidebar{width:300px}
.pax{border:1px solid rgba(0,0,0,.1);border-radius:6px;margin:0 0 12px;padding:10px 14px}.pax legend{font-weight:700;padding:0 6px}
.pax-grid{display:grid;grid-template-columns:1fr 1fr;gap:12px}.pax-grid input{width:100%}
.check-field label{display:inline;font-weight:500}
.confirm-booking{margin-top:8px;padding:11px 28px;font-size:16px}
.rules{padding-left:18px;font-size:14px}.price-lines td{border:0;padding:3px 0}.price-lines .total td{font-weight:700;border-top:1px solid rgba(0,0,0,.15)}
.confirm-head{display:flex;gap:16px;align-items:center;margin-bottom:16px}
.confirm-icon{width:48px;height:48px;border-radius:50%;background:#2e7d32;color:#fff;font-size:28px;display:flex;align-items:center;justify-content:center}
.reference-box{margin-left:auto;border:2px dashed #1d2733;border-radius:8px;padding:10px 16px;text-align:center;font-size:13px}
.reference-box strong{display:block;font-size:26px;letter-spacing:3px}
.booking-details th{width:200px}
.deals-table td{vertical-align:middle}
.dest-photo{width:100%;height:280px;object-fit:cover;border-radius:6px;margin-bottom:12px}
.help h3{margin-top:14px}
form.inline{display:inline}
`
