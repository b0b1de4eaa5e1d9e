// A template's body as the candidate will read it (domain/whatsapp/template-body.ts).
import { describe, expect, it } from 'vitest';
import { fillTemplateBody, templateBodyParameters } from '#domain/whatsapp/template-body.ts';

describe('fillTemplateBody', () => {
  it('puts each parameter in its place, in any order and more than once', () => {
    expect(fillTemplateBody('Hoi {{1}}, kom je op {{2}}? Tot {{2}}, {{1}}!', ['Sanne', 'dinsdag'])).toBe('Hoi Sanne, kom je op dinsdag? Tot dinsdag, Sanne!');
  });

  it('leaves a parameter still empty as {{n}}, so the recruiter sees what is missing', () => {
    expect(fillTemplateBody('Hi {{1}}, see you at {{2}}', ['  ', ''])).toBe('Hi {{1}}, see you at {{2}}');
    expect(fillTemplateBody('Hi {{ 1 }}', [])).toBe('Hi {{ 1 }}');
  });

  it('takes a parameter as typed, even one that looks like a placeholder or a replacement pattern', () => {
    expect(fillTemplateBody('A {{1}} B {{2}}', ['{{2}}', '$&'])).toBe('A {{2}} B $&');
  });
});

describe('templateBodyParameters', () => {
  it('is the highest {{n}} of the body', () => {
    expect(templateBodyParameters('Are you still open to new roles?')).toBe(0);
    expect(templateBodyParameters('Join us at {{1}} on {{2}}, {{1}}.')).toBe(2);
    expect(templateBodyParameters('{{ 3 }}')).toBe(3);
  });
});
