/**
 * The attribute of #root that names the language of the markup the server
 * put in it (internal/httpapi/spa.go writes it, main.tsx reads it).
 */
export const PRERENDER_ATTRIBUTE = 'data-prerender';
