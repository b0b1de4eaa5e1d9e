// The loopback SMTP sink (tests/support/smtp-sink.ts) in a process of its own, so
// that a bench's server process pays neither its memory nor its CPU. Prints its URL
// as the first line; answers each IPC message with the count accepted so far.
import { startSmtpSink } from '#tests/support/smtp-sink.ts';

const sink = await startSmtpSink({ keep: false });
process.stdout.write(`${sink.url}\n`);
process.on('message', () => process.send?.({ count: sink.count }));
process.on('disconnect', () => { void sink.close().then(() => process.exit(0)); });
