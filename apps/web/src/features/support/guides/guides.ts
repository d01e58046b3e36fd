import { translate } from '../../../i18n';
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
      return translate('support:stepLabel', { number: index + 1 });
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
      return translate('support:addPassQuestion');
    },
    icon: 'mdi-cellphone-arrow-down',
    ios: steps([
      {
        header: () => translate('support:addPassIos1Header'),
        message: () => translate('support:addPassIos1Message'),
        image: shareButton,
      },
      {
        header: () => translate('support:addPassIos2Header'),
        message: () => translate('support:addPassIos2Message'),
        image: addToHomeScreen,
      },
      {
        header: () => translate('support:addPassIos3Header'),
        message: () => translate('support:addPassIos3Message'),
        image: nameAndAdd,
      },
      {
        header: () => translate('support:addPassIos4Header'),
        message: () => translate('support:addPassIos4Message'),
        image: homeScreen,
      },
    ]),
    android: steps([
      {
        header: () => translate('support:addPassAndroid1Header'),
        message: () => translate('support:addPassAndroid1Message'),
        image: browserMenu,
      },
      {
        header: () => translate('support:addPassAndroid2Header'),
        message: () => translate('support:addPassAndroid2Message'),
        image: installApp,
      },
      {
        header: () => translate('support:addPassAndroid3Header'),
        message: () => translate('support:addPassAndroid3Message'),
        image: nameAndAdd,
      },
      {
        header: () => translate('support:addPassAndroid4Header'),
        message: () => translate('support:addPassAndroid4Message'),
        image: arrangeIcon,
      },
    ]),
  },
  {
    category: 'mobile',
    code: LOCATION_GUIDE_CODE,
    get question() {
      return translate('support:locationQuestion');
    },
    icon: 'mdi-crosshairs-gps',
    ios: steps([
      {
        header: () => translate('support:locationIos1Header'),
        message: () => translate('support:locationIos1Message'),
        image: openSettings,
      },
      { header: () => translate('support:locationIos2Header'), message: null, image: privacy },
      { header: () => translate('support:locationIos3Header'), message: null, image: locationServices },
      {
        header: () => translate('support:locationIos4Header'),
        message: () => translate('support:locationIos4Message'),
        image: switchOn,
      },
      {
        header: () => translate('support:locationIos5Header'),
        message: () => translate('support:locationIos5Message'),
        image: listEntry,
      },
      {
        header: () => translate('support:locationIos6Header'),
        message: () => translate('support:locationIos6Message'),
        image: whileUsing,
      },
    ]),
    android: steps([
      {
        header: () => translate('support:locationAndroid1Header'),
        message: () => translate('support:locationAndroid1Message'),
        image: openBrowser,
      },
      {
        header: () => translate('support:locationAndroid2Header'),
        message: () => translate('support:locationAndroid2Message'),
        image: browserMenu,
      },
      { header: () => translate('support:locationAndroid3Header'), message: null, image: openSettings },
      { header: () => translate('support:locationAndroid4Header'), message: null, image: listEntry },
      { header: () => translate('support:locationAndroid5Header'), message: null, image: locationServices },
      {
        header: () => translate('support:locationAndroid6Header'),
        message: () => translate('support:locationAndroid6Message'),
        image: switchOn,
      },
    ]),
  },
];
