/**
 * Set by the build while it draws the loading page (web/prerender.tsx, renderShell): what needs
 * the app to work (the phone's menu button) is left out of it, so no tap on it is lost before
 * the app is live (issue 30 item 3); the navbar draws a menu that needs no script there instead
 * (web/components/loading-menu.tsx). Always false in the browser.
 */
export const drawingShell = { value: false };
