/** Public surface of the install-prompt feature. */
export { InstallPrompt } from './components/InstallPrompt';
export { captureInstallPrompt } from './install-prompt';
