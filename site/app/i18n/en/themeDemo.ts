// /app/theme-demo.
export const themeDemo = {};
