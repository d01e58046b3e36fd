import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Content-Security-Policy for the built Vite + MUI app: scripts only from our origin (no inline scripts;
 * the service worker registration is a file), styles from our origin plus inline style tags because
 * emotion injects them at run time, images also as data: URIs and from https (partner media may be remote).
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  mediaSrc: ["'self'", 'https:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Plain-http local runs (npm start, e2e) must not be upgraded; TLS is terminated in front in production.
  upgradeInsecureRequests: null,
};

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: true, directives: CSP_DIRECTIVES },
    // The token is in the page URL: never send it to another site in a Referer header.
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
}
