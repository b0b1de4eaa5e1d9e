// The People forms' schema messages in the interface's language (i18n/schemaMessage.ts).
import { people } from '#domain/i18n/en/people.ts';
import { schemaMessages } from '#app/i18n/schemaMessage.ts';

export const schemaMessage = schemaMessages(people.validation, 'people.validation');
