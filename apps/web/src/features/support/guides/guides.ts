import { i18next } from '../../../i18n';
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

/**
 * Spec 2.16: a step has a label, a header, an optional message and an image path. The texts are read in
 * the holder's language each time (getters over the support catalogue), so one guide object serves every
 * language and the page shows the language chosen now.
 */
export interface GuideStep {
  readonly label: string;
  readonly header: string;
  readonly message: string | null;
  readonly image: string;
}

/** Spec 3 Built-in guide: category (mobile), code, question, icon, iOS steps, Android steps. */
export interface Guide {
  readonly category: 'mobile';
  readonly code: string;
  readonly question: string;
  readonly icon: string;
  readonly ios: readonly GuideStep[];
  readonly android: readonly GuideStep[];
}

export const ADD_PASS_GUIDE_CODE = 'how-to-add-pass-to-my-phone';
export const LOCATION_GUIDE_CODE = 'how-to-enable-location-services';

/** A step's texts, each read from the catalogue when shown. */
interface StepTexts {
  header: () => string;
  message: (() => string) | null;
  image: string;
}

/** Numbers the steps: "Step 1" and so on. */
function steps(list: readonly StepTexts[]): GuideStep[] {
  return list.map(({ header, message, image }, index) => ({
    get label() {
      return i18next.t('support:stepLabel', { number: index + 1 });
    },
    get header() {
      return header();
    },
    get message() {
      return message ? message() : null;
    },
    image,
  }));
}

/** The two built-in guides of spec 2.16; an FAQ with the same code shows them. */
export const BUILT_IN_GUIDES: readonly Guide[] = [
  {
    category: 'mobile',
    code: ADD_PASS_GUIDE_CODE,
    get question() {
      return i18next.t('support:addPassQuestion');
    },
    icon: 'mdi-cellphone-arrow-down',
    ios: steps([
      {
        header: () => i18next.t('support:addPassIos1Header'),
        message: () => i18next.t('support:addPassIos1Message'),
        image: shareButton,
      },
      {
        header: () => i18next.t('support:addPassIos2Header'),
        message: () => i18next.t('support:addPassIos2Message'),
        image: addToHomeScreen,
      },
      {
        header: () => i18next.t('support:addPassIos3Header'),
        message: () => i18next.t('support:addPassIos3Message'),
        image: nameAndAdd,
      },
      {
        header: () => i18next.t('support:addPassIos4Header'),
        message: () => i18next.t('support:addPassIos4Message'),
        image: homeScreen,
      },
    ]),
    android: steps([
      {
        header: () => i18next.t('support:addPassAndroid1Header'),
        message: () => i18next.t('support:addPassAndroid1Message'),
        image: browserMenu,
      },
      {
        header: () => i18next.t('support:addPassAndroid2Header'),
        message: () => i18next.t('support:addPassAndroid2Message'),
        image: installApp,
      },
      {
        header: () => i18next.t('support:addPassAndroid3Header'),
        message: () => i18next.t('support:addPassAndroid3Message'),
        image: nameAndAdd,
      },
      {
        header: () => i18next.t('support:addPassAndroid4Header'),
        message: () => i18next.t('support:addPassAndroid4Message'),
        image: arrangeIcon,
      },
    ]),
  },
  {
    category: 'mobile',
    code: LOCATION_GUIDE_CODE,
    get question() {
      return i18next.t('support:locationQuestion');
    },
    icon: 'mdi-crosshairs-gps',
    ios: steps([
      {
        header: () => i18next.t('support:locationIos1Header'),
        message: () => i18next.t('support:locationIos1Message'),
        image: openSettings,
      },
      { header: () => i18next.t('support:locationIos2Header'), message: null, image: privacy },
      { header: () => i18next.t('support:locationIos3Header'), message: null, image: locationServices },
      {
        header: () => i18next.t('support:locationIos4Header'),
        message: () => i18next.t('support:locationIos4Message'),
        image: switchOn,
      },
      {
        header: () => i18next.t('support:locationIos5Header'),
        message: () => i18next.t('support:locationIos5Message'),
        image: listEntry,
      },
      {
        header: () => i18next.t('support:locationIos6Header'),
        message: () => i18next.t('support:locationIos6Message'),
        image: whileUsing,
      },
    ]),
    android: steps([
      {
        header: () => i18next.t('support:locationAndroid1Header'),
        message: () => i18next.t('support:locationAndroid1Message'),
        image: openBrowser,
      },
      {
        header: () => i18next.t('support:locationAndroid2Header'),
        message: () => i18next.t('support:locationAndroid2Message'),
        image: browserMenu,
      },
      { header: () => i18next.t('support:locationAndroid3Header'), message: null, image: openSettings },
      { header: () => i18next.t('support:locationAndroid4Header'), message: null, image: listEntry },
      { header: () => i18next.t('support:locationAndroid5Header'), message: null, image: locationServices },
      {
        header: () => i18next.t('support:locationAndroid6Header'),
        message: () => i18next.t('support:locationAndroid6Message'),
        image: switchOn,
      },
    ]),
  },
];
