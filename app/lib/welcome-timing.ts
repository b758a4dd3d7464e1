// When the welcome dialog opens: this long after the page began to load, for a signed-out visitor
// whose session storage lacks the key (set when the dialog closes). The dialog and the script that
// loads a page's JavaScript on intent both follow it.
export const WELCOME_OPENS_AFTER_MS = 2000;
export const WELCOME_SHOWN_KEY = "welcomePopupShown";
