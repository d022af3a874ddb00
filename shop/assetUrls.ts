/**
 * Where the browser fetches a template's files: the editor fetches them there, and the server names
 * them there in the HTML of the editor's first screen (server/services/storefront/firstScreen.ts).
 */

/** Template art: templates name it `art/x.svg` (or `/templates2/art/x.svg`); served under /templates2/. */
export const artUrl = (src: string) => `/templates2/${src.replace(/^\/+/, '').replace(/^templates2\//, '')}`;

/** An editor font by its file in fonts/ (engine/text/catalogue.ts), served under /fonts/. */
export const fontUrl = (file: string) => `/fonts/${encodeURIComponent(file)}`;
