// A bench's signed-in session: the demo recruiter's cookies from POST /api/auth/login
// (no two-factor for the recruiter), sent back as one Cookie header.
import { DEMO_RECRUITER } from '#demo/demo.server.ts';

export async function signInCookie(baseUrl: string, user: { username: string; password: string } = DEMO_RECRUITER): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  return login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}
