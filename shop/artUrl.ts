/**
 * The address of template art: templates name it `art/x.svg` (or `/templates2/art/x.svg`), the shop
 * serves it under /templates2/ (server/routes/app-shell.ts). The editor fetches it there, and the
 * server names it there in the HTML of the editor's first screen.
 */
export const artUrl = (src: string) => `/templates2/${src.replace(/^\/+/, '').replace(/^templates2\//, '')}`;
