/**
 * Asks for a picture with high priority before the element that shows it exists, through a
 * <link rel="preload"> in the head (once per URL): the picture that will be the page's largest paint can
 * then load while the code and data that render it are still on their way.
 */
export function preloadImage(url: string): void {
  if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(url)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.href = url;
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}
