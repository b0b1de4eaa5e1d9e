// The Cmd/Ctrl+K search palette.
export const palette = {};
