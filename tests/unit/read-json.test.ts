// readJson (edge-functions/http.ts): a request body's JSON, with every key as the client wrote it.
import { describe, expect, it } from 'vitest';
import { HttpError, readJson } from '#edge-functions/http.ts';

function refusal(text: string) {
  try {
    readJson(text);
  } catch (error) {
    return error instanceof HttpError ? { status: error.status, field: error.field } : error;
  }
  return null;
}

describe('readJson', () => {
  it('keeps an escaped key after a body with a backslash key (V8 would read it as a backslash)', () => {
    readJson('{"context":[],"\\\\":0}');
    expect(readJson('{"context":1,"\\n":2}')).toEqual({ context: 1, '\n': 2 });
  });

  it('answers 400 naming the body for broken JSON, and the key for a key given twice', () => {
    expect(refusal('{"a":')).toEqual({ status: 400, field: 'body' });
    expect(refusal('{"a":{"b\\n":1,"b\\u000a":2}}')).toEqual({ status: 400, field: 'a.b\n' });
  });
});
