// What the /app page decides before its first paint, from what this browser remembers:
// the colour scheme (so a dark choice never flashes white while the app loads) and the
// interface language (<html lang>). The keys are the ones the app itself writes.

/** Mantine's colour scheme manager keeps 'light' | 'dark' | 'auto' here (App.tsx). */
export const COLOR_SCHEME_KEY = 'talentloop-color-scheme';
/** The interface language last shown in this browser (i18n/i18n.ts). */
export const LANGUAGE_KEY = 'talentloop.language';

/** Inline in the page's head, allowed by its hash in the page's policy; plain ES5, never throws. */
export const PRE_PAINT_SCRIPT = `(function(){try{var d=document.documentElement,s=localStorage.getItem(${JSON.stringify(COLOR_SCHEME_KEY)}),`
  + `dark=s==='dark'||(s==='auto'&&matchMedia('(prefers-color-scheme: dark)').matches);`
  + `d.setAttribute('data-mantine-color-scheme',dark?'dark':'light');`
  + `var l=localStorage.getItem(${JSON.stringify(LANGUAGE_KEY)});if(l==='nl'||l==='en')d.lang=l}catch(e){}})();`;
