/** Public surface of the support feature (Common Questions, Need Help, suggestions, the support chat). */
export { useSuggestionForm, useSupportChat } from './components/launchers';
export {
  type SupportChatContext,
  type SupportChatWidget,
  setSupportChatWidget,
  supportChatContext,
} from './support-chat';
