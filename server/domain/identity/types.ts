/** A session token just issued (sign-up, sign-in); the plaintext leaves the server once. */
export interface IssuedSession {
  sessionId: string;
  token: string;
  expiresAt: Date;
  userId: string;
  workspaceId: string;
}
