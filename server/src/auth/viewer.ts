/** Who is making the request, as established from the session cookie. */
export interface Viewer {
  userId: string;
  email: string;
  sessionId: string;
  isAdmin: boolean;
}
