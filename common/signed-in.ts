// Who may be signed in, as a page can tell before its scripts run. The session cookie is HttpOnly;
// its readable companion (server/src/auth/cookies.ts, signedInCookieName) is "1" while it is set
// and carries no secret. Its presence only means "a session may exist": the server still checks the
// session on every request.

/** The companion cookie, in `document.cookie`. */
export const SIGNED_IN_COOKIE = /(?:^|;\s*)(?:__Host-)?signed-in=1(?:;|$)/;

/** On <html> of a page opened by a browser that may be signed in. */
export const SIGNED_IN_ATTRIBUTE = "data-signed-in";

/**
 * Marks <html> before the first paint, so the stylesheet hides the guest's "Login" link (class
 * `guest-only`) from a signed-in shopper until the page's scripts know who is signed in. An inline
 * script in the page's head, allowed by the Content-Security-Policy by its hash (never inline
 * script in general).
 */
export const SIGNED_IN_MARK_SCRIPT = `${SIGNED_IN_COOKIE}.test(document.cookie)&&document.documentElement.setAttribute("${SIGNED_IN_ATTRIBUTE}","")`;
