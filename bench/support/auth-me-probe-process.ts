// GET /api/auth/me, one request after another (20 ms apart), from a process of
// its own: as a browser would, without charging the server process for the
// client's CPU. Started with the base URL and the session cookie; answers the
// IPC message 'stop' with each request's time and the count of non-200 answers.
const [baseUrl, cookie] = process.argv.slice(2);
const times: number[] = [];
let notOk = 0;
let failure: string | null = null;
let probing = true;

process.on('message', () => { probing = false; });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
try {
  while (probing) {
    const began = performance.now();
    const answer = await fetch(`${baseUrl}/api/auth/me`, { headers: { cookie, origin: baseUrl } });
    await answer.arrayBuffer();
    if (answer.status !== 200) notOk++;
    times.push(performance.now() - began);
    await sleep(20);
  }
} catch (error) {
  failure = (error as Error).message;
  await new Promise<void>((resolve) => process.once('message', () => resolve()));
}
process.send!({ times, notOk, failure }, () => process.disconnect?.());
