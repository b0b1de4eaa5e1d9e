// The fake Microsoft Graph (tests/support/fake-graph.ts) in a process of its own, so that the
// mail-sync bench's process pays neither the memory of 100,000 inbox messages nor the fake's CPU.
// First IPC message out: { url, cert, config }. Then it answers each request ({ op, ... }) with one message:
//   fill: puts mail in inboxes (built here, so 100,000 MIME texts never cross the pipe);
//   calls: Graph requests so far, by kind (delta pages, $value fetches, other).
import { startFakeGraph } from '#tests/support/fake-graph.ts';

/** A candidate's answer to a mail of ours: threaded by In-Reply-To/References to `inReplyTo`. */
export interface ReplySpec { from: string; name: string; inReplyTo: string; subject: string; messageId: string }
/** One mailbox's new mail: `others` mails that answer nothing of ours, the replies spread among them. */
export interface InboxFill { mailbox: string; others: number; replies: ReplySpec[]; tag: string }
export type FakeGraphRequest = { op: 'fill'; inboxes: InboxFill[]; spreadHours: number } | { op: 'calls' };
export interface GraphCallCounts { deltaPages: number; mimeFetches: number; other: number }

const graph = await startFakeGraph();
process.send!({ url: graph.url, cert: graph.cert, config: graph.config });

function otherMail(mailbox: string, tag: string, i: number) {
  const sender = `news${i % 40}@newsletter${i % 7}.example.com`;
  return [
    `From: Newsletter ${i % 40} <${sender}>`, `To: ${mailbox}`, `Subject: This week at ${tag} (${i})`,
    `Message-ID: <other-${tag}-${i}@newsletter.example.com>`, `Date: ${new Date().toUTCString()}`, 'Content-Type: text/plain; charset=utf-8',
    '', `Our weekly news, number ${i}.`, 'Nothing that answers a recruiter.', '',
  ].join('\r\n');
}

function reply(mailbox: string, spec: ReplySpec) {
  return [
    `From: ${spec.name} <${spec.from}>`, `To: ${mailbox}`, `Subject: Re: ${spec.subject}`, `Message-ID: ${spec.messageId}`,
    `In-Reply-To: ${spec.inReplyTo}`, `References: ${spec.inReplyTo}`, `Date: ${new Date().toUTCString()}`, 'Content-Type: text/plain; charset=utf-8',
    '', 'Thanks for reaching out, I am interested. Could we talk next week?', '', 'On Monday you wrote:', '> Hi,', '> A role at a scale-up.', '',
  ].join('\r\n');
}

function fill(inboxes: InboxFill[], spreadHours: number) {
  const now = Date.now();
  for (const inbox of inboxes) {
    const total = inbox.others + inbox.replies.length;
    const every = inbox.replies.length ? Math.floor(total / inbox.replies.length) : Infinity;
    let replies = 0;
    for (let i = 0; i < total; i++) {
      // Oldest first, within the last `spreadHours` (inside the first read's 7 days).
      const receivedAt = new Date(now - spreadHours * 3_600_000 * (1 - i / total));
      const isReply = replies < inbox.replies.length && (i % every === every - 1 || total - i <= inbox.replies.length - replies);
      graph.receive(inbox.mailbox, isReply ? reply(inbox.mailbox, inbox.replies[replies++]) : otherMail(inbox.mailbox, inbox.tag, i), receivedAt);
    }
  }
}

function calls(): GraphCallCounts {
  const counts = { deltaPages: 0, mimeFetches: 0, other: 0 };
  for (const call of graph.calls) {
    if (call.path.endsWith('/mailFolders/inbox/messages/delta')) counts.deltaPages++;
    else if (call.path.endsWith('/$value')) counts.mimeFetches++;
    else counts.other++;
  }
  return counts;
}

process.on('message', (request: FakeGraphRequest) => {
  if (request.op === 'fill') {
    fill(request.inboxes, request.spreadHours);
    process.send!({ done: true });
  } else {
    process.send!(calls());
  }
});
process.on('disconnect', () => { void graph.close().then(() => process.exit(0)); });
