// The log line format (platform/runtime/log.ts): JSON for a log collector, one object a line;
// a short line for a terminal with LOG_FORMAT=pretty.
import { describe, expect, it } from 'vitest';
import { createLogger, errorFields, formatLine, logFormat, logLevel } from '#platform/runtime/log.server.ts';

const AT = new Date('2026-11-28T17:20:33.123Z');

describe('log lines', () => {
  it('are one JSON object with time, level, message and the fields', () => {
    const line = formatLine('json', 'info', 'request', { requestId: 'r-1', route: '/api/candidates/:id', status: 200, userId: null }, AT);
    expect(JSON.parse(line)).toEqual({ time: '2026-11-28T17:20:33.123Z', level: 'info', msg: 'request', requestId: 'r-1', route: '/api/candidates/:id', status: 200, userId: null });
    expect(line).not.toContain('\n');
  });

  it('read as a short line in a terminal', () => {
    expect(formatLine('pretty', 'warn', 'job', { jobId: 'j-1', queue: 'mail-send', status: 'failed', error: 'Try again later' }, AT))
      .toBe('17:20:33.123 WARN  job jobId=j-1 queue=mail-send status=failed error="Try again later"');
  });

  it('takes LOG_FORMAT, defaulting to pretty in a terminal and JSON elsewhere, and refuses anything else', () => {
    expect(logFormat(undefined, true)).toBe('pretty');
    expect(logFormat(undefined, false)).toBe('json');
    expect(logFormat('pretty', false)).toBe('pretty');
    expect(() => logFormat('yaml', false)).toThrow('LOG_FORMAT must be json or pretty, not "yaml"');
  });

  it('leave out the levels below LOG_LEVEL', () => {
    const lines: string[] = [];
    const logger = createLogger({ format: 'json', minLevel: logLevel('warn'), write: (line) => lines.push(line) });
    logger.info('request');
    logger.warn('database unavailable');
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['database unavailable']);
    expect(() => logLevel('debug')).toThrow('LOG_LEVEL must be info, warn or error, not "debug"');
  });

  it('carry the fields of `with` on every line, and an error as its message and code', () => {
    const lines: string[] = [];
    const logger = createLogger({ format: 'json', minLevel: 'info', write: (line) => lines.push(line) }).with({ process: 'worker' });
    logger.error('failed', errorFields(Object.assign(new Error('deadlock detected'), { code: '40P01' })));
    expect(JSON.parse(lines[0])).toMatchObject({ level: 'error', msg: 'failed', process: 'worker', error: 'deadlock detected', code: '40P01' });
  });
});
