/**
 * Markup without its event-handler attributes, for sanitizeHtml to hand to DOMPurify: the contract's
 * (html-rules.ts), which the server's message sanitiser uses too, so both read partner HTML alike.
 */
export { stripEventHandlers } from '@trailpass/contract';
