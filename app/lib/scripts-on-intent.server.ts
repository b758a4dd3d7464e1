// A page that works without JavaScript need not load its scripts before the visitor does anything:
// on a slow phone the first screen then gets the whole connection. A route opts in with its `handle`
// (ScriptsOnIntent); its HTML then carries, in place of Remix's module preloads and module script,
// one small inline script that puts them back, exactly as the server wrote them, at the visitor's
// first sign of intent: a key, a touch, a pointer over the page, a focus, the wheel. Until then every
// link and form works as it does without JavaScript. They load without waiting when the page has
// work for them at load (the route's `dueAtLoad`), and for a signed-out visitor whose welcome dialog
// has not been shown this session, when the dialog is due. Decision 0052.
import { HYDRATED_EVENT } from "~/lib/hydration";
import { WELCOME_OPENS_AFTER_MS, WELCOME_SHOWN_KEY } from "~/lib/welcome-timing";

/** Remix's `<Scripts>` output: the module preloads, its context script, then the module script. */
const REMIX_SCRIPTS =
  /((?:<link rel="modulepreload" href="[^"]+"\/>)+)(<script nonce="([^"]*)">window\.__remixContext = [\s\S]*?<\/script>)<script nonce="[^"]*" type="module" async="">([\s\S]*?)<\/script>/;
const PRELOAD_HREF = /href="([^"]+)"/g;

/**
 * A route's `handle` that defers its scripts. `dueAtLoad` runs in the browser from its source text, with
 * `argument` (as JSON) its only input; true loads the scripts at once.
 */
export type ScriptsOnIntent<A> = { scriptsOnIntent: { dueAtLoad: (argument: A) => boolean; argument: A } };

/** Browser events that show the visitor is about to use the page. */
export const INTENT_EVENTS = ["keydown", "pointerdown", "pointermove", "touchstart", "focusin", "wheel"];

/**
 * Events kept from React while it hydrates. React would answer one of these on a page it has not
 * finished hydrating by hydrating it at once, and Remix's first render waits for its data: React 18
 * then fails ("Root did not complete"). The list holds every event React 18 hydrates at once for
 * (its "discrete replayable" events, textInput among them: Chrome sends it with each typed
 * character) and the other input events around them. Kept from React, each still does what it does
 * without JavaScript (the key types, the link is followed), and the components read what changed
 * when they mount (the search box reads what was typed).
 */
export const HELD_WHILE_HYDRATING = [
  "keydown",
  "keypress",
  "keyup",
  "beforeinput",
  "textInput",
  "input",
  "change",
  "compositionstart",
  "compositionupdate",
  "compositionend",
  "click",
  "auxclick",
  "dblclick",
  "contextmenu",
  "pointerdown",
  "pointerup",
  "pointercancel",
  "mousedown",
  "mouseup",
  "touchstart",
  "touchend",
  "touchcancel",
  "focusin",
  "focusout",
  "submit",
  "reset",
  "copy",
  "cut",
  "paste",
  "dragstart",
  "dragend",
  "drop",
];

/**
 * Runs in the browser, inlined by its source text (so it may use nothing from outside itself). It
 * removes itself, so that the document React hydrates is the one the server rendered, and on intent
 * puts the preloads back before the context script and the module script after it, with this
 * script's nonce.
 */
function loadScriptsOnIntent(
  preloads: string[],
  moduleScript: string,
  events: string[],
  held: string[],
  hydratedEvent: string,
  welcome: { key: string; afterMs: number } | null,
  dueAtLoad: (argument: unknown) => boolean,
  argument: unknown,
) {
  const me = document.currentScript as HTMLScriptElement;
  const context = me.previousElementSibling as HTMLScriptElement;
  const nonce = me.nonce;
  me.remove();
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of events) removeEventListener(type, start, true);
    const hold = (event: Event) => event.stopPropagation();
    for (const type of held) addEventListener(type, hold, true);
    document.addEventListener(hydratedEvent, () => held.forEach((type) => removeEventListener(type, hold, true)), { once: true });
    for (const href of preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      context.before(link);
    }
    const script = document.createElement("script");
    script.nonce = nonce;
    script.type = "module";
    script.async = true;
    script.textContent = moduleScript;
    context.after(script);
  };
  for (const type of events) addEventListener(type, start, { capture: true, passive: true });
  const due = (check: () => boolean) => {
    try {
      return check();
    } catch {
      return false; // no storage: nothing to restore, and the dialog never opens
    }
  };
  if (due(() => dueAtLoad(argument))) start();
  else if (welcome && due(() => sessionStorage.getItem(welcome.key) === null))
    setTimeout(start, Math.max(0, welcome.afterMs - performance.now()));
}

const scriptText = (text: string) => text.replace(/</g, "\\u003c");

/**
 * The page's HTML with its scripts deferred until intent, or unchanged when it has no Remix scripts
 * to defer (an error page, say). `signedOut` says whether the welcome dialog may open on it.
 */
export function deferScriptsToIntent<A>(
  html: string,
  { signedOut, dueAtLoad, argument }: { signedOut: boolean } & ScriptsOnIntent<A>["scriptsOnIntent"],
): string {
  const found = REMIX_SCRIPTS.exec(html);
  if (!found) return html;
  const [whole, links, context, nonce, moduleScript] = found;
  const preloads = [...links.matchAll(PRELOAD_HREF)].map((m) => m[1]);
  const welcome = signedOut ? { key: WELCOME_SHOWN_KEY, afterMs: WELCOME_OPENS_AFTER_MS } : null;
  const json = (value: unknown) => scriptText(JSON.stringify(value));
  const args = [
    json(preloads),
    json(moduleScript),
    json(INTENT_EVENTS),
    json(HELD_WHILE_HYDRATING),
    json(HYDRATED_EVENT),
    json(welcome),
    dueAtLoad.toString(),
    json(argument),
  ].join(",");
  const bootstrap = `<script nonce="${nonce}">(${loadScriptsOnIntent.toString()})(${args})</script>`;
  return html.replace(whole, () => context + bootstrap);
}
