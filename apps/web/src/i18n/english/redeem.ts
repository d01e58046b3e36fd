// The redeem namespace's English, loaded by every module that uses its keys (catalogues.test.ts checks it), so
// that it comes in the chunk of the code that shows it and never as a request of its own (decision 0052).
import messages from '../locales/en/redeem.json';
import { loadEnglish } from '../runtime';

loadEnglish(messages);
