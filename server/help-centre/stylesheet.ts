// The help centre's one stylesheet, served from /help/assets/help-<hash>.css (cached for a year:
// the hash changes with the text). Small and system fonts only, so the pages are fast on a
// phone; colours meet WCAG AA contrast.
import { createHash } from 'node:crypto';

export const STYLESHEET = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#fff}
a{color:#0a58ca}
a:hover,a:focus{color:#063f91}
:focus-visible{outline:3px solid #0a58ca;outline-offset:2px}
.wrap{max-width:52rem;margin:0 auto;padding:0 1rem}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem}
.skip:focus{left:1rem}
.top{background:#0b3d6e;color:#fff;padding:.75rem 0 1rem}
.top a{color:#fff}
.bar{display:flex;justify-content:space-between;align-items:center;gap:1rem;flex-wrap:wrap}
.brand{font-weight:700;font-size:1.25rem;text-decoration:none}
.langs{display:flex;gap:.75rem}
.langs a,.langs span{display:inline-block;padding:.5rem .25rem;min-height:48px;line-height:2}
.langs span{font-weight:700}
.search{margin-top:.75rem}
.search label{display:block;margin-bottom:.25rem}
.row{display:flex;gap:.5rem}
.search input{flex:1;min-width:0;font:inherit;padding:.6rem;border:1px solid #6e7781;border-radius:4px}
button{font:inherit;padding:.6rem 1rem;min-height:48px;border:0;border-radius:4px;background:#1a7f37;color:#fff;cursor:pointer}
.top button{background:#fff;color:#0b3d6e;font-weight:600}
h1{font-size:1.75rem;line-height:1.25;margin:1.25rem 0 .75rem}
h2{font-size:1.25rem;margin:1.5rem 0 .5rem}
ul.articles,ul.categories,ol.hits,ul.files{list-style:none;padding:0;margin:0}
ul.articles li,ul.categories li,ol.hits li,ul.files li{padding:.6rem 0;border-bottom:1px solid #d0d7de}
ul.articles a,ul.categories a,ol.hits a,ul.files a{display:inline-block;min-height:24px}
.count{color:#57606a;font-size:.875rem}
.label{display:inline-block;margin-left:.5rem;padding:0 .4rem;border-radius:3px;background:#eaeef2;color:#24292f;font-size:.8rem}
.meta{color:#57606a;font-size:.9rem}
.body img{max-width:100%;height:auto}
.body pre{overflow:auto;background:#f6f8fa;padding:.75rem}
.crumbs{list-style:none;padding:0;margin:1rem 0 0;display:flex;flex-wrap:wrap;gap:.25rem;font-size:.9rem}
.crumbs li+li::before{content:"/";margin-right:.25rem;color:#57606a}
.note{background:#fff8c5;border:1px solid #d4a72c;padding:.5rem .75rem;border-radius:4px}
.vote fieldset{border:1px solid #d0d7de;border-radius:4px;margin:1.5rem 0;padding:.75rem}
.vote legend{font-weight:600;padding:0 .25rem}
.vote button{margin-right:.5rem}
.vote button[value=no]{background:#57606a}
.thanks{margin:1.5rem 0;font-weight:600}
.snippet{margin:.25rem 0 0;color:#24292f}
mark{background:#fff3a3;color:inherit}
.empty{color:#57606a}
.foot{margin-top:2.5rem;padding-top:1rem;padding-bottom:2rem;border-top:1px solid #d0d7de;color:#24292f}
`;

const hash = createHash('sha256').update(STYLESHEET).digest('hex').slice(0, 12);
export const STYLESHEET_PATH = `/help/assets/help-${hash}.css`;
