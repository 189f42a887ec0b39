/**
 * Taps before the app is live (issue 30 item 3). A prerendered page (or the loading page) is on
 * the screen seconds before its code on a slow network. Its links and its language switch work as
 * they are (a plain form with a `method`); a button does nothing until React has taken the page
 * over, so a tap on it was lost (the menu, a question of the FAQ, Search Now), or worse, a form
 * without a `method` was sent by the browser as a GET to this very page, the typed words in the
 * address (the contact form's Send).
 *
 * This script, inlined at the top of every page the build writes (scripts/prerender.ts) and
 * allowed by its hash in the CSP (server/lib/security-headers.ts), holds such taps: each tapped
 * button is marked (`aria-busy`, `data-tap-waiting`: styles.css shows it waiting) and tapped
 * again, once, when the app says it is live (`APP_LIVE_EVENT`, web/lib/app-live.ts): on the same
 * element when React kept it (hydration does), else on the button at the same place with the same
 * text (a page drawn afresh); none such, the tap is dropped rather than made on another button.
 * Fields changed before then are told to React first (a controlled select's or checkbox's
 * hydration keeps React's own value, not the reader's choice: a change event for a value, a click
 * from the other state for a box), and the taps are made in the next task, once React
 * has drawn what it heard. What the button then does is the page's own: the contact form's Send,
 * for one, waits for the form's code in its own way (decision 020). Decision 046.
 *
 * If the app's code never comes (its entry script fails to load: offline without a kept copy, a
 * dropped connection; or it is still not live `GIVE_UP_AFTER_MS` after a tap was held, or after
 * the loading page was drawn), the held buttons are let go (no ring, not busy) and the page says
 * so, in its language, with a button that reloads it (`.load-failed` in styles.css, the first
 * thing in <body> so a keyboard reaches it first); the loading page stops saying it is busy. A
 * tap after that is not held: it moves focus to that button, whose description is the message.
 * Should the app be live after all, the message goes and the page works.
 *
 * Escape closes the loading page's phone menu (web/components/loading-menu.tsx, a native
 * disclosure, which has no Escape of its own) and gives the focus back to its button, as the
 * app's menu does.
 *
 * The loading page (web/routes/app-loading.tsx) counts without a tap, from this script's start:
 * it has nothing to read, so a load that stalls there would say "Loading this page…" for ever.
 * (Not from DOMContentLoaded: that waits for the app's module scripts, the very ones stalled.)
 * A prerendered page counts only from a tap: it can be read as it is, and a slow app is no
 * failure to its reader.
 *
 * Plain ES5 in a string, never transformed: the CSP allows exactly these characters (their hash).
 */
export const APP_LIVE_EVENT = 'redhope:live';

/**
 * How long a held tap waits for the app before the page says it could not finish loading. A
 * load that stalls rather than fails (a connection that drops without an error) is never told
 * apart from a slow one otherwise. The code a page needs first is ~150 KB on the wire (brotli):
 * a few seconds on a slow 3G phone (~400 kbit/s, long round trips), so 20 s leaves a slow load
 * several times its time, while a reader who tapped is not left watching a ring for ever.
 */
const GIVE_UP_AFTER_MS = 20_000;

/** What the page says when the app's code did not come, and its button's words: [message, button]. */
const LOAD_FAILED = {
  en: ['This page could not finish loading. Check your connection and reload.', 'Reload the page'],
  bn: ['পেজটি পুরোপুরি লোড হয়নি। ইন্টারনেট সংযোগ দেখে আবার লোড করুন।', 'পেজটি আবার লোড করুন'],
} as const;

export const EARLY_TAPS_SCRIPT = `(function(d){var held=[],typed=[],B="button",FIELD="select,textarea,input:not([type=file])",dead,on,timer,box;function unmark(el){el.removeAttribute("data-tap-waiting");el.removeAttribute("aria-busy")}function t2(x){return(x.getAttribute("aria-label")||"")+x.textContent}function all(s){return[].slice.call(d.querySelectorAll("#root "+s))}function hold(e){var tap=e.type=="click",t=e.target,el=t&&t.closest&&t.closest(tap?B:"form");if(!el||!el.closest("#root")||el.disabled)return;var f=tap?el.form:el;if(f&&f.hasAttribute("method"))return;e.preventDefault();e.stopImmediatePropagation();if(dead)return box&&box.lastChild.focus();for(var i=0;i<held.length;i++)if(held[i].el==el)return;var s=tap?B:"form";held.push({el:el,tap:tap,s:s,at:all(s).indexOf(el),text:t2(el)});el.setAttribute("data-tap-waiting","");el.setAttribute("aria-busy","true");if(!timer)timer=setTimeout(fail,${GIVE_UP_AFTER_MS})}function fail(){if(dead)return;if(!d.body)return addEventListener("DOMContentLoaded",fail);dead=1;held.forEach(function(h){unmark(h.el)});held=[];var w=d.querySelector("[data-app-loading]");if(w){w.removeAttribute("aria-busy");w.setAttribute("data-load-failed","")}var say=/^bn/.test(d.documentElement.lang)?${JSON.stringify(LOAD_FAILED.bn)}:${JSON.stringify(LOAD_FAILED.en)},p=d.createElement("p"),b=d.createElement(B);box=d.createElement("div");box.className="load-failed";box.setAttribute("role","alert");p.id="load-failed-text";p.textContent=say[0];b.type=B;b.textContent=say[1];b.setAttribute("aria-describedby",p.id);b.addEventListener("click",function(){location.reload()});box.appendChild(p);box.appendChild(b);d.body.insertBefore(box,d.body.firstChild)}function lost(e){var t=e.target;if(t&&t.tagName=="SCRIPT")fail()}function twin(h){if(h.el.isConnected)return h.el;var a=all(h.s),same=function(x){return x&&t2(x)==h.text};return same(a[h.at])?a[h.at]:a.filter(same)[0]}function note(e){var t=e.target;if(!t||!t.matches||!t.matches(FIELD)||!t.closest("#root"))return;t.earlyValue=t.value;t.earlyChecked=t.checked;if(typed.indexOf(t)<0)typed.push(t)}function tell(el){if(!el.isConnected)return;var c=el.earlyChecked;if(el.type=="checkbox"||el.type=="radio"){if(el.type=="checkbox"||c){el.checked=!c;el.click()}return}var v=el.earlyValue,p=Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el),"value");el.value="";p.set.call(el,v);el.dispatchEvent(new Event("input",{bubbles:true}));el.dispatchEvent(new Event("change",{bubbles:true}))}function esc(e){var o=e.key=="Escape"&&d.querySelector("header details[open]");if(o){o.open=false;o.querySelector("summary").focus()}}function live(){on=1;d.removeEventListener("keydown",esc);["click","submit","input","change"].forEach(function(n){d.removeEventListener(n,n=="click"||n=="submit"?hold:note,true)});d.removeEventListener("error",lost,true);clearTimeout(timer);if(box)box.remove();typed.forEach(tell);var now=held;held=[];setTimeout(function(){now.forEach(function(h){unmark(h.el);var el=twin(h);if(el)h.tap?el.click():el.requestSubmit()})})}d.addEventListener("click",hold,true);d.addEventListener("submit",hold,true);d.addEventListener("input",note,true);d.addEventListener("change",note,true);d.addEventListener("error",lost,true);d.addEventListener("keydown",esc);addEventListener("${APP_LIVE_EVENT}",live,{once:true});setTimeout(function(){if(!on&&d.querySelector("[data-app-loading]"))fail()},${GIVE_UP_AFTER_MS})})(document)`;
