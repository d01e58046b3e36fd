/**
 * The WHATWG URLSearchParams that browsers and Node both provide, as far as the contract uses it. The
 * contract compiles against ES2023 alone (no DOM, no Node types), so it is declared here. This file belongs
 * to the contract's own build only: the app and the server check these modules against their own
 * declarations (lib.dom, @types/node).
 */
declare class URLSearchParams {
  constructor(init?: string);
  get(name: string): string | null;
  set(name: string, value: string): void;
  has(name: string): boolean;
  toString(): string;
}
