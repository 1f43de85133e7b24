// The encyclopedia's style sheet.

export const WIKI_CSS = `
.welcome{display:flex;justify-content:space-between;align-items:center;gap:24px;margin-bottom:18px}
.welcome h1{font-size:30px;margin-bottom:4px}
.kicker{text-transform:uppercase;letter-spacing:.08em;font-size:12px;font-weight:700;opacity:.6;margin:0 0 4px}
.portal-links{display:grid;grid-template-columns:1fr 1fr;gap:6px 18px;font-weight:600;min-width:320px}
.portal::before{content:"▸ ";color:#999}
.home-grid{display:grid;gap:16px;align-items:start}
.home-grid.cols-2{grid-template-columns:3fr 2fr}
.home-grid.cols-3{grid-template-columns:2fr 1fr 1fr}
.home-grid.cols-3 .featured{grid-row:span 2}
.box-title{font-size:16px;text-transform:uppercase;letter-spacing:.04em;border-bottom:2px solid rgba(0,0,0,.1);padding-bottom:6px}
.featured-img{float:left;margin:4px 14px 8px 0;border:1px solid rgba(0,0,0,.1)}
.featured p{margin:0 0 10px}
.home-grid ul{padding-left:18px;margin:0}.home-grid li{margin:5px 0}
.wiki-layout{display:flex;gap:22px;align-items:flex-start}
.wiki-layout.side-right{flex-direction:row-reverse}
.wiki-sidebar{width:190px;flex:none;font-size:14px;position:sticky;top:10px}
.wiki-sidebar h4{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:#72777d;margin:14px 0 6px;border-bottom:1px solid rgba(0,0,0,.1);padding-bottom:3px}
.wiki-sidebar > a{display:block;padding:2px 0}
.wiki-sidebar .toc{display:block;min-width:0;padding:8px 10px;margin-top:12px}
.wiki-article{flex:1;min-width:0;padding:18px 26px}
.article-tabs{display:flex;gap:4px;border-bottom:1px solid #a2a9b1;margin:-4px 0 12px;align-items:flex-end}
.tab{padding:6px 14px;border:1px solid transparent;border-bottom:none;font-size:14px}
.tab.active{border-color:#a2a9b1;background:#fff;margin-bottom:-1px;font-weight:600}
.watch-form{margin-left:auto}
.watch-button{font:inherit;font-size:14px;background:none;border:1px solid rgba(0,0,0,.15);border-radius:4px;padding:4px 12px;cursor:pointer;margin-bottom:4px}
.watch-button.watched{background:#fff6d6;border-color:#e0c060}
.article-title{font-family:"DejaVu Serif","Liberation Serif",Georgia,serif;font-weight:400;font-size:31px;border-bottom:1px solid #a2a9b1;padding-bottom:4px;margin-bottom:2px}
.from-line{font-size:13px;margin:4px 0 14px}
.article-body{line-height:1.6}
.article-body p{margin:0 0 12px}
.article-body h2{font-family:"DejaVu Serif","Liberation Serif",Georgia,serif;font-weight:400;font-size:23px;border-bottom:1px solid #a2a9b1;padding-bottom:3px;margin:26px 0 10px;overflow:hidden}
.infobox{float:right;clear:right;width:310px;margin:0 0 16px 22px;border:1px solid #a2a9b1;background:#f8f9fa;font-size:13.5px;line-height:1.45}
.infobox caption{font-weight:700;font-size:17px;padding:6px;background:rgba(0,0,0,.05);border:1px solid #a2a9b1;border-bottom:none}
.infobox th{width:44%;background:transparent;padding:5px 8px}
.infobox td{padding:5px 8px}
.infobox-image{text-align:center}.infobox-image img{margin:0 auto;width:270px;height:auto}
.image-caption{font-size:12.5px;color:#54595d;margin-top:4px}
.toc{display:inline-block;border:1px solid #a2a9b1;background:#f8f9fa;padding:10px 18px 10px 14px;margin:6px 0 16px;min-width:250px;font-size:14px}
.toc-head{text-align:center;margin-bottom:4px}
.toc-toggle{font:inherit;font-size:12px;background:none;border:none;color:inherit;cursor:pointer;text-decoration:underline}
.toc-list{margin:0;padding-left:4px;list-style:none}.toc-list li{margin:3px 0}
.tocnumber{color:#54595d;margin-right:4px}
.data-table{width:auto;min-width:50%;margin:8px 0 18px;border:1px solid #a2a9b1;background:#f8f9fa;font-size:14px}
.data-table caption{font-weight:700;padding:6px;text-align:left}
.data-table th{background:#eaecf0;border:1px solid #a2a9b1}
.data-table td{border:1px solid #c8ccd1;background:#fff}
.references{font-size:13.5px}
.see-also{margin-top:0}
.catlinks{clear:both;border:1px solid #a2a9b1;background:#f8f9fa;padding:8px 12px;margin-top:22px;font-size:14px}
.last-edited{font-size:12.5px;margin-top:12px}
.search-page-form{display:flex;gap:8px;margin:8px 0 14px;max-width:640px}.search-page-form input{flex:1}
.exact-hint{font-weight:600}
.search-results{list-style:none;padding:0;margin:0}
.search-result{padding:10px 0;border-bottom:1px solid rgba(0,0,0,.07);display:flex;gap:14px}
.search-result img{flex:none;border:1px solid rgba(0,0,0,.1)}
.result-link{font-size:18px;font-weight:600}
.snippet{margin:3px 0;font-size:14px}.snippet mark{background:#fff2a8;font-weight:700;padding:0 1px}
.result-meta{font-size:12.5px}
.category-groups{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:10px 30px}
.category-group ul{padding-left:18px}.category-group li{margin:4px 0}
.member-table th a{color:inherit;white-space:nowrap}
.member-table td:first-child{font-weight:600}
.sort-link.active{text-decoration:underline}
.sort-bar{display:flex;flex-wrap:wrap;gap:6px;margin:8px 0 14px;align-items:baseline}
.member-cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:14px}
.member-card{border:1px solid rgba(0,0,0,.1);border-radius:6px;overflow:hidden;background:#fff}
.member-card img{width:100%;height:110px;object-fit:cover}
.member-card h3{font-size:16px;margin:8px 12px 4px}
.member-card dl{display:grid;grid-template-columns:auto 1fr;gap:2px 10px;margin:0 12px 12px;font-size:13px}
.member-card dt{color:#666}.member-card dd{margin:0;font-weight:600}
.letter-bar a{font-weight:700;margin-right:8px}
.index-list{columns:3;padding-left:18px}
.problem-types{border:1px solid rgba(0,0,0,.12);border-radius:6px;padding:10px 14px}
.problem-types legend{font-weight:600;padding:0 4px}
.radio-line{display:flex;align-items:center;gap:6px;margin:4px 0}.radio-line label{display:inline;margin:0;font-weight:400}
.problem-types.invalid{border-color:#c62828;background:#fff6f6}
.report-form textarea{font:inherit;padding:8px 10px;border:1px solid #b8bec7;border-radius:4px}
blockquote{border-left:4px solid rgba(0,0,0,.15);margin:10px 0;padding:4px 14px;color:#444}
`
