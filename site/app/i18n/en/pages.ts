// Small shared page parts: not found, placeholders, page headers.
export const pages = {};
