// Step pictures are bundled (no CDN) and each its own file, fetched only when its step is shown.
import addToHomeScreen from './images/add-to-home-screen.svg?url&no-inline';
import arrangeIcon from './images/arrange-icon.svg?url&no-inline';
import browserMenu from './images/browser-menu.svg?url&no-inline';
import homeScreen from './images/home-screen.svg?url&no-inline';
import installApp from './images/install-app.svg?url&no-inline';
import listEntry from './images/list-entry.svg?url&no-inline';
import locationServices from './images/location-services.svg?url&no-inline';
import nameAndAdd from './images/name-and-add.svg?url&no-inline';
import openBrowser from './images/open-browser.svg?url&no-inline';
import openSettings from './images/open-settings.svg?url&no-inline';
import privacy from './images/privacy.svg?url&no-inline';
import shareButton from './images/share-button.svg?url&no-inline';
import switchOn from './images/switch-on.svg?url&no-inline';
import whileUsing from './images/while-using.svg?url&no-inline';

/** Spec 2.16: a step has a label, a header, an optional message and an image path. */
export interface GuideStep {
  label: string;
  header: string;
  message: string | null;
  image: string;
}

/** Spec 3 Built-in guide: category (mobile), code, question, icon, iOS steps, Android steps. */
export interface Guide {
  category: 'mobile';
  code: string;
  question: string;
  icon: string;
  ios: readonly GuideStep[];
  android: readonly GuideStep[];
}

export const ADD_PASS_GUIDE_CODE = 'how-to-add-pass-to-my-phone';
export const LOCATION_GUIDE_CODE = 'how-to-enable-location-services';

/** Numbers the steps: "Step 1" and so on. */
function steps(list: readonly Omit<GuideStep, 'label'>[]): GuideStep[] {
  return list.map((step, index) => ({ label: `Step ${index + 1}`, ...step }));
}

/** The two built-in guides of spec 2.16; an FAQ with the same code shows them. */
export const BUILT_IN_GUIDES: readonly Guide[] = [
  {
    category: 'mobile',
    code: ADD_PASS_GUIDE_CODE,
    question: 'How do I add the pass to my phone?',
    icon: 'mdi-cellphone-arrow-down',
    ios: steps([
      {
        header: 'Open the Share menu',
        message: 'With the pass open in Safari, tap the Share button (the square with an arrow pointing up).',
        image: shareButton,
      },
      {
        header: 'Tap Add to Home Screen',
        message: 'Scroll down the list of actions and tap Add to Home Screen.',
        image: addToHomeScreen,
      },
      {
        header: 'Name it and tap Add',
        message: 'Keep the suggested name or type your own, then tap Add.',
        image: nameAndAdd,
      },
      {
        header: 'Your pass is on your Home Screen',
        message: 'Open the pass from its icon any time, like any other app.',
        image: homeScreen,
      },
    ]),
    android: steps([
      {
        header: 'Open the Chrome menu',
        message: 'With the pass open in Chrome, tap the menu (three dots) at the top right.',
        image: browserMenu,
      },
      {
        header: 'Tap Install App',
        message: 'Tap Install app. On some phones it reads Add to Home screen.',
        image: installApp,
      },
      {
        header: 'Name it and tap Add',
        message: 'Keep the suggested name or type your own, then tap Add (or Install).',
        image: nameAndAdd,
      },
      {
        header: 'Arrange the icon',
        message: 'Touch and hold the new icon to move it where you want it on your Home screen.',
        image: arrangeIcon,
      },
    ]),
  },
  {
    category: 'mobile',
    code: LOCATION_GUIDE_CODE,
    question: 'How do I turn on location services?',
    icon: 'mdi-crosshairs-gps',
    ios: steps([
      {
        header: 'Open Settings',
        message: 'Open the Settings app on your iPhone or iPad.',
        image: openSettings,
      },
      { header: 'Tap Privacy & Security', message: null, image: privacy },
      { header: 'Tap Location Services', message: null, image: locationServices },
      {
        header: 'Turn Location Services on',
        message: 'Switch Location Services on at the top of the screen.',
        image: switchOn,
      },
      {
        header: 'Tap Safari Websites',
        message: 'Scroll down the list of apps and tap Safari Websites.',
        image: listEntry,
      },
      {
        header: 'Choose While Using the App',
        message: 'The pass can then find nearby stops and check you in while you use it.',
        image: whileUsing,
      },
    ]),
    android: steps([
      { header: 'Open Chrome', message: 'Open the Chrome app on your phone.', image: openBrowser },
      {
        header: 'Open the menu',
        message: 'Tap the menu (three dots) at the top right.',
        image: browserMenu,
      },
      { header: 'Tap Settings', message: null, image: openSettings },
      { header: 'Tap Site settings', message: null, image: listEntry },
      { header: 'Tap Location', message: null, image: locationServices },
      {
        header: 'Turn it On',
        message: 'Switch Location on, so sites such as the pass can ask where you are.',
        image: switchOn,
      },
    ]),
  },
];
