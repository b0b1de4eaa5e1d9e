// The compose, reply and campaign panels, mounted once in the shell and driven
// by drawers/drawerStore.ts. Their contents come with the messaging work.
export function GlobalPanels() {
  return null;
}
