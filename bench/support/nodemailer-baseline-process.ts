// The campaign bench's yardstick (bench/campaign-100k.ts): plain nodemailer sending
// the same personalised messages to the same sink on the same number of connections,
// in a process of its own with Node's default heap (the server's heap limits,
// package.json "config", are not a plain script's). Arguments: sink URL, From,
// public URL, recipients. Says 'ready' over IPC, starts on 'go', and answers with
// its time and CPU seconds.
import nodemailer from 'nodemailer';
import { composeMail } from '#domain/mail/compose.server.ts';
import { composerOptions } from '#platform/mail/port.server.ts';
import { SMTP_CONNECTIONS } from '#platform/mail/smtp.server.ts';
import { BENCH_CONTENT, BENCH_SUBJECT } from './campaign-texts.ts';

const [sinkUrl, from, publicUrl, count] = process.argv.slice(2);
const recipients = Number(count);
const transport = nodemailer.createTransport({ url: sinkUrl, pool: true, maxConnections: SMTP_CONNECTIONS, maxMessages: Infinity });
const settings = { from, publicUrl };

await new Promise<void>((resolve) => { process.once('message', () => resolve()); process.send!('ready'); });
const cpuBefore = process.cpuUsage();
const began = performance.now();
let next = 0;
await Promise.all(Array.from({ length: SMTP_CONNECTIONS * 4 }, async () => {
  while (next < recipients) {
    const i = ++next;
    await transport.sendMail(composerOptions(composeMail({
      id: i, replyToken: i.toString(16).padStart(24, '0'), subject: BENCH_SUBJECT.replace('{{firstName}}', `Bench${i}`),
      content: BENCH_CONTENT.replace('{{firstName}}', `Bench${i}`).replace('{{jobFunction}}', 'Backend Engineer').replace('{{location}}', 'Utrecht')
        .replace('{{recruiterName}}', 'Sam'),
      candidateName: `Bench${i} Person`, candidateEmail: `bench-${i}@example.com`,
    }, settings)));
  }
}));
const seconds = (performance.now() - began) / 1000;
const cpu = process.cpuUsage(cpuBefore);
transport.close();
process.send!({ seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 }, () => process.disconnect?.());
