/** Where the browser keeps a new design of a template (the editor's save, editorRules.ts). */
export const DESIGN_KEY_PREFIX = 'editor:template:';

export const designKey = (templateUuid: string) => `${DESIGN_KEY_PREFIX}${templateUuid}`;
