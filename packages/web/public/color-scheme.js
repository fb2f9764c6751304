// Dark mode before the first paint (docs/adr/0004): index.html paints the app bar before any module has run, in the
// colours of the stored preference (the DARK_MODE key of features/preferences, 'true' or 'false'). A classic script
// file, not inline: the console's Content-Security-Policy allows scripts from 'self' only.
try {
  if (window.localStorage.getItem('DARK_MODE') === 'true') document.documentElement.dataset.theme = 'dark';
} catch {
  // no storage (a private window that refuses it): light, as the preferences then start
}
